/**
 * The fetch the client's ky instance calls, once per attempt: it records the credential the attempt
 * carries, follows redirects by the SDK's rules, and reads the whole body before returning, so the
 * attempt's timer (ky's `timeout`, bounded by `totalTimeout`) covers the body and a body cut off
 * midway fails the attempt, where ky's retry policy sees it, instead of failing later outside it.
 */
import type { Redactor } from '../redact.ts';
import { CALL, type Call } from './call.ts';
import { fetchFollowing, type RedirectContext } from './redirects.ts';
import { readBoundedText, type BoundedBody } from '../bounded-body.ts';

/** A body that failed to arrive in full: the request may have been applied. */
export class BodyReadFailure extends Error {
  constructor(cause: unknown) {
    super('the connection closed before the whole response body arrived', { cause });
    this.name = 'BodyReadFailure';
  }
}

/** Statuses whose Response may not carry a body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** Error responses this fetch buffered (a success's text travels on the call). */
const texts = new WeakMap<Response, string>();
const bounds = new WeakMap<Response, Omit<BoundedBody, 'text'>>();

/** The text of an error response this fetch buffered (undefined for one a ky hook replaced). */
export function bufferedText(response: Response): string | undefined {
  return texts.get(response);
}

/** How much of an error response's body was read (error bodies are read up to MAX_ERROR_BODY_BYTES). */
export function bufferedBound(response: Response): Omit<BoundedBody, 'text'> | undefined {
  return bounds.get(response);
}

export interface AttemptContext extends RedirectContext {
  redactor: Redactor;
  /** The fetch to call: the client's, or the global one at request time (so interceptors apply). */
  fetch: () => typeof fetch;
  /** Whether that fetch is the platform's, whose body stream ends when the request's signal aborts. */
  platformFetch: boolean;
  /** Whether ky hooks (afterResponse) will clone and read responses: they need a readable body. */
  hooksReadResponses: boolean;
}

type AttemptInit = RequestInit & { [CALL]?: Call };

export function createAttemptFetch(context: AttemptContext): (request: Request, init?: AttemptInit) => Promise<Response> {
  return (request, init) => {
    const fetchImpl = context.fetch();
    const call = init?.[CALL];
    // ky called without the SDK (never from send()): nothing to apply.
    if (!call) return fetchImpl(request, init);
    const replay = call.replay;
    if (replay) {
      // The first attempt's failure, handed to the retrying instance's retry path (send.ts).
      call.replay = undefined;
      return Promise.reject(replay);
    }
    call.attempt += 1;
    call.attemptStartedAt = performance.now();
    call.sent = request;
    if (call.credential) call.authorization = request.headers.get('authorization');
    return attempt(fetchImpl, request, init, call, context);
  };
}

async function attempt(fetchImpl: typeof fetch, request: Request, init: AttemptInit, call: Call, context: AttemptContext): Promise<Response> {
  let response: Response;
  let text: string;
  let bound: Omit<BoundedBody, 'text'> | undefined;
  try {
    response = await fetchFollowing(fetchImpl, request, forwarded(init), call, context);
    try {
      if (response.ok) text = context.platformFetch && !request.signal.aborted ? await response.text() : await readText(response, request.signal);
      else {
        // Bounded: a 30 MB error page is not buffered, and its error stays small (bounded-body.ts).
        const read = await readBoundedText(response, request.signal);
        ({ text } = read);
        bound = { complete: read.complete, unreadBytes: read.unreadBytes };
      }
    } catch (error) {
      // Aborted: ky's timer or the caller ended the attempt, and ky reports which.
      throw request.signal.aborted ? error : new BodyReadFailure(error);
    }
  } catch (error) {
    // Remembered so send() can tell this attempt's failures from a hook's.
    call.thrown = error;
    throw error;
  }
  // A success goes back as it came (its text kept on the call), unless ky hooks will read it again;
  // an error status gets a fresh Response, whose body ky reads for HTTPError.data.
  const fresh = !response.ok || context.hooksReadResponses;
  const result = fresh ? new Response(NULL_BODY.has(response.status) ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers }) : response;
  if (response.ok) {
    call.response = result;
    call.text = text;
  } else {
    texts.set(result, text);
    bounds.set(result, bound!);
  }
  return result;
}

/** The options ky forwards to fetch besides the call (a dispatcher, say), or none. */
function forwarded(init: AttemptInit): RequestInit | undefined {
  let rest: Record<string, unknown> | undefined;
  for (const key in init) {
    if (key === CALL) continue;
    (rest ??= {})[key] = (init as Record<string, unknown>)[key];
  }
  return rest as RequestInit | undefined;
}

/**
 * Reads a body under the attempt's signal. The platform's fetch ties the body stream to the
 * request's signal (Node, Deno, Bun, browsers), and its body is read with text() directly; the race
 * is for custom fetch implementations, which may not.
 */
async function readText(response: Response, signal: AbortSignal): Promise<string> {
  if (signal.aborted) throw signal.reason;
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([response.text(), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort!);
  }
}
