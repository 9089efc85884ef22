/**
 * Test results of a submission: the summary per tool, a link to each tool's detailed report (the
 * API route; phpcpd has none), and for a failed tool what the report says went wrong.
 */
import { isMagekitError } from '@magekit/core';
import { API_PREFIX } from '../environments.ts';
import type { MarketplaceClient } from '../client.ts';
import type { ToolReport, ToolReportEntry } from '../types.ts';

export interface ToolResult {
  tool: string;
  toolRunId: string;
  status: string;
  date: string | undefined;
  /** The detailed report's URL (GET with a session token), absent for phpcpd. */
  reportUrl: string | undefined;
  /** Why it failed, from the detailed report (reasons, error counts, the failing step). */
  findings: string[];
}

/** Tools whose detailed report cannot be requested (only the summary exists). */
const NO_DETAIL = new Set(['phpcpd']);

export async function testResultsOf(market: MarketplaceClient, submissionId: string, signal?: AbortSignal): Promise<ToolResult[]> {
  const runs = await market.testResults.list({ submission_id: submissionId }, { signal });
  return Promise.all(
    runs.map(async (run): Promise<ToolResult> => {
      const detail = !NO_DETAIL.has(run.name);
      const reportUrl = detail ? `${market.baseUrl}${API_PREFIX}/products/packages/${encodeURIComponent(submissionId)}/status/${encodeURIComponent(run.name)}/${encodeURIComponent(run.tool_run_id)}` : undefined;
      let findings: string[] = [];
      if (detail && run.status !== 'pass') {
        try {
          findings = findingsOf(await market.testResults.get({ submission_id: submissionId, tool_name: run.name, tool_run_id: run.tool_run_id }, { signal }));
        } catch (error) {
          if (isMagekitError(error) && error.kind === 'abort') throw error;
          // The summary is still worth showing; say the detail could not be read.
          findings = [`(the detailed report could not be read: ${isMagekitError(error) ? error.message : String(error)})`];
        }
      }
      return { tool: run.name, toolRunId: run.tool_run_id, status: run.status, date: run.date, reportUrl, findings };
    }),
  );
}

function findingsOf(report: ToolReport): string[] {
  const entries: ToolReportEntry[] = Array.isArray(report.reports) ? report.reports : [report.reports];
  const out: string[] = [];
  for (const entry of entries) {
    if (String(entry.status).toUpperCase() === 'PASS') continue;
    const details = entry.details as unknown;
    const where = [entry.magento_edition, entry.magento_version, entry.php_version && `PHP ${entry.php_version}`].filter(Boolean).join(' ');
    if (details && typeof details === 'object' && !Array.isArray(details)) {
      const d = details as { reasons?: unknown; message?: unknown; attachment?: unknown; totals?: { errors?: unknown; warnings?: unknown }; files?: Record<string, { messages?: { message?: unknown; line?: unknown }[] }> };
      if (Array.isArray(d.reasons)) out.push(...d.reasons.map(String));
      if (typeof d.message === 'string' && d.message && !Array.isArray(d.reasons)) out.push(d.message);
      if (typeof d.attachment === 'string' && d.attachment) out.push(`attachment: ${d.attachment}`);
      if (d.totals) out.push(`${String(d.totals.errors ?? 0)} error(s), ${String(d.totals.warnings ?? 0)} warning(s)${where ? ` on ${where}` : ''}`);
      for (const [file, result] of Object.entries(d.files ?? {}).slice(0, 5)) {
        for (const m of (result.messages ?? []).slice(0, 3)) out.push(`${file}:${String(m.line ?? '?')} ${String(m.message ?? '')}`);
      }
    } else if (Array.isArray(details) && details.length) {
      // varnish and other install checks: the last step is the one that failed.
      const step = details.at(-1) as { command?: unknown; output?: unknown };
      out.push(`failed step${where ? ` on ${where}` : ''}: ${String(step.command ?? '?')}: ${String(step.output ?? '').slice(0, 300)}`);
    }
  }
  return out;
}
