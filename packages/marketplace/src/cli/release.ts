/**
 * `release`: upload every file of the manifest in one request, wait for the malware scan, submit
 * the packages whose files passed as one batch, then (unless --no-wait) wait for the reviews and
 * read the test results of any package that failed. Each package ends in one state; nothing is
 * dropped: a package whose file failed the scan or that the service refused is reported, and the
 * others go on.
 */
import { stat } from 'node:fs/promises';
import { isMagekitError } from '@magekit/core';
import type { MarketplaceClient } from '../client.ts';
import { fileFromPath } from '../node.ts';
import { ReviewTimeoutError, type ReviewOutcome } from '../review.ts';
import type { FileRecord } from '../types.ts';
import { CliError } from './errors.ts';
import { filesOf, packageOf, type PackagePlan } from './manifest.ts';
import type { Progress } from './progress.ts';
import { testResultsOf, type ToolResult } from './results.ts';

/**
 * scan-failed: a file failed the malware scan, the package was not submitted.
 * refused: the service refused the package at submission (its code and message).
 * submitted: accepted, not waited for (--no-wait).   pending: still in review when the wait ended.
 * passed / rejected: the reviews' decision.   error: its review could not be followed (message says why).
 */
type PackageState = 'scan-failed' | 'refused' | 'submitted' | 'pending' | 'passed' | 'rejected' | 'error';

export interface PackageReport {
  index: number;
  label: string;
  itemId: string | undefined;
  state: PackageState;
  submissionId: string | undefined;
  /** The service's per-item code and message (refused). */
  code: number | undefined;
  message: string | undefined;
  files: { path: string; fileUploadId: string; malwareStatus: string }[];
  technical: string | undefined;
  marketing: string | undefined;
  /** Failed tools with what their reports say (rejected). */
  failedTools: ToolResult[];
}

export interface ReleaseOptions {
  noWait: boolean;
  maxWait: number | undefined;
  scanWait: number | undefined;
  pollInterval: number | undefined;
  signal: AbortSignal | undefined;
  progress: Progress;
}

export async function release(market: MarketplaceClient, plans: readonly PackagePlan[], options: ReleaseOptions): Promise<PackageReport[]> {
  const { progress, signal } = options;
  const paths = filesOf(plans);
  // stat first: openAsBlob's own error does not say whether the file is missing or unreadable.
  const sources = await Promise.all(
    paths.map((path) =>
      stat(path)
        .then((info) => {
          if (!info.isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
          return fileFromPath(path);
        })
        .then((file) => ({ path, file }), (error: NodeJS.ErrnoException) => ({ path, error })),
    ),
  );
  const unreadable = sources.filter((s): s is { path: string; error: NodeJS.ErrnoException } => 'error' in s);
  if (unreadable.length) {
    throw new CliError(`Cannot read ${unreadable.length} file(s) of the manifest; nothing was uploaded:\n  ${unreadable.map((u) => `${u.path}: ${u.error.code === 'ENOENT' ? 'no such file' : u.error.message}`).join('\n  ')}`);
  }
  const files = sources as { path: string; file: File }[];
  const totalBytes = files.reduce((n, f) => n + f.file.size, 0);
  progress.step(`upload: ${files.length} file(s), ${totalBytes} bytes`);
  const uploads = await market.files.upload(files.map((f) => f.file), { signal });
  const idByPath = new Map(files.map((f, i) => [f.path, uploads[i]!.file_upload_id]));

  const scanned = await market.files.waitForMalwareScan([...idByPath.values()], {
    signal,
    ...(options.pollInterval === undefined ? { pollInterval: 2_000 } : { pollInterval: options.pollInterval }),
    ...(options.scanWait === undefined ? {} : { maxWait: options.scanWait }),
    onProgress: (pending) => progress.status('malware scan', pending ? `${pending} of ${files.length} file(s) still scanning` : 'done'),
  });
  const recordById = new Map<string, FileRecord>(scanned.map((r) => [r.file_upload_id, r]));
  const failedScans = scanned.filter((r) => r.malware_status !== 'pass');
  progress.end();
  progress.step(`malware scan: ${scanned.length - failedScans.length} passed, ${failedScans.length} failed`);

  const reports: PackageReport[] = plans.map((plan) => {
    const planFiles = filesOf([plan]).map((path) => ({ path, fileUploadId: idByPath.get(path)!, malwareStatus: String(recordById.get(idByPath.get(path)!)?.malware_status ?? 'unknown') }));
    const bad = planFiles.filter((f) => f.malwareStatus !== 'pass');
    return {
      index: plan.index,
      label: plan.label,
      itemId: plan.itemId,
      state: bad.length ? 'scan-failed' : 'submitted',
      submissionId: undefined,
      code: undefined,
      message: bad.length ? `malware scan ${bad.map((f) => `${f.malwareStatus} for ${f.path}`).join(', ')}` : undefined,
      files: planFiles,
      technical: undefined,
      marketing: undefined,
      failedTools: [],
    };
  });

  const toSubmit = plans.filter((_, i) => reports[i]!.state === 'submitted');
  if (toSubmit.length) {
    const batch = await market.packages.submit(toSubmit.map((plan) => packageOf(plan, (path) => idByPath.get(path)!)), { signal });
    for (const item of batch.all) {
      const report = reports[toSubmit[item.index]!.index]!;
      if (item.ok) {
        report.submissionId = String(item.value.submission_id);
        report.technical = item.value.eqp_status?.technical;
        report.marketing = item.value.eqp_status?.marketing;
        progress.step(`submitted ${report.label}: submission ${report.submissionId}`);
      } else {
        Object.assign(report, { state: 'refused', code: item.code, message: item.message });
        progress.step(`refused ${report.label}: code ${item.code}: ${item.message}`);
      }
    }
  }
  if (options.noWait) return reports;

  const reviewing = reports.filter((r) => r.state === 'submitted');
  await Promise.all(
    reviewing.map(async (report) => {
      let outcome: ReviewOutcome;
      try {
        outcome = await market.packages.waitForReview(report.submissionId!, {
          signal,
          ...(options.pollInterval === undefined ? {} : { pollInterval: options.pollInterval }),
          ...(options.maxWait === undefined ? {} : { maxWait: options.maxWait }),
          onProgress: (p) => progress.status(`review ${report.label}`, `technical ${p.technical}, marketing ${p.marketing}`),
        });
      } catch (error) {
        if (isMagekitError(error) && error.kind === 'abort') throw error;
        if (!(error instanceof ReviewTimeoutError)) {
          // One package's lost connection does not take the others' outcomes down with it.
          Object.assign(report, { state: 'error', message: `the review could not be followed: ${isMagekitError(error) ? error.message : String(error)}` });
          progress.step(`review ${report.label}: ${report.message}`);
          return;
        }
        outcome = error.outcome;
      }
      report.technical = outcome.technical.status;
      report.marketing = outcome.marketing.status;
      report.state = outcome.verdict === 'pending' ? 'pending' : outcome.verdict;
      if (report.state === 'rejected') report.failedTools = (await testResultsOf(market, report.submissionId!, signal)).filter((t) => t.status !== 'pass');
      progress.step(`review ${report.label}: ${report.state} (technical ${report.technical}, marketing ${report.marketing})`);
    }),
  );
  return reports;
}
