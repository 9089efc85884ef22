/**
 * The fake's `async.operations.all` consumer: works open operations one at a time, in arrival
 * order, by running the same handler as the synchronous route, and records the result on the
 * operation. Per-operation delay and failure injection (by SKU or by rate) make the statuses a
 * real installation produces (2 retryable, 3 failed, 5 rejected) reproducible.
 */
import type { FakeOperation, FakeQueue, OperationStatusCode } from './async-queue.ts';
import { PlatformError } from './platform-errors.ts';
import { seededRandom } from './seeded-random.ts';

export interface InjectedFailure {
  status: 2 | 3 | 5;
  message?: string;
  code?: number;
}

export interface FailureInjection {
  /** Operations whose element names this SKU (`sku` or `product.sku`) fail this way. */
  bySku?: Record<string, InjectedFailure>;
  /** Fraction of operations (0..1) that fail, chosen by a seeded generator: the same ones every run. */
  rate?: number;
  /** How rate-chosen operations fail: one status, or several used in turn. Default 2. */
  rateStatus?: 2 | 3 | 5 | (2 | 3 | 5)[];
  /** Seed of the generator. Default 1. */
  seed?: number;
}

export interface ConsumerOptions {
  /** Start working as soon as the fake is created. Default true (a healthy installation). */
  autoStart?: boolean;
  /** Pause before each operation, ms. Default 0. */
  delayMs?: number;
  failures?: FailureInjection;
}

export interface FakeConsumer {
  start(): void;
  stop(): void;
  /** Works every open operation now (no delay), whether or not the consumer runs; resolves with how many. */
  drain(): Promise<number>;
  readonly running: boolean;
  /** Operations worked so far. */
  readonly processed: number;
  delayMs: number;
  failures: FailureInjection;
}

const DEFAULT_MESSAGES: Record<2 | 3 | 5, string> = {
  2: 'SQLSTATE[40001]: Serialization failure: 1213 Deadlock found when trying to get lock; try restarting transaction',
  3: 'The product was unable to be saved. Please try again.',
  5: 'Message has been rejected: the operation could not be processed.',
};

function skuOf(input: Record<string, unknown>): string | undefined {
  if (typeof input['sku'] === 'string') return input['sku'];
  const product = input['product'];
  return product && typeof product === 'object' && typeof (product as { sku?: unknown }).sku === 'string' ? (product as { sku: string }).sku : undefined;
}

/** Yields to the event loop so HTTP requests interleave with the work. */
function pause(ms: number): Promise<void> {
  if (ms > 0) return new Promise((resolve) => setTimeout(resolve, ms));
  return new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));
}

export function createConsumer(queue: FakeQueue, execute: (op: FakeOperation) => unknown, options: ConsumerOptions = {}): FakeConsumer {
  let running = false;
  let loop: Promise<void> | undefined;
  let processed = 0;
  let failures: FailureInjection = options.failures ?? {};
  let random = seededRandom(failures.seed ?? 1);
  let rateTurn = 0;

  function injected(op: FakeOperation): InjectedFailure | undefined {
    const sku = skuOf(op.input);
    if (sku !== undefined && failures.bySku?.[sku]) return failures.bySku[sku];
    if (failures.rate && random() < failures.rate) {
      const statuses = Array.isArray(failures.rateStatus) ? failures.rateStatus : [failures.rateStatus ?? 2];
      return { status: statuses[rateTurn++ % statuses.length]! };
    }
    return undefined;
  }

  function work(op: FakeOperation): void {
    if (op.status !== 4) return;
    processed += 1;
    const failure = injected(op);
    if (failure) return close(op, failure.status, failure.message ?? DEFAULT_MESSAGES[failure.status], failure.code ?? 0, null);
    try {
      const result = execute(op);
      close(op, 1, `Service execution success ${op.routeKey}`, null, result === undefined ? null : JSON.stringify(result));
    } catch (error) {
      // The platform records the exception's message on the operation; nothing is retried by itself.
      const message = error instanceof PlatformError || error instanceof Error ? error.message : String(error);
      close(op, 3, message, error instanceof PlatformError ? (error.code ?? 0) : 0, null);
    }
  }

  function close(op: FakeOperation, status: OperationStatusCode, message: string, code: number | null, result: string | null): void {
    op.status = status;
    op.result_message = message;
    op.error_code = code;
    op.result_serialized_data = result;
  }

  function kick(): void {
    if (!running || loop) return;
    loop = (async () => {
      while (running && queue.pending.length) {
        await pause(consumer.delayMs);
        if (!running) break;
        const op = queue.pending.shift();
        if (op) work(op);
      }
    })().finally(() => {
      loop = undefined;
      if (running && queue.pending.length) kick();
    });
  }

  queue.onEnqueue = kick;
  const consumer: FakeConsumer = {
    delayMs: options.delayMs ?? 0,
    get failures() {
      return failures;
    },
    set failures(value: FailureInjection) {
      failures = value;
      random = seededRandom(value.seed ?? 1);
      rateTurn = 0;
    },
    start() {
      running = true;
      kick();
    },
    stop() {
      running = false;
    },
    async drain() {
      let count = 0;
      while (queue.pending.length) {
        const op = queue.pending.shift()!;
        work(op);
        count += 1;
        if (count % 500 === 0) await pause(0);
      }
      return count;
    },
    get running() {
      return running;
    },
    get processed() {
      return processed;
    },
  };
  if (options.autoStart !== false) consumer.start();
  return consumer;
}
