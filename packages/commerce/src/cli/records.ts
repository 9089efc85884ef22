/**
 * Records as the read commands print them: NDJSON (one JSON object a line), or CSV (RFC 4180) whose
 * columns are the top-level names `--fields` selects, nested values written as JSON in their cell.
 */
import { toSelection } from '../fields/index.ts';
import { CliError } from './errors.ts';

export interface RecordWriter {
  /** The text before the first record (the CSV header row). */
  head: string;
  /** The lines for a page of records. */
  lines(records: readonly unknown[]): string;
}

export function recordWriter(format: string | undefined, fields: string | undefined): RecordWriter {
  if (format === undefined || format === 'ndjson') return { head: '', lines: (records) => records.map((r) => `${JSON.stringify(r)}\n`).join('') };
  if (format !== 'csv') throw new CliError(`--format ${format} is not a format: use ndjson (the default) or csv.`);
  if (fields === undefined) throw new CliError('CSV needs its columns: pass --fields, e.g. --fields sku,name,price (nested values are written as JSON in their cell).');
  const columns = toSelection(fields).flatMap((entry) => (typeof entry === 'string' ? [entry] : Object.keys(entry)));
  return {
    head: `${columns.map(csvCell).join(',')}\r\n`,
    lines: (records) =>
      records
        .map((record) => {
          const row = (record ?? {}) as Record<string, unknown>;
          return `${columns.map((column) => csvCell(row[column])).join(',')}\r\n`;
        })
        .join(''),
  };
}

/** A cell: empty for null/absent, JSON for objects and arrays, quoted when it holds a comma, a quote or a line break. */
function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
