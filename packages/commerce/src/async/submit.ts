/**
 * Sending asynchronous and bulk writes. Nothing is sent until every input has been checked; a
 * bulk input is split into chunks, sent with bounded concurrency, and reassembled into one job whose
 * items line up with the caller's input positions.
 */
import { InputError, isMagekitError, type HttpError, type MagekitError } from '@magekit/core';
import type { CallOptions, CommerceRuntime } from '../calls/runtime.ts';
import { renderPhrase } from '../platform/phrase.ts';
import type { RouteInfo } from '../routes/info.ts';
import { checkStoreCode } from '../platform/store-code.ts';
import { parseAcceptanceBody, toAcceptance, type AcceptanceBody, type AsyncAcceptance } from './acceptance.ts';
import type { AsyncParts } from './parts.ts';

/** What sending needs of the parts: the acceptance check. */
export type AcceptanceParts = Pick<AsyncParts, 'checkAcceptance'>;
import { QUEUED_UNKNOWN } from './queued-hint.ts';
import { checkAsyncArrayLimit, checkChunkOptions, chunkRanges, mapWithConcurrency, type ChunkRange } from './chunking.ts';
import { checkBulkElement, checkNoFields } from './elements.ts';
import { BulkRejectedError, type RejectedItem } from './errors.ts';
import type { BulkChunk, BulkJob, JobItem } from './job.ts';
import { toRuns, type BulkJournal } from './journal.ts';
import { bulkPath, requireWriteRoute } from './write-routes.ts';

export interface BulkOptions extends CallOptions {
  /** Elements per request. Default 1000 (or asyncArrayLimit, if lower); at most asyncArrayLimit. */
  chunkSize?: number | undefined;
  /**
   * The most elements one request may carry, for this call. Default: the client's asyncArrayLimit
   * (5000 unless set, the platform's default async array limit).
   */
  asyncArrayLimit?: number | undefined;
  /** Chunk requests in flight at once. Default 4. */
  concurrency?: number | undefined;
  /** Throw BulkRejectedError (with the job attached) when any element is rejected. Default true. */
  throwOnRejected?: boolean | undefined;
  /** Called as each chunk is answered: for progress while submitting very large inputs. */
  onChunk?: ((chunk: BulkChunk) => void) | undefined;
  /**
   * Records each chunk before and after its submission, so an import killed halfway can be
   * resumed (`openBulkJournal` / `resumeBulkImport` from the Node entry). A write that fails
   * stops the call before the chunk is sent.
   */
  journal?: BulkJournal | undefined;
}

/** A 4xx web-API exception is the platform refusing the input; 5xx, auth and transport failures are not. */
function isRefusal(error: unknown): error is HttpError {
  return isMagekitError(error) && error.kind === 'http' && typeof error.status === 'number' && error.status >= 400 && error.status < 500;
}

/** The platform's own words for a refusal: each aggregated error, or the filled-in message. */
function refusalReasons(error: HttpError): { message: string; code: number | null }[] {
  if (error.errors.length) return error.errors.map((e) => ({ message: e.message, code: error.code ?? null }));
  const message = error.template ? renderPhrase(error.template, error.parameters) : error.message;
  return [{ message, code: error.code ?? null }];
}

/** `PUT /async/V1/products/{sku}`; on the cloud service the segment follows the version (`/V1/async/...`). */
function describe(route: RouteInfo, variant: 'async' | 'bulk', runtime: CommerceRuntime): string {
  const path = variant === 'async' ? route.path : bulkPath(route);
  const segment = variant === 'async' ? '/async' : '/async/bulk';
  return `${route.method} ${runtime.cloudService ? path.replace(/^\/V\d+/, `$&${segment}`) : segment + path}`;
}

