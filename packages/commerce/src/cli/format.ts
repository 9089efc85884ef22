/**
 * What the commands print: the outcome summary (counts per status, the failed operations), the
 * same as JSON for machines, and errors as one line plus a hint. Everything that comes from the
 * platform or an error goes through the SDK's redaction; nothing prints a stack.
 */
import { redactText, type HttpError } from '@magekit/core';
import { EXIT_CODES, withoutHint } from '@magekit/core/cli';
import { BulkStalledError, BulkTimeoutError, type BulkCounts } from '../async/errors.ts';
import type { OperationOutcome } from '../async/waiter/outcome.ts';
import { isCommerceError } from '../platform/errors.ts';
import type { Command } from './args.ts';
import { CliError } from './errors.ts';

/** Core's shared codes (ok 0, error 1, interrupted 130) and this CLI's outcomes at 2-4 (usage.ts lists them). */
const EXIT = { ...EXIT_CODES, failed: 2, open: 3, unsettled: 4 } as const;

export type ReportStatus = 'complete' | 'failed' | 'open' | 'unsettled' | 'stalled' | 'timed-out' | 'interrupted' | 'error';

export interface FailureEntry {
  position: number;
  operationId: number | null;
  /** The platform's status (2, 3, 5); null for an operation it never reported (state `unaccounted`). */
  status: number | null;
  state: string;
  errorCode: number | null;
  message: string;
  /** The SKU the operation was about, when its input names one. */
  sku: string | undefined;
}

export interface BulkReport {
  command: Command;
  bulkUuid: string;
  /** The summary's first line when it is not about one bulk (`bulk resume`). */
  title?: string | undefined;
  counts: BulkCounts;
  failures: FailureEntry[];
  elapsedMs: number;
}

/** Every operation that ended without completing: failed, rejected, or never reported (unaccounted). */
export function failureEntries(operations: readonly OperationOutcome[]): FailureEntry[] {
  return operations
    .filter((op) => op.status !== 1 && op.status !== 4)
    .map((op) => ({
      position: op.position,
      operationId: op.operationId,
      status: op.status,
      state: op.state,
      errorCode: op.errorCode,
      message: cleanMessage(op.resultMessage),
      sku: skuOf(op.input),
    }));
}

function skuOf(input: unknown): string | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const record = input as { sku?: unknown; product?: { sku?: unknown } };
  const sku = typeof record.sku === 'string' ? record.sku : typeof record.product?.sku === 'string' ? record.product.sku : undefined;
  return sku === undefined ? undefined : redactText(sku);
}

function cleanMessage(text: string | null): string {
  const one = redactText(text ?? '').replace(/\s+/g, ' ').trim();
  return one || 'no message';
}

/**
 * One rule for `status` and `wait` alike: a bulk with anything open or unaccounted is not finished
 * (3), whatever has failed so far; a finished bulk with failures or rejections is 2; else 0.
 */
export function statusOf(counts: BulkCounts): ReportStatus {
  if (counts.open + counts.unaccounted > 0) return 'open';
  if (counts.failed + counts.rejected > 0) return 'failed';
  return 'complete';
}

