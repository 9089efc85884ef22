/**
 * Turns whatever ended an attempt (ky's HTTPError, TimeoutError or NetworkError, a body cut off,
 * the caller's abort, an error of our own) into the SDK's typed error, and says what the retry
 * policy needs to know about it: did the request certainly not leave, may it have reached the
 * server, is it final.
 */
import { HTTPError as KyHttpError } from 'ky';
import { AbortError, NetworkError, TimeoutError, isMagekitError, type HttpError, type MagekitError, type Service } from '../errors.ts';
import type { Redactor } from '../redact.ts';
import { excerpt } from '../bounded-body.ts';
import { BodyReadFailure } from './attempt.ts';
import type { Call } from './call.ts';
import { parseRetryAfter } from './policy.ts';
import type { ErrorContext } from './options.ts';

export interface Failure {
  error: MagekitError;
  /**
   * - status: the server answered with an error status
   * - unauthorized: a 401 to a request that carried a credential (the credential decides)
   * - not-sent: the connection never opened, nothing left this machine
   * - may-have-reached: the request may have been applied (a reset, a cut-off body, a timeout)
   * - final: never retried (the caller aborted, the deadline passed, a redirect refused...)
   */
  reason: 'status' | 'unauthorized' | 'not-sent' | 'may-have-reached' | 'final';
  status?: number;
  retryAfterMs?: number;
}

export interface ClassifyContext {
  service: Service;
  redactor: Redactor;
  httpError: (status: number, body: unknown, context: ErrorContext) => HttpError;
}

/** Connection errors that happen before a single byte of the request left. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

export function classify(raw: unknown, call: Call, context: ClassifyContext): Failure {
  if (call.failure !== undefined && call.failure.from === raw) return { error: call.failure.error, reason: 'final' };
  const { service, redactor } = context;
  const { method } = call;
  const url = redactor.text(call.request.url);
  const base = { service, method, url };
  if (call.request.signal?.aborted) return { error: abortError(call, redactor, service), reason: 'final' };
  if (isMagekitError(raw)) return { error: raw, reason: 'final' };
  if (raw instanceof KyHttpError) return httpFailure(raw, call, context, url);
  // ky's TimeoutError, the platform's abort by ky's timer, either inside a body cut off.
  if (isTimeoutAbort(raw)) {
    const reading = raw instanceof BodyReadFailure ? ' while reading the response body' : '';
    // The call's deadline ended it (never retried), or the attempt's own timeout (retried if idempotent).
    const deadline = performance.now() >= call.deadlineAt - 1 || call.deadlineAt - call.attemptStartedAt <= call.timeout;
    const why = deadline ? "the call's deadline (totalTimeout) passed. Raise totalTimeout" : 'no complete response within the timeout. Raise the timeout option';
    return { error: new TimeoutError(`${method} ${url} timed out${reading}: ${why} if the installation is slow.`, withFate(base, call)), reason: deadline ? 'final' : 'may-have-reached' };
  }
  const reading = raw instanceof BodyReadFailure;
  const cause = reading ? raw.cause : raw;
  if (!reading && notSent(cause)) {
    return { error: new NetworkError(`${method} ${url} failed before any response: ${describeCause(cause)}. Nothing was sent.`, { ...base, fate: 'not-sent', cause: unwrap(cause) }), reason: 'not-sent' };
  }
  if (cause instanceof TypeError || (cause instanceof Error && (causeCode(cause) !== undefined || cause.name === 'NetworkError'))) {
    const what = reading ? 'failed: the connection closed before the whole response body arrived' : 'failed before any response';
    return { error: new NetworkError(`${method} ${url} ${what}: ${describeCause(cause)}.`, { ...withFate(base, call), cause: unwrap(cause) }), reason: 'may-have-reached' };
  }
  return { error: raw instanceof Error ? (raw as MagekitError) : new NetworkError(String(raw), base), reason: 'final' };
}

function httpFailure(raw: KyHttpError, call: Call, context: ClassifyContext, url: string): Failure {
  const status = raw.response.status;
  // The attempt's own buffered text, unless an afterResponse hook put another Response in place.
  const ours = raw.response === call.response;
  // This client's secrets go before anything is cut from the text (a cut could halve one and hide it).
  const text = context.redactor.text(ours ? call.text! : typeof raw.data === 'string' ? raw.data : raw.data === undefined ? '' : JSON.stringify(raw.data));
  const read = (ours && call.bound) || { complete: true, unreadBytes: 0 };
  const retryAfterMs = parseRetryAfter(raw.response.headers.get('retry-after'));
  // A body cut at the bound is not parsed: its start is kept as text, and messages quote it saying
  // how much was left out.
  const quote = (said: string, max?: number) => excerpt(said, max, read);
  const error = context.httpError(status, read.complete ? parseMaybeJson(text) : text, { service: context.service, method: call.method, url, quote });
  if (!read.complete) setField(error, 'bodyTruncated', true);
  if (retryAfterMs !== undefined) setField(error, 'retryAfterMs', retryAfterMs);
  // A gateway's 502/504 says nothing about whether the server behind it applied the write.
  if (!call.idempotent && (status === 502 || status === 504)) {
    setField(error, 'fate', 'unknown');
    setField(error, 'hint', error.hint ? `${error.hint} ${unknownHint(call)}` : unknownHint(call));
  }
  const retryable = call.idempotent && call.policy.statusCodes.includes(status);
  if (retryable && retryAfterMs !== undefined && retryAfterMs > call.policy.maxRetryAfter) describeLongWait(error, retryAfterMs, call.policy.maxRetryAfter);
  const reason = status === 401 && call.credential !== undefined && (error.kind === 'auth' || error.kind === 'http') ? 'unauthorized' : 'status';
  return { error, reason, status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
}

export function abortError(call: Call, redactor: Redactor, service: Service): AbortError {
  const url = redactor.text(call.request.url);
  return new AbortError(`${call.method} ${url} was aborted by the caller.`, { service, method: call.method, url, cause: call.request.signal?.reason });
}

function withFate(base: { service: Service; method: string; url: string }, call: Call) {
  if (call.idempotent || call.method === 'GET') return base;
  return { ...base, fate: 'unknown' as const, hint: unknownHint(call) };
}

function unknownHint(call: Call): string {
  return (
    call.request.unknownOutcomeHint ?? 'It may have reached the server and been applied; it was not repeated (the route is not idempotent). Look the record up before sending it again.'
  );
}

function describeLongWait(error: HttpError, waitMs: number, cap: number): void {
  const hint = `The server asked to wait ${formatMs(waitMs)} before trying again, longer than retry.maxRetryAfter (${formatMs(cap)}); not retried. Try again later, or raise maxRetryAfter.`;
  setField(error, 'message', `${error.message.replace(/[.\s]+$/, '')}. ${hint}`);
  setField(error, 'hint', hint);
}

/** An attempt aborted by its own timer (ky aborts the request when the attempt's time is up). */
function isTimeoutAbort(error: unknown): boolean {
  const cause = error instanceof BodyReadFailure ? error.cause : error;
  return cause instanceof Error && cause.name === 'TimeoutError';
}