export async function sendAsync<K extends string>(runtime: CommerceRuntime, parts: AcceptanceParts, routeKey: K, input: unknown, options: CallOptions | undefined): Promise<AsyncAcceptance<K>> {
  const route = requireWriteRoute(runtime, routeKey, 'async');
  checkNoFields(route, input, 'async');
  const { path, query, body } = runtime.prepare(route, input as Record<string, unknown> | undefined, options);
  let raw: unknown;
  try {
    raw = await runtime.sendRaw({ method: route.method, path, query, json: body ?? {}, variant: 'async', options, expect: 'json', unknownOutcomeHint: QUEUED_UNKNOWN });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const items: RejectedItem[] = refusalReasons(error).map((r) => ({ position: 0, message: r.message, errorCode: r.code, stage: 'acceptance' }));
    throw new BulkRejectedError(`${describe(route, 'async', runtime)} was refused before queueing: ${items.map((i) => i.message).join('; ')}`, items, undefined, {
      service: 'commerce', method: route.method, status: error.status, cause: error, ...(error.url === undefined ? {} : { url: error.url }),
    });
  }
  const acceptance = toAcceptance(routeKey, await parseAcceptanceBody(raw, { method: route.method, url: describe(route, 'async', runtime) }, parts.checkAcceptance));
  if (acceptance.errors) {
    const items = acceptance.requestItems
      .filter((item) => item.status === 'rejected')
      .map((item): RejectedItem => ({ position: item.id, message: item.errorMessage ?? 'rejected without a message', errorCode: item.errorCode, stage: 'acceptance' }));
    throw new BulkRejectedError(`${describe(route, 'async', runtime)} was rejected at acceptance: ${items.map((i) => i.message).join('; ')}`, items, undefined, { service: 'commerce', method: route.method });
  }
  return acceptance;
}

interface ChunkAnswer {
  range: ChunkRange;
  body?: AcceptanceBody;
  error?: MagekitError | Error;
}

/**
 * `positions` maps each element to its position in an earlier job's input (resubmissions), so
 * outcomes keep pointing at what the caller originally passed.
 */
export async function sendBulk<K extends string, Row>(
  runtime: CommerceRuntime,
  parts: AcceptanceParts,
  routeKey: K,
  rows: readonly Row[],
  options: BulkOptions | undefined,
  positions?: readonly number[],
): Promise<BulkJob<K, Row>> {
  const route = requireWriteRoute(runtime, routeKey, 'bulk');
  runtime.checkRoute(route);
  if (!Array.isArray(rows)) throw new InputError(`bulk ${route.key} takes an array of inputs, got ${rows === null ? 'null' : typeof rows}.`, { service: 'commerce' });
  if (rows.length === 0) throw new InputError(`bulk ${route.key} was given an empty array: there is nothing to queue.`, { service: 'commerce' });
  const arrayLimit = options?.asyncArrayLimit === undefined ? checkAsyncArrayLimit(runtime.asyncArrayLimit, 'the client option asyncArrayLimit') : checkAsyncArrayLimit(options.asyncArrayLimit, 'asyncArrayLimit');
  const { chunkSize, concurrency } = checkChunkOptions(options?.chunkSize, options?.concurrency, arrayLimit);
  // A bad store code is the caller's input: refuse it here, before any chunk could be sent, rather
  // than as a per-chunk failure whose fate would look unknown.
  if (options?.storeCode !== undefined) checkStoreCode(options.storeCode, 'call');
  rows.forEach((row, index) => checkBulkElement(route, row, index, options));
  const path = bulkPath(route);
  const callOptions = stripBulkOptions(options);
  const journal = options?.journal;
  const at = () => new Date().toISOString();
  const positionOf = (index: number) => positions?.[index] ?? index;
  await journal?.record({ type: 'start', version: 1, route: route.key, total: rows.length, positions: positions ? toRuns(positions) : undefined, storeCode: options?.storeCode, at: at() });

  const answers = await mapWithConcurrency(chunkRanges(rows.length, chunkSize), concurrency, async (range): Promise<ChunkAnswer> => {
    await journal?.record({ type: 'submitting', chunk: range.index, positions: toRuns(Array.from({ length: range.size }, (_, i) => positionOf(range.offset + i))), at: at() });
    let answer: ChunkAnswer;
    try {
      const raw = await runtime.sendRaw({ method: route.method, path, json: rows.slice(range.offset, range.offset + range.size), variant: 'bulk', options: callOptions, expect: 'json', unknownOutcomeHint: QUEUED_UNKNOWN });
      answer = { range, body: await parseAcceptanceBody(raw, { method: route.method, url: describe(route, 'bulk', runtime) }, parts.checkAcceptance) };
    } catch (error) {
      // An abort, bad input or a broken acceptance is not per-chunk news: stop the whole call.
      if (isMagekitError(error) && (error.kind === 'abort' || error.kind === 'input' || error.kind === 'response' || error.kind === 'auth')) {
        await journal?.record({ type: 'failed', chunk: range.index, refused: false, message: error.message, at: at() });
        throw error;
      }
      answer = { range, error: error as MagekitError | Error };
    }
    await journal?.record(
      answer.body
        ? {
            type: 'submitted',
            chunk: range.index,
            bulkUuid: answer.body.bulk_uuid,
            rejected: answer.body.request_items.filter((i) => i.status === 'rejected').map((i) => ({ requestId: i.id, message: i.error_message ?? 'rejected without a message', errorCode: i.error_code ?? null })),
            at: at(),
          }
        : { type: 'failed', chunk: range.index, refused: isRefusal(answer.error), message: answer.error!.message, at: at() },
    );
    options?.onChunk?.(chunkOf(answer));
    return answer;
  });

  const job = assembleJob(route.key as K, rows, answers, positions);
  if (job.rejected.length && options?.throwOnRejected !== false) {
    const sample = job.rejected.slice(0, 3).map((r) => `#${r.position}: ${r.message}`).join('; ');
    const firstError = answers.find((a) => a.error)?.error;
    throw new BulkRejectedError(
      `${describe(route, 'bulk', runtime)}: ${job.rejected.length} of ${job.total} elements were not queued (${sample}${job.rejected.length > 3 ? '; …' : ''}). ` +
        `The ${job.accepted} accepted ones are queued: error.job has them, and waitForBulk(error.job) waits for them.`,
      [...job.rejected],
      job,
      { service: 'commerce', method: route.method, ...(firstError === undefined ? {} : { cause: firstError }) },
    );
  }
  return job;
}

