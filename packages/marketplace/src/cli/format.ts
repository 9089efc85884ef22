/**
 * What the commands print (the outcome on stdout, as text or --json) and the exit codes. Messages
 * from the service and from errors go through the SDK's redaction; nothing prints a stack.
 */
import { redactText } from '@magekit/core';
import { EXIT_CODES, withoutHint } from '@magekit/core/cli';
import { isMarketplaceError } from '../errors.ts';
import { ReviewTimeoutError, type ReviewOutcome } from '../review.ts';
import type { Command } from './args.ts';
import { CliError } from './errors.ts';
import type { PackageReport } from './release.ts';
import type { ToolResult } from './results.ts';

/**
 * Core's shared codes (ok 0, error 1, interrupted 130) and this CLI's outcomes at 2-4:
 * 2 a review failed   3 refused before review (malware scan, or the service refused the item)
 * 4 still in review when the wait ended
 */
export const EXIT = { ...EXIT_CODES, rejected: 2, refused: 3, pending: 4 } as const;

/** What the JSON `status` says; `passed` (a review outcome, the word users read) exits `EXIT.ok`. */
export type Outcome = 'passed' | Exclude<keyof typeof EXIT, 'ok'>;

export function exitCodeOf(outcome: Outcome): number {
  return outcome === 'passed' ? EXIT.ok : EXIT[outcome];
}

/** The outcome of several packages: the first that applies of error, refused, rejected, pending, passed. */
export function releaseOutcome(reports: readonly PackageReport[]): Outcome {
  const states = new Set(reports.map((r) => r.state));
  if (states.has('error')) return 'error';
  if (states.has('scan-failed') || states.has('refused')) return 'refused';
  if (states.has('rejected')) return 'rejected';
  if (states.has('pending')) return 'pending';
  return 'passed';
}

const clean = (text: string | undefined) => redactText(text ?? '').replace(/\s+/g, ' ').trim();

export function formatRelease(reports: readonly PackageReport[], context: { environment: string; noWait: boolean }): string {
  const width = Math.max(...reports.map((r) => r.label.length));
  let out = `Release to ${context.environment}: ${reports.length} package${reports.length === 1 ? '' : 's'}\n`;
  for (const r of reports) {
    const name = r.label.padEnd(width);
    const flows = r.technical || r.marketing ? ` (technical: ${r.technical ?? '-'}, marketing: ${r.marketing ?? '-'})` : '';
    switch (r.state) {
      case 'scan-failed':
        out += `  ${name}  not submitted: ${clean(r.message)}\n`;
        break;
      case 'refused':
        out += `  ${name}  refused at submission: code ${r.code}: ${clean(r.message)}\n`;
        break;
      case 'error':
        out += `  ${name}  submission ${r.submissionId}: ${clean(r.message)}\n`;
        break;
      default:
        out += `  ${name}  submission ${r.submissionId}: ${r.state}${flows}\n`;
    }
    for (const tool of r.failedTools) {
      out += `      ${tool.tool}: ${tool.status}${tool.reportUrl ? `  ${tool.reportUrl}` : ''}\n`;
      for (const finding of tool.findings.slice(0, 5)) out += `        - ${clean(finding)}\n`;
    }
  }
  const outcome = releaseOutcome(reports);
  const count = (state: PackageReport['state']) => reports.filter((r) => r.state === state).length;
  const parts = (['passed', 'submitted', 'pending', 'rejected', 'refused', 'scan-failed', 'error'] as const).filter((s) => count(s)).map((s) => `${count(s)} ${s === 'scan-failed' ? 'failed the malware scan' : s}`);
  out += `Result: ${parts.join(', ')}.\n`;
  const open = reports.filter((r) => r.submissionId && (r.state === 'pending' || r.state === 'submitted' || r.state === 'rejected'));
  if (open.length && (outcome === 'pending' || context.noWait)) out += `Follow up with: ${open.map((r) => `magekit-marketplace status ${r.submissionId}`).join('; ')}\n`;
  return out;
}