/** ky wraps the platform's network TypeError; the typed error keeps the platform's one as cause. */
function unwrap(error: unknown): unknown {
  return error instanceof Error && error.name === 'NetworkError' && error.cause instanceof Error ? error.cause : error;
}

/** An error and its causes, at most five deep. */
function causes(error: unknown): { code?: unknown; message?: unknown }[] {
  const out = [];
  for (let current = error; current && typeof current === 'object' && out.length < 5; current = (current as { cause?: unknown }).cause) out.push(current);
  return out;
}

/** A connection that never opened (refused, no such host, a port fetch refuses): nothing was sent. */
function notSent(error: unknown): boolean {
  const code = causeCode(error);
  return code === undefined ? causes(error).some((e) => e.message === 'bad port') : NOT_SENT.has(code);
}

function causeCode(error: unknown): string | undefined {
  return causes(error).find((e) => typeof e.code === 'string')?.code as string | undefined;
}

function describeCause(error: unknown): string {
  const platform = unwrap(error);
  const cause = (platform as { cause?: unknown })?.cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: string }).code;
    return code ? `${cause.message} (${code})` : cause.message;
  }
  return platform instanceof Error ? platform.message : String(platform);
}

function parseMaybeJson(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function setField(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: key !== 'message' });
}

function formatMs(ms: number): string {
  if (ms >= 3_600_000) return `${Math.round(ms / 360_000) / 10} h`;
  if (ms >= 60_000) return `${Math.round(ms / 6_000) / 10} min`;
  if (ms >= 1_000) return `${Math.round(ms / 100) / 10} s`;
  return `${Math.round(ms)} ms`;
}
