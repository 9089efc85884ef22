/**
 * The HTTP layer both clients share: one ky instance per client, carrying the SDK's policy.
 *
 * - `retry.shouldRetry` (policy.ts) decides by the route's idempotency, retries any route when
 *   nothing was sent, asks the credential what a 401 means, and ends a call rather than wait past
 *   its deadline or a Retry-After beyond `maxRetryAfter`; `retry.delay` waits what it decided.
 * - `timeout` bounds each attempt and `totalTimeout` the call; the fetch ky calls (attempt.ts) reads
 *   the body, so both cover it and a body cut off midway is retried only for idempotent routes.
 * - That fetch follows redirects by hand (redirects.ts): credentials never cross origins.
 * - `beforeRequest` authorizes the first attempt and `beforeRetry` each later one (a fresh OAuth
 *   nonce, a renewed token); `beforeError` turns every failure into the typed, redacted error.
 * The caller's ky hooks run after the SDK's. Nothing here knows either API's routes.
 */
import ky, { type BeforeErrorState, type BeforeRequestState, type BeforeRetryState, type KyInstance, type Options } from 'ky';
import { isMagekitError, PermissionError, TimeoutError, type HttpError, type MagekitError, type Service } from '../errors.ts';
import { createAttemptFetch } from './attempt.ts';
import { parseBody } from './body.ts';
import { CALL, type Call } from './call.ts';
import { abortError, classify, type ClassifyContext } from './classify.ts';
import type { SendRequest, SendResult, TransportOptions } from './options.ts';
import { resolveRetry, shouldRetry, type RetryContext } from './policy.ts';

/** setTimeout's limit (about 24.8 days); ky refuses a longer timeout. Written out: `2 ** 31 - 1` is kept by bundlers even where unused. */
const MAX_TIMER = 2_147_483_647;
/** Every method reaches shouldRetry, which decides by the route, not by the method. */
const ALL_METHODS = ['get', 'post', 'put', 'delete', 'patch'];

export interface Transport {
  send<T = unknown>(request: SendRequest): Promise<SendResult<T>>;
  readonly service: Service;
  /** Headers every later request carries (a credential that never changes), merged once. */
  addStaticHeaders(headers: Record<string, string>): void;
}