export function exitCodeOf(status: ReportStatus): number {
  switch (status) {
    case 'complete':
      return EXIT.ok;
    case 'failed':
      return EXIT.failed;
    case 'open':
    case 'stalled':
    case 'timed-out':
      return EXIT.open;
    case 'unsettled':
      return EXIT.unsettled;
    case 'interrupted':
      return EXIT.interrupted;
    case 'error':
      return EXIT.error;
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The human summary: counts, up to `limit` failed operations, and a closing result line. */
export function formatReport(report: BulkReport, limit: number): string {
  const { counts } = report;
  const width = String(counts.total).length;
  const row = (label: string, n: number, note = '') => `  ${label.padEnd(counts.unaccounted ? 11 : 9)} ${String(n).padStart(width)}${note}\n`;
  let out = `${report.title ?? `Bulk ${report.bulkUuid}`}: ${plural(counts.total, 'operation')}\n`;
  out += row('complete', counts.complete);
  out += row('failed', counts.failed, counts.retryable ? `  (${counts.retryable} retryable)` : '');
  out += row('rejected', counts.rejected);
  out += row('open', counts.open);
  if (counts.unaccounted) out += row('unaccounted', counts.unaccounted, '  (accepted, never reported by the platform)');

  const { failures } = report;
  if (failures.length && limit > 0) {
    const shown = failures.slice(0, limit);
    out += `${counts.unaccounted ? 'Operations that did not complete' : 'Failed operations'}${failures.length > shown.length ? ` (first ${shown.length} of ${failures.length})` : ''}:\n`;
    const posWidth = Math.max(...shown.map((f) => String(f.position).length)) + 1;
    for (const f of shown) {
      const subject = f.sku === undefined ? '' : ` ${f.sku}`;
      const code = f.errorCode ? ` [code ${f.errorCode}]` : '';
      out += `  ${`#${f.position}`.padEnd(posWidth)}${subject}  ${f.state}: ${truncate(f.message, 300)}${code}\n`;
    }
    if (failures.length > shown.length) out += `  ...and ${failures.length - shown.length} more (--failures ${failures.length} or --json lists them all)\n`;
  }

  const notDone = counts.total - counts.complete;
  switch (statusOf(counts)) {
    case 'complete':
      out += counts.total === 0 ? 'Result: the bulk has no operations.\n' : `Result: all ${plural(counts.total, 'operation')} completed.\n`;
      break;
    case 'failed': {
      const parts = [`${counts.failed} failed`, `${counts.rejected} rejected`, ...(counts.open ? [`${counts.open} still open`] : [])];
      out += `Result: ${notDone} of ${plural(counts.total, 'operation')} did not complete (${parts.join(', ')}).\n`;
      if (counts.retryable) {
        out += `${counts.retryable} failed with a retryable error (status 2): sending ${counts.retryable === 1 ? 'it' : 'them'} again may work (bulk.resubmitRetryable() in @magekit/commerce).\n`;
      }
      break;
    }
    default: {
      const failedSoFar = counts.failed + counts.rejected ? ` (${counts.failed} failed and ${counts.rejected} rejected so far)` : '';
      out += counts.open
        ? `Result: ${counts.open} of ${plural(counts.total, 'operation')} still open${failedSoFar}. Follow it with: magekit-commerce bulk wait ${report.bulkUuid}\n`
        : `Result: ${counts.unaccounted} of ${plural(counts.total, 'operation')} were accepted but never reported by the platform${failedSoFar}.\n`;
    }
  }
  return out;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 3)}...`;
}

export function reportJson(report: BulkReport): Record<string, unknown> {
  const status = statusOf(report.counts);
  return { command: report.command, bulkUuid: report.bulkUuid, status, exitCode: exitCodeOf(status), counts: report.counts, failures: report.failures, elapsedMs: report.elapsedMs };
}

export interface DescribedError {
  status: ReportStatus;
  kind: string;
  message: string;
  hint: string | undefined;
  counts: BulkCounts | undefined;
  /** When a wait ended early (stalled, timed out): the operations that did not complete, as last reported. */
  failures?: FailureEntry[] | undefined;
}

export interface ErrorContext {
  bulkUuid: string | undefined;
  baseUrl: string | undefined;
}

/** An error as one message and a hint, with the exit status it maps to. */
export function describeError(error: unknown, context: ErrorContext): DescribedError {
  if (error instanceof CliError) return { status: 'error', kind: 'usage', message: error.message, hint: error.hint, counts: undefined };
  if (error instanceof BulkStalledError || error instanceof BulkTimeoutError) {
    const hint = error.hint ?? (error instanceof BulkTimeoutError ? 'Run `bulk wait` again with a longer --max-wait; the bulk keeps running on the platform.' : undefined);
    const outcome = error.outcome as { operations: readonly OperationOutcome[] } | undefined;
    // Failures so far are news even when the wait gave up: they are listed, not dropped.
    const failures = outcome ? failureEntries(outcome.operations) : undefined;
    return { status: error instanceof BulkStalledError ? 'stalled' : 'timed-out', kind: error.kind, message: withoutHint(error.message, hint), hint, counts: error.counts, failures };
  }
  if (isCommerceError(error)) {
    if (error.kind === 'abort') return { status: 'interrupted', kind: 'abort', message: 'Interrupted; the bulk keeps running on the platform.', hint: undefined, counts: undefined };
    if (error.kind === 'http' && error.status === 404) {
      const unknown = unknownBulk(error as HttpError, context);
      if (unknown) return unknown;
    }
    return { status: 'error', kind: error.kind, message: withoutHint(error.message, error.hint), hint: error.hint, counts: undefined };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { status: 'error', kind: 'unexpected', message: redactText(message.split('\n')[0] ?? ''), hint: undefined, counts: undefined };
}

const NO_ROUTE = 'Request does not match any route.';

/**
 * The platform answers 404 with NoSuchEntityException's "Bulk uuid %bulkUuid not exist" for a
 * UUID it does not know (the fake: "Bulk with UUID %1 does not exist."), and 404 "Request does
 * not match any route." when the bulk routes are not there at all (wrong base URL, module off).
 */
function unknownBulk(error: HttpError, context: ErrorContext): DescribedError | undefined {
  const where = context.baseUrl ? ` at ${redactText(context.baseUrl)}` : '';
  const said = error.message.replace(/^.*? failed with 404: /, '');
  if (error.template === NO_ROUTE) {
    return {
      status: 'error',
      kind: 'http',
      message: `The bulk status routes were not found${where} (404: ${said}).`,
      hint: "Check --base-url: it is the installation's address (the CLI adds /rest/...), and the installation needs the Magento_AsynchronousOperations module.",
      counts: undefined,
    };
  }
  const mentionsBulk = /bulk/i.test(error.template ?? '') || (context.bulkUuid !== undefined && JSON.stringify(error.parameters ?? null).includes(context.bulkUuid));
  if (!mentionsBulk) return undefined;
  return {
    status: 'error',
    kind: 'not-found',
    message: `No bulk with that UUID${where}: ${context.bulkUuid} (the platform answered 404: ${said}).`,
    hint: 'Check the UUID (the bulk_uuid an async or bulk request returned) and that --base-url points at the installation that accepted it.',
    counts: undefined,
  };
}

export function formatError(described: DescribedError): string {
  return `magekit-commerce: ${described.message}\n${described.hint ? `hint: ${described.hint}\n` : ''}`;
}

export function errorJson(described: DescribedError, command: Command | undefined, bulkUuid: string | undefined): Record<string, unknown> {
  return {
    ...(command === undefined ? {} : { command }),
    ...(bulkUuid === undefined ? {} : { bulkUuid }),
    status: described.status,
    exitCode: exitCodeOf(described.status),
    ...(described.counts ? { counts: described.counts } : {}),
    ...(described.failures ? { failures: described.failures } : {}),
    error: { kind: described.kind, message: described.message, ...(described.hint ? { hint: described.hint } : {}) },
  };
}
