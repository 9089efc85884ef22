/**
 * One call's state, shared by the pieces ky runs for it (the attempt fetch, shouldRetry, the hooks):
 * what was asked, the policy that applies, and what the attempts so far have learned.
 */
import type { BoundedBody } from '../bounded-body.ts';
import type { Credential } from '../credential.ts';
import type { MagekitError } from '../errors.ts';
import type { HttpMethod, RetryPolicy, SendRequest } from './options.ts';

/** The fields a call starts with; the others are set by the attempts and the retry policy. */
export interface Call {
  readonly request: SendRequest;
  readonly method: HttpMethod;
  readonly policy: Required<RetryPolicy>;
  /** Whether an attempt that may have reached the server can be repeated. */
  readonly idempotent: boolean;
  /** The body as sent, kept to repeat it on a same-origin 307/308. */
  readonly body: BodyInit | undefined;
  /** Per-attempt timeout, ms. */
  readonly timeout: number;
  /** performance.now() when the call's deadline passes (Infinity without one). */
  readonly deadlineAt: number;
  readonly credential: Credential | undefined;
  /** The Authorization value the latest attempt carried. */
  authorization: string | null;
  /** 1-based number of the attempt under way. */
  attempt: number;
  /** performance.now() when the attempt under way started (to tell which deadline ended it). */
  attemptStartedAt: number;
  /** Retries spent on transient failures (a renewal after a 401 does not count). */
  retries: number;
  /** Whether the credential was renewed after a 401 already (it is renewed once). */
  renewed?: boolean;
  /** The wait before the next attempt, decided with the retry. */
  nextDelay?: number;
  /** The typed failure the retry decision was made on. */
  failure?: { from: unknown; error: MagekitError } | undefined;
  /** An error that ends the call whatever ky was about to throw (no time left, a permission error). */
  final?: MagekitError | undefined;
  /**
   * The Response the latest attempt returned (none while it is under way: a later error is ky's or
   * a hook's) and its body, read in full (an error body up to MAX_ERROR_BODY_BYTES: `bound` says
   * how much was left unread).
   */
  response?: Response | undefined;
  text?: string;
  bound?: Omit<BoundedBody, 'text'> | undefined;
  /** The Request ky handed to the latest attempt (what ky's errors for that attempt name). */
  sent?: Request | undefined;
  /**
   * The first attempt's failure, while the call continues on the retrying instance (send.ts): the
   * attempt fetch throws it back once, so ky's own retry path takes the call from there.
   */
  replay?: Error | undefined;
}

/** Where a call's state travels with ky's options: an option ky does not know is passed to fetch. */
export const CALL = 'magekitCall';
