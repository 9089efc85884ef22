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

export interface AttemptContext extends RedirectContext {
  redactor: Redactor;
  /** The fetch to call: the client's, or the global one at request time (so interceptors apply). */
  fetch: () => typeof fetch;
  /** Whether ky hooks (afterResponse) will clone and read responses: they need a readable body. */
  hooksReadResponses: boolean;
}

type AttemptInit = { [CALL]: Call };

/**
 * ky hands the fetch the call (an option it does not know) and nothing else: every other option
 * send() gives ky is one of ky's or the Request's own.
 */
export function createAttemptFetch(context: AttemptContext): (request: Request, init: AttemptInit) => Promise<Response> {
  return (request, init) => {
    const fetchImpl = context.fetch();
    const call = init[CALL];
    const replay = call.replay;
    if (replay) {
      // The first attempt's failure, handed to the retrying instance's retry path (send.ts).
      call.replay = undefined;
      return Promise.reject(replay);
    }
    call.attempt += 1;
    call.attemptStartedAt = performance.now();
    call.sent = request;
    call.response = undefined;
    if (call.credential) call.authorization = request.headers.get('authorization');
    return attempt(fetchImpl, request, call, context);
  };
}

async function attempt(fetchImpl: typeof fetch, request: Request, call: Call, context: AttemptContext): Promise<Response> {
  const response = await fetchFollowing(fetchImpl, request, call, context);
  let text: string;
  let bound: Omit<BoundedBody, 'text'> | undefined;
  try {
    if (response.ok) {
      // ky's timer ends the attempt at its timeout whatever the body does; the platform's fetch also
      // ends the body stream then (its body follows the request's signal).
      if (request.signal.aborted) throw request.signal.reason;
      text = await response.text();
    }
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
  // A success goes back as it came (its text kept on the call), unless ky hooks will read it again;
  // an error status gets a fresh Response, whose body ky reads for HTTPError.data.
  const fresh = !response.ok || context.hooksReadResponses;
  const result = fresh ? new Response(NULL_BODY.has(response.status) ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers }) : response;
  call.response = result;
  call.text = text;
  call.bound = bound;
  return result;
}
