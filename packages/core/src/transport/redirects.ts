/**
 * The redirect policy, applied by the fetch ky calls: requests go out with `redirect: 'manual'`;
 * a same-origin redirect is followed here, credentials kept; one to another origin is followed only
 * by a request that carries nothing secret (no Authorization, cookie or API key header, no body,
 * no secret-named query parameter), so a token, a signature or a password never reaches a host the
 * caller did not name. ky cannot express this: its redirects are the platform's, which forward a
 * body to any origin on a 307/308.
 */
import { RedirectError, type Service } from '../errors.ts';
import { isSecretKey, type Redactor } from '../redact.ts';
import type { Call } from './call.ts';
import type { HttpMethod, TransportHooks } from './options.ts';

const MAX_REDIRECTS = 5;
const REDIRECT = new Set([301, 302, 303, 307, 308]);

export interface RedirectContext {
  service: Service;
  redactor: Redactor;
  hooks: TransportHooks;
  /**
   * Whether a string body is handed to fetch as it is, with the Request's headers and signal, rather
   * than inside ky's Request: for the platform's fetch when no caller hook can have replaced that
   * Request. Handed a Request with a body, fetch pipes the body through a new stream per request.
   */
  sendsCallBody: boolean;
}

/** One attempt: `request` sent, and same-origin redirects followed, up to five hops. */
export async function fetchFollowing(fetchImpl: typeof fetch, request: Request, call: Call, context: RedirectContext): Promise<Response> {
  const { hooks, redactor } = context;
  let current = request;
  let url = request.url;
  let method: HttpMethod = call.method;
  let payload = call.body;
  for (let hop = 0; ; hop++) {
    const started = hooks.onResponse ? performance.now() : 0;
    hooks.onRequest?.({ method, url: redactor.text(url), headers: redactor.headers(current.headers), attempt: call.attempt });
    const response = await (context.sendsCallBody && typeof payload === 'string' ? fetchImpl(url, { method, headers: current.headers, body: payload, signal: request.signal, redirect: 'manual' }) : fetchImpl(current));
    hooks.onResponse?.({ method, url: redactor.text(url), status: response.status, attempt: call.attempt, durationMs: performance.now() - started });
    if (response.type === 'opaqueredirect') {
      // A browser hides the target of a manual redirect: it cannot be checked, so it is not followed.
      throw redirectError(call, context, 0, undefined, 'the browser does not reveal where');
    }
    if (!REDIRECT.has(response.status)) return response;
    const location = response.headers.get('location');
    if (!location) return response;
    await response.body?.cancel().catch(() => undefined);
    const target = new URL(location, url);
    if (target.origin !== new URL(url).origin && carriesCredentials(current.headers, url, payload)) {
      throw redirectError(call, context, response.status, target.href, `it carries credentials, which must not go to ${target.origin}`);
    }
    if (hop >= MAX_REDIRECTS) throw redirectError(call, context, response.status, target.href, `more than ${MAX_REDIRECTS} redirects`);
    // The fetch standard's rule: 303, and 301/302 after a POST, continue as a GET without a body.
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = 'GET';
      payload = undefined;
      current.headers.delete('content-type');
    }
    url = target.href;
    current = new Request(url, { method, headers: current.headers, body: payload ?? null, signal: request.signal, redirect: 'manual' });
  }
}

function redirectError(call: Call, context: RedirectContext, status: number, location: string | undefined, why: string): RedirectError {
  const { redactor, service } = context;
  const url = redactor.text(call.request.url);
  const where = location === undefined ? 'another address' : redactor.text(location);
  const hint = 'Point baseUrl at the address it redirects to (often https:// or a www. host).';
  return new RedirectError(`${call.method} ${url} was redirected (${status || 'opaque'}) to ${where}; not followed because ${why}. ${hint}`, {
    service,
    status,
    method: call.method,
    url,
    hint,
    fate: 'not-sent',
    location: location && redactor.text(location),
  });
}

/**
 * Whether following a redirect to another origin would hand over credentials: an Authorization or
 * cookie header, a body (token requests and PUT users carry passwords in it), or a secret-named
 * query parameter (an OAuth signature, a token).
 */
function carriesCredentials(headers: Headers, url: string, body: BodyInit | undefined): boolean {
  if (body !== undefined && body !== null) return true;
  if (headers.has('authorization') || headers.has('cookie') || headers.has('x-api-key')) return true;
  for (const key of new URL(url).searchParams.keys()) if (isSecretKey(key)) return true;
  return false;
}
