/**
 * The fake's package store: submission with the documented validation (1208 for an incomplete
 * technical submission, 1210 for a malformed SKU), the review pipeline through the documented
 * states, test-result records, and list queries with filters, sort, offset/limit.
 */
import type { EqpStatus, Package, PackageFields, ToolReport, ToolRunSummary } from '../types.ts';

export const ERROR_1208 = 'Insufficient information for Technical Submission';
export const ERROR_1210 = "Invalid SKU given. SKU must be of the form 'vendor_name/package_name'";
const SKU = /^[a-z0-9][a-z0-9_.-]*\/[a-z0-9][a-z0-9_.-]*$/i;

export interface StoredPackage {
  owner: string;
  record: Package & Record<string, unknown>;
  runs: (ToolRunSummary & { report: ToolReport })[];
}


export function timestamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** Why a technical submission is incomplete, or undefined when it is complete. */
function missingTechnicalFields(fields: Record<string, unknown>): string[] {
  const required = ['type', 'platform', 'version_compatibility', 'release_notes', 'version', 'artifact'];
  const missing = required.filter((name) => fields[name] === undefined || fields[name] === '');
  const docs = fields['documentation_artifacts'] as { user?: unknown } | undefined;
  if (fields['type'] !== 'shared_package' && !docs?.user) missing.push('documentation_artifacts.user');
  return missing;
}

export function initialStatus(action: PackageFields['action'] | undefined): EqpStatus {
  const technical = action?.technical === 'submit' ? 'in_automation' : 'draft';
  const marketing = action?.marketing === 'submit' ? 'awaiting_marketing_review' : 'draft';
  return { overall: technical === 'draft' && marketing === 'draft' ? 'draft' : 'in_progress', technical, marketing };
}

export function validateFields(fields: Record<string, unknown>, sku: unknown): { code: number; message: string } | undefined {
  if (sku !== undefined && (typeof sku !== 'string' || !SKU.test(sku))) return { code: 1210, message: ERROR_1210 };
  const action = fields['action'] as PackageFields['action'] | undefined;
  if (action?.technical === 'submit' && missingTechnicalFields(fields).length) return { code: 1208, message: ERROR_1208 };
  return undefined;
}

/** States a package may be edited in (besides a recall, allowed any time in the pipeline). */
export function isEditable(status: EqpStatus): boolean {
  const techOpen = ['draft', 'rejected', 'recalled', 'approved'].includes(status.technical);
  const mktOpen = ['draft', 'rejected', 'recalled', 'approved', 'approved_with_modifications_pending'].includes(status.marketing);
  return techOpen && mktOpen;
}

/** The overall status that follows from the two flows. */
export function overallOf(status: EqpStatus, launchOnApproval: boolean): EqpStatus['overall'] {
  if (status.overall === 'released_to_store' || status.overall.endsWith('_removed_from_store') || status.overall.startsWith('canceled')) return status.overall;
  if (status.technical === 'approved' && status.marketing === 'approved') return launchOnApproval ? 'released_to_store' : 'approved';
  if (status.technical === 'draft' && status.marketing === 'draft') return 'draft';
  return 'in_progress';
}

const EXACT = new Set(['type', 'platform', 'license_type', 'is_patch', 'stability', 'process_as_patch', 'eqp_status.overall', 'eqp_status.technical', 'eqp_status.marketing']);

function fieldValue(record: Record<string, unknown>, name: string): unknown {
  return name.split('.').reduce<unknown>((v, part) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined), record);
}

/** Filters (exact or substring per the docs), sort (`-a,+b`), offset and limit (-1 = all). */
export function queryPackages(records: Record<string, unknown>[], query: URLSearchParams): { page: Record<string, unknown>[]; total: number } {
  let rows = records;
  for (const [name, value] of query) {
    if (name === 'offset' || name === 'limit' || name === 'sort') continue;
    if (name === 'type' && value === 'all') continue;
    rows = rows.filter((row) => {
      const actual = fieldValue(row, name);
      if (actual === undefined || actual === null) return false;
      return EXACT.has(name) ? String(actual) === value : String(actual).toLowerCase().includes(value.toLowerCase());
    });
  }
  const sort = query.get('sort');
  if (sort) {
    const keys = sort.split(',').map((s) => s.trim()).filter(Boolean).map((s) => ({ desc: s.startsWith('-'), name: s.replace(/^[-+ ]/, '') }));
    rows = [...rows].sort((a, b) => {
      for (const { desc, name } of keys) {
        const x = String(fieldValue(a, name) ?? '');
        const y = String(fieldValue(b, name) ?? '');
        if (x !== y) return (x < y ? -1 : 1) * (desc ? -1 : 1);
      }
      return 0;
    });
  }
  const offset = Math.max(0, Number(query.get('offset') ?? 0) || 0);
  const limit = Number(query.get('limit') ?? 20);
  const page = limit === -1 ? rows.slice(offset) : rows.slice(offset, offset + (Number.isFinite(limit) && limit >= 0 ? limit : 20));
  return { page, total: rows.length };
}

/** Test results recorded when a flow finishes: automated tools report per environment (an array), reviews a single object. */
export function toolRunsFor(flow: 'technical' | 'marketing', pkg: StoredPackage, passed: boolean, at: string, nextId: () => string, reasons: string[] = ['Gallery images are missing']): StoredPackage['runs'] {
  const status = passed ? 'pass' : 'fail';
  const upper = passed ? 'PASS' : 'FAIL';
  const base = { vendor: String(pkg.record.sku ?? '').split('/')[0] ?? '', extension: String(pkg.record.name ?? ''), version: String(pkg.record.version ?? ''), date: at };
  if (flow === 'technical') {
    return [
      { tool_run_id: nextId(), name: 'phpcs', status, date: at, report: { tool: 'phpcs', status: upper, reports: [{ ...base, tool: 'phpcs', status: upper, php_version: '8.3', details: { totals: { errors: passed ? 0 : 1, warnings: 0, fixable: 0 }, files: passed ? {} : { 'Model/Checkout.php': { errors: 1, warnings: 0, messages: [{ message: reasons[0] ?? 'Coding standard violation', source: 'Magento2.Security.XssTemplate', severity: 10, type: 'ERROR', line: 12, column: 5, fixable: false }] } } } }] } },
      { tool_run_id: nextId(), name: 'varnish', status, date: at, report: { tool: 'varnish', status: upper, reports: [{ ...base, tool: 'varnish', status: upper, php_version: '8.3', magento_platform: 'M2', magento_edition: 'CE', magento_version: '2.4.8', details: [{ command: 'bin/magento setup:upgrade', output: 'ok' }] }] } },
      { tool_run_id: nextId(), name: 'phpcpd', status: 'pass', date: at, report: { tool: 'phpcpd', status: 'PASS', reports: [] } },
    ];
  }
  return [{ tool_run_id: nextId(), name: 'marketing', status, date: at, report: { tool: 'marketing', status: upper, reports: { ...base, tool: 'marketing', status: upper, details: { reasons: passed ? [] : reasons, message: passed ? 'Approved' : 'Rejected', attachment: '' } } } }];
}
