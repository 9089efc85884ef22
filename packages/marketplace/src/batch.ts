/**
 * Batch responses (POST/PUT /products/packages, POST /users/{mage_id}/keys): HTTP 200 with one item
 * per input item, in input order, each with `code` (200 = success) and `message`. The service gives
 * no other key to pair them, so alignment is by position, and anything that could shift positions
 * (a different length, an echoed item_id that disagrees) is an error, never a silent misalignment.
 */
import { BatchError, type BatchFailure } from './errors.ts';

export interface BatchSuccess<I, O> {
  index: number;
  input: I;
  code: 200;
  message: string;
  /** The item as the service returned it (submission_id, eqp_status, ...). */
  value: O;
}

export type BatchItem<I, O> = ({ ok: true } & BatchSuccess<I, O>) | ({ ok: false } & BatchFailure<I>);

export interface BatchResult<I, O> {
  /** Every item, in input order. */
  readonly all: readonly BatchItem<I, O>[];
  readonly succeeded: readonly BatchSuccess<I, O>[];
  readonly failed: readonly BatchFailure<I>[];
  /** Throws a BatchError listing every failed item; otherwise returns the successes. */
  throwIfFailed(): readonly BatchSuccess<I, O>[];
  /** @deprecated Renamed `throwIfFailed()` (the name the commerce bulk outcome uses); kept for one minor release. */
  throwIfAnyFailed(): readonly BatchSuccess<I, O>[];
}

/** One result of a batch answer: `{ code, message? }` and whatever the route echoes. Checked by hand: two fields do not need zod on every batch call. */
function batchItemOf(raw: unknown): { code: number; message: string | undefined } | undefined {
  // Anything but an object (null, an array, a string, a number) has no numeric `code` and is refused below.
  const { code, message } = (raw ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code !== 'number' || (message !== undefined && typeof message !== 'string')) return undefined;
  return { code, message };
}

export interface BatchContext {
  method: string;
  url: string;
}

export function alignBatch<I, O>(inputs: readonly I[], response: unknown, context: BatchContext): BatchResult<I, O> {
  const where = `${context.method} ${context.url}`;
  const fail = (reason: 'length-mismatch' | 'malformed-response', message: string) =>
    new BatchError<I>(`${where}: ${message} Some items may have been processed; read them back before resubmitting.`, reason, [], {
      service: 'marketplace',
      method: context.method,
      url: context.url,
    });
  if (!Array.isArray(response)) throw fail('malformed-response', `expected an array with one result per item, got ${response === null ? 'null' : typeof response}.`);
  if (response.length !== inputs.length) {
    throw fail('length-mismatch', `sent ${inputs.length} item(s) but the response has ${response.length}, so results cannot be paired with their inputs.`);
  }
  const all = response.map((raw, index): BatchItem<I, O> => {
    const parsed = batchItemOf(raw);
    if (!parsed) throw fail('malformed-response', `result ${index} has no numeric code.`);
    const input = inputs[index] as I;
    const sentId = itemIdOf(input);
    const echoedId = itemIdOf(raw);
    if (sentId !== undefined && echoedId !== undefined && sentId !== echoedId) {
      throw fail('length-mismatch', `result ${index} echoes item_id "${echoedId}" but item ${index} was sent as "${sentId}".`);
    }
    const message = parsed.message ?? '';
    if (parsed.code === 200) return { ok: true, index, input, code: 200, message, value: raw as O };
    return { ok: false, index, input, code: parsed.code, message };
  });
  return createBatchResult(all, where, context);
}

function createBatchResult<I, O>(all: BatchItem<I, O>[], where: string, context: BatchContext): BatchResult<I, O> {
  const succeeded: BatchSuccess<I, O>[] = [];
  const failed: BatchFailure<I>[] = [];
  for (const item of all) {
    if (item.ok) succeeded.push({ index: item.index, input: item.input, code: 200, message: item.message, value: item.value });
    else failed.push({ index: item.index, input: item.input, code: item.code, message: item.message });
  }
  const result: BatchResult<I, O> = {
    all,
    succeeded,
    failed,
    throwIfFailed() {
      if (failed.length === 0) return succeeded;
      const list = failed.map((f) => `#${f.index} (code ${f.code}): ${f.message}`).join('; ');
      throw new BatchError<I>(`${where}: ${failed.length} of ${all.length} item(s) failed: ${list}`, 'items-failed', failed, {
        service: 'marketplace',
        method: context.method,
        url: context.url,
      });
    },
    throwIfAnyFailed: () => result.throwIfFailed(),
  };
  return result;
}

function itemIdOf(value: unknown): string | undefined {
  // Anything but an object (an input passed as null or a string, a result that is a number) has no `item_id`.
  const id = (value as { item_id?: unknown } | null | undefined)?.item_id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}