export function releaseJson(reports: readonly PackageReport[], context: { environment: string; elapsedMs: number }): Record<string, unknown> {
  const outcome = releaseOutcome(reports);
  return {
    command: 'release',
    environment: context.environment,
    status: outcome,
    exitCode: exitCodeOf(outcome),
    packages: reports.map((r) => ({ ...r, message: r.message === undefined ? undefined : clean(r.message) })),
    elapsedMs: context.elapsedMs,
  };
}

export function statusOutcome(outcome: ReviewOutcome): Outcome {
  return outcome.verdict === 'passed' ? 'passed' : outcome.verdict === 'rejected' ? 'rejected' : 'pending';
}

export function formatStatus(outcome: ReviewOutcome): string {
  const p = outcome.package;
  const head = [p.item_id && `item ${String(p.item_id)}`, p.sku && String(p.sku), p.version && `version ${String(p.version)}`].filter(Boolean).join(', ');
  return (
    `Submission ${outcome.submissionId}${head ? ` (${head})` : ''}\n` +
    `  overall    ${p.eqp_status?.overall ?? '-'}\n` +
    `  technical  ${outcome.technical.status}  [${outcome.technical.verdict}]\n` +
    `  marketing  ${outcome.marketing.status}  [${outcome.marketing.verdict}]\n` +
    `Result: ${outcome.verdict}.\n`
  );
}

export function resultsOutcome(results: readonly ToolResult[]): Outcome {
  if (results.length === 0) return 'pending';
  if (results.some((r) => r.status === 'fail' || r.status === 'error')) return 'rejected';
  if (results.some((r) => r.status !== 'pass')) return 'pending';
  return 'passed';
}

export function formatResults(submissionId: string, results: readonly ToolResult[]): string {
  if (results.length === 0) return `Submission ${submissionId}: no test results yet.\n`;
  const width = Math.max(...results.map((r) => r.tool.length));
  let out = `Submission ${submissionId}: ${results.length} test run${results.length === 1 ? '' : 's'}\n`;
  for (const r of results) {
    out += `  ${r.tool.padEnd(width)}  ${r.status.padEnd(12)} ${r.date ?? '-'}  ${r.reportUrl ?? '(no detailed report)'}\n`;
    for (const finding of r.findings.slice(0, 10)) out += `      - ${clean(finding)}\n`;
  }
  const failed = results.filter((r) => r.status === 'fail' || r.status === 'error').length;
  out += `Result: ${failed ? `${failed} of ${results.length} failed` : results.every((r) => r.status === 'pass') ? 'all passed' : 'some still need review'}.\n`;
  out += 'The report links are API routes: read them with a session token (market.testResults.get in @magekit/marketplace).\n';
  return out;
}

export interface DescribedError {
  outcome: Outcome;
  kind: string;
  message: string;
  hint: string | undefined;
}

export function describeError(error: unknown): DescribedError {
  if (error instanceof CliError) return { outcome: 'error', kind: 'usage', message: error.message, hint: error.hint };
  if (error instanceof ReviewTimeoutError) return { outcome: 'pending', kind: 'timeout', message: error.message, hint: 'The review goes on at the service: follow it with `magekit-marketplace status <submission>`.' };
  if (isMarketplaceError(error)) {
    if (error.kind === 'abort') return { outcome: 'interrupted', kind: 'abort', message: 'Interrupted; anything already submitted stays submitted.', hint: undefined };
    if (error.kind === 'timeout' && /waitForMalwareScan/.test(error.message)) {
      return { outcome: 'pending', kind: 'timeout', message: error.message, hint: 'Nothing was submitted. Run release again with a longer --scan-wait.' };
    }
    return { outcome: 'error', kind: error.kind, message: clean(withoutHint(error.message, error.hint)), hint: error.hint };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { outcome: 'error', kind: 'unexpected', message: clean(message.split('\n')[0]), hint: undefined };
}

export function formatError(described: DescribedError): string {
  return `magekit-marketplace: ${described.message}\n${described.hint ? `hint: ${described.hint}\n` : ''}`;
}

export function errorJson(described: DescribedError, command: Command | undefined): Record<string, unknown> {
  return {
    ...(command === undefined ? {} : { command }),
    status: described.outcome,
    exitCode: exitCodeOf(described.outcome),
    error: { kind: described.kind, message: described.message, ...(described.hint ? { hint: described.hint } : {}) },
  };
}