export function createTransport(options: TransportOptions): Transport {
  const { service, redactor } = options;
  const clientRetry = resolveRetry(options.retry);
  const hooks = options.hooks ?? {};
  // The caller's hooks that ky runs on a first attempt (and races against totalTimeout).
  const callerHooks = !!(hooks.beforeRequest || hooks.afterResponse);
  // The defaults: 2 minutes an attempt, 10 minutes a call.
  const clientTimeout = options.timeout ?? 120_000;
  const clientTotal = options.totalTimeout ?? 600_000;
  // Headers that do not change between calls are merged once.
  let staticHeaders: Record<string, string> = { accept: 'application/json', ...lowerKeys(options.headers) };
  let jsonHeaders: Record<string, string> = { ...staticHeaders, 'content-type': 'application/json' };
  const classifying: ClassifyContext = { service, redactor, httpError: options.httpError };
  const retryContext: RetryContext = { redactor, permissionError: options.permissionError ?? ((error) => error) };
  let lastProtected: string | undefined;

  /**
   * Every token an attempt carries is a secret of this client. An OAuth signature is not (it is
   * new each time): integration() registers the four OAuth values when it is bound.
   */
  function protect(authorization: string | null): void {
    const credential = authorization?.startsWith('OAuth ') ? undefined : authorization?.replace(/^\w+\s+/, '');
    if (credential === undefined || credential === lastProtected) return;
    lastProtected = credential;
    redactor.add(credential);
  }

  /** Synchronous when the credential is (a signature made on the spot): nothing to wait for then. */
  function authorize(call: Call, request: Request): Promise<void> | undefined {
    if (!call.credential) return undefined;
    const pending = call.credential.authorize(request, call.request.signal);
    const done = () => protect(request.headers.get('authorization'));
    return pending ? waitForSignIn(pending, call).then(done) : void done();
  }

  /**
   * The wait for a sign-in (which other calls may share, and which carries on) is bounded like an
   * attempt: by the caller's signal, the attempt's timeout and the call's deadline. ky itself only
   * races its hooks against totalTimeout.
   */
  function waitForSignIn(pending: Promise<void>, call: Call): Promise<void> {
    const signal = call.request.signal;
    const ms = Math.min(call.timeout, call.deadlineAt - performance.now());
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const stop = () => (clearTimeout(timer), signal?.removeEventListener('abort', aborted));
      const fail = (error: unknown) => {
        stop();
        // This caller stops waiting; the sign-in itself carries on for the others.
        pending.catch(() => undefined);
        reject(error);
      };
      const aborted = () => fail(signal!.reason);
      if (signal?.aborted) return aborted();
      signal?.addEventListener('abort', aborted, { once: true });
      if (ms < MAX_TIMER) {
        timer = setTimeout(() => {
          const url = redactor.text(call.request.url);
          fail(new TimeoutError(`${call.method} ${url} timed out waiting for the sign-in: no credential within the timeout. Raise the timeout option if the token route is slow.`, { service, method: call.method, url }));
        }, ms);
      }
      pending.then(() => (stop(), resolve()), fail);
    });
  }

  function typed(error: unknown, call: Call): MagekitError {
    if (call.final) return redactor.error(call.final);
    if (call.request.signal?.aborted && !(error instanceof PermissionError)) return redactor.error(abortError(call, redactor, service));
    const failure = classify(error, call, classifying);
    // A 401 after the renewal ends the call here: ky has no retry left to ask shouldRetry about it.
    if (failure.reason === 'unauthorized' && call.renewed) return redactor.error(retryContext.permissionError(failure.error as HttpError));
    return redactor.error(failure.error);
  }

  const defaultFirstTimeout = firstAttemptTimeout(Math.min(clientTimeout, MAX_TIMER), clientTotal);
  const attemptFetch = createAttemptFetch({ service, redactor, hooks, fetch: () => options.fetch ?? globalThis.fetch, sendsCallBody: !(options.fetch || hooks.beforeRequest), hooksReadResponses: !!hooks.afterResponse?.length }) as typeof fetch;

  /**
   * `first`: the instance every first attempt goes through, with `retry: 0`. ky 2 clones the Request
   * of every attempt it may retry (`retry.limit > 0`): a Request with its abort wiring, and a tee of
   * a body, on calls that almost always succeed. Its `beforeRequest` authorizes the first attempt
   * for a credential that authorizes each attempt (tokens, OAuth; set up on the first such call). A
   * failure the policy retries leaves its `beforeError` by throwing the call itself, before the
   * caller's hooks see it, and the call continues on the retrying instance, with the policy as ky's `retry`: its first
   * fetch throws that failure back (attempt.ts), so ky's own retry path (the wait, `beforeRetry`,
   * later attempts, `beforeError`) runs as in one ky call.
   */
  function createKy(first: boolean, authorizing?: boolean): KyInstance {
    return ky.create({
      ...(first && { retry: 0, timeout: defaultFirstTimeout }),
      redirect: 'manual',
      fetch: attemptFetch,
      hooks: {
        beforeRequest: [...(authorizing ? [(state: BeforeRequestState) => authorize(callOf(state), state.request)] : []), ...((first && hooks.beforeRequest) || [])],
        beforeRetry: [
          async (state: BeforeRetryState) => {
            const call = callOf(state);
            // The hook sees the error before it is thrown: remove this client's secrets first (an HTML
            // 500 that echoes the request would otherwise hand its token to a logger).
            hooks.onRetry?.({ method: call.method, url: redactor.text(call.request.url), attempt: call.attempt + 1, waitedMs: call.nextDelay ?? 0, error: redactor.error(call.failure?.error ?? state.error) });
            await authorize(call, state.request);
          },
          ...(hooks.beforeRetry ?? []),
        ],
        afterResponse: hooks.afterResponse ?? [],
        beforeError: [
          (state: BeforeErrorState) => {
            const { error } = state;
            const call = callOf(state);
            // The first attempt's own failure (thrown while it was under way, or a ky error naming its
            // Request), not a hook's: what ky would have asked shouldRetry about.
            if (first && call.sent && (!call.response || (error as { request?: unknown }).request === call.sent) && decide(call, error)) {
              // Thrown past the caller's beforeError hooks to send(), which continues the call.
              call.replay = error;
              throw call;
            }
            return typed(error, call);
          },
          ...(hooks.beforeError ?? []),
        ],
      },
    });
  }
  const retrying = createKy(false);
  let first = createKy(true);
  let authorizing = false;

  async function send<T>(request: SendRequest): Promise<SendResult<T>> {
    const policy = request.retry === undefined ? clientRetry : resolveRetry(request.retry, clientRetry);
    const total = request.totalTimeout ?? clientTotal;
    const body = request.json !== undefined ? JSON.stringify(request.json) : request.body;
    const timeout = Math.min(request.timeout ?? clientTimeout, MAX_TIMER);
    const call: Call = {
      request,
      method: request.method,
      policy,
      idempotent: request.idempotent || policy.methods.includes(request.method),
      body,
      timeout,
      deadlineAt: total === false ? Infinity : performance.now() + total,
      credential: request.credential,
      authorization: null,
      attempt: 0,
      attemptStartedAt: 0,
      retries: 0,
    };
    const signal = request.signal;
    if (signal?.aborted) throw redactor.error(abortError(call, redactor, service));
    if (request.credential && !authorizing) {
      // The first call with a per-attempt credential: from now on first attempts are authorized.
      authorizing = true;
      first = createKy(true, true);
    }
    const base = request.json !== undefined ? jsonHeaders : staticHeaders;
    // Only the options that differ from the first instance's: ky copies its whole options object
    // once per key it merges into it, on every call.
    const kyOptions: Record<string, unknown> = { method: request.method, headers: request.headers ? { ...base, ...lowerKeys(request.headers) } : base, [CALL]: call };
    if (body !== undefined) kyOptions.body = body;
    if (signal) kyOptions.signal = signal;
    const firstTimeout = firstAttemptTimeout(timeout, total);
    if (firstTimeout !== defaultFirstTimeout) kyOptions.timeout = firstTimeout;
    // ky races each hook it runs against totalTimeout (a timer and three promises a hook): only the
    // caller's hooks need that; the SDK's own sign-in wait is bounded by waitForSignIn.
    if (callerHooks && total) kyOptions.totalTimeout = Math.min(total, MAX_TIMER);
    let response: Response;
    try {
      response = await first(request.url, kyOptions as Options);
    } catch (error) {
      if (error !== call) throw untyped(error, call);
      // The policy retries the first attempt's failure (call.replay): the call continues on the
      // retrying instance, from the request that attempt sent (a beforeRequest hook's headers kept),
      // with the policy as ky's retry and what is left of the deadline.
      const sent = call.sent!;
      const failure = call.replay;
      Object.assign(kyOptions, {
        headers: sent.headers,
        timeout,
        totalTimeout: total === false ? false : Math.max(1, Math.min(call.deadlineAt - performance.now(), MAX_TIMER)),
        retry: {
          // One more for the renewal a 401 may earn; shouldRetry holds transient retries to the policy.
          limit: policy.limit + (request.credential ? 1 : 0),
          methods: ALL_METHODS,
          // The first attempt's failure was decided already (beforeError).
          shouldRetry: ({ error }: { error: Error }) => error === failure || decide(call, error),
          delay: () => call.nextDelay,
        },
      });
      try {
        response = await retrying(sent.url, kyOptions as Options);
      } catch (error) {
        throw untyped(error, call);
      }
    }
    if (call.authorization) call.credential?.accepted?.(call.authorization);
    // A Response an afterResponse hook put in place is read here.
    const text = response === call.response ? call.text! : await response.text();
    try {
      return { status: response.status, headers: response.headers, data: parseBody<T>(text, response, request.expect ?? 'json', { service, redactor, method: request.method, url: request.url, issuesCredential: request.issuesCredential }) };
    } catch (error) {
      throw redactor.error(error);
    }
  }

  /** Errors ky does not pass to beforeError (a beforeRetry hook's) are typed here. */
  function untyped(error: unknown, call: Call): unknown {
    return isMagekitError(error) && !call.final ? error : typed(error, call);
  }

  function decide(call: Call, error: Error): boolean {
    if (call.request.signal?.aborted) return false;
    const failure = classify(error, call, classifying);
    call.failure = { from: error, error: failure.error };
    return shouldRetry(call, failure, retryContext);
  }

  return {
    send,
    service,
    addStaticHeaders(extra) {
      staticHeaders = { ...staticHeaders, ...lowerKeys(extra) };
      jsonHeaders = { ...staticHeaders, 'content-type': 'application/json' };
    },
  };
}


/** The first attempt ends at its timeout or the call's deadline, whichever comes first. */
function firstAttemptTimeout(timeout: number, total: number | false): number {
  return Math.min(timeout, total || timeout);
}

function callOf(state: { options: unknown }): Call {
  return (state.options as Record<string, Call>)[CALL]!;
}

function lowerKeys(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers ?? {})) out[key.toLowerCase()] = value;
  return out;
}