function chunkOf(answer: ChunkAnswer): BulkChunk {
  const accepted = answer.body ? answer.body.request_items.filter((i) => i.status === 'accepted').length : 0;
  return { index: answer.range.index, offset: answer.range.offset, size: answer.range.size, bulkUuid: answer.body?.bulk_uuid ?? null, accepted };
}

function assembleJob<K extends string, Row>(route: K, rows: readonly Row[], answers: ChunkAnswer[], positions: readonly number[] | undefined): BulkJob<K, Row> {
  const items: JobItem[] = [];
  const rejected: RejectedItem[] = [];
  const chunks = answers.map(chunkOf);
  for (const answer of answers) {
    const { offset, size } = answer.range;
    const byId = new Map((answer.body?.request_items ?? []).map((item) => [item.id, item]));
    const refusal = answer.error && isRefusal(answer.error) ? refusalReasons(answer.error) : undefined;
    for (let requestId = 0; requestId < size; requestId++) {
      const position = positions?.[offset + requestId] ?? offset + requestId;
      const item = byId.get(requestId);
      if (answer.body && item?.status === 'accepted') {
        items.push({ position, bulkUuid: answer.body.bulk_uuid, requestId, status: 'accepted', dataHash: item.data_hash, errorMessage: null, errorCode: null });
        continue;
      }
      const message = item
        ? (item.error_message ?? 'rejected without a message')
        : refusal
          ? refusal.map((r) => r.message).join('; ')
          : answer.error
            ? `its chunk's request failed (${answer.error.message}); whether it was queued is unknown: check bulk.operations.search before resubmitting`
            : 'the platform did not acknowledge this element';
      const errorCode = item?.error_code ?? refusal?.[0]?.code ?? null;
      const stage = item || refusal ? 'acceptance' : 'submit';
      items.push({ position, bulkUuid: answer.body?.bulk_uuid ?? null, requestId, status: 'rejected', dataHash: item?.data_hash ?? null, errorMessage: message, errorCode });
      rejected.push({ position, message, errorCode, stage });
    }
  }
  return {
    kind: 'bulk-job',
    route,
    total: rows.length,
    accepted: items.filter((i) => i.status === 'accepted').length,
    rejected,
    chunks,
    items,
    bulkUuids: chunks.filter((c) => c.bulkUuid !== null && c.accepted > 0).map((c) => c.bulkUuid!),
    inputs: rows,
  };
}

function stripBulkOptions(options: BulkOptions | undefined): CallOptions | undefined {
  if (!options) return undefined;
  const { chunkSize: _c, asyncArrayLimit: _a, concurrency: _n, throwOnRejected: _t, onChunk: _o, journal: _j, ...rest } = options;
  return rest;
}
