/**
 * The import journal as a file: one JSON entry per line, appended and fsynced before the call goes
 * on, so whatever the process had recorded when it died is on disk. A crash mid-write can leave a
 * torn last line; reading ignores it (the step it described is then treated as not recorded, which
 * is always the safe reading). Node only: this is the `@magekit/commerce/node` entry.
 */
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { InputError } from '@magekit/core';
import type { BulkJournal, JournalEntry } from '../async/journal.ts';

export interface FileBulkJournal extends BulkJournal {
  readonly path: string;
  /** Closes the file; entries already recorded are on disk. */
  close(): Promise<void>;
}

/**
 * Creates the journal file for one import (never reuses one: an existing file belongs to another
 * import, to be resumed or removed). Pass it as the bulk call's `journal` option.
 */
export async function openBulkJournal(path: string): Promise<FileBulkJournal> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new InputError(`The journal ${path} already exists: it records an earlier import. Resume that one (resumeBulkImport, or magekit-commerce bulk resume ${path}) or remove the file before starting a new import.`, { service: 'commerce' });
    }
    throw error;
  }
  // One write at a time, in call order: entries of concurrent chunks never interleave.
  let queue: Promise<void> = Promise.resolve();
  return {
    path,
    record(entry: JournalEntry): Promise<void> {
      const line = `${JSON.stringify(entry)}\n`;
      const write = queue.then(async () => {
        await handle.write(line);
        await handle.sync();
      });
      queue = write.catch(() => {});
      return write;
    },
    async close() {
      await queue;
      await handle.close();
    },
  };
}

export class JournalError extends InputError {
  override name = 'JournalError';
}

/** The entries of a journal file; a torn (unterminated or unparsable) last line is left out. */
export async function readBulkJournal(path: string): Promise<JournalEntry[]> {
  const text = await readFile(path, 'utf8');
  const lines = text.split('\n');
  const entries: JournalEntry[] = [];
  // The text after the last newline is a line whose write never finished.
  const complete = lines.slice(0, -1);
  complete.forEach((line, index) => {
    if (line.trim() === '') return;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      if (index === complete.length - 1) return; // torn last line: ignored
      throw new JournalError(`The journal ${path} is damaged at line ${index + 1} (not JSON), before its last line: it was not written by this SDK's journal, or was edited.`, { service: 'commerce' });
    }
    if (!isEntry(entry)) {
      if (index === complete.length - 1) return;
      throw new JournalError(`The journal ${path} has an entry the SDK does not know at line ${index + 1}.`, { service: 'commerce' });
    }
    entries.push(entry);
  });
  return entries;
}

function isEntry(value: unknown): value is JournalEntry {
  if (!value || typeof value !== 'object') return false;
  const entry = value as { type?: unknown; chunk?: unknown };
  if (entry.type === 'start') return typeof (value as { route?: unknown }).route === 'string' && typeof (value as { total?: unknown }).total === 'number';
  if (typeof entry.chunk !== 'number') return false;
  if (entry.type === 'submitting') return Array.isArray((value as { positions?: unknown }).positions);
  if (entry.type === 'submitted') return typeof (value as { bulkUuid?: unknown }).bulkUuid === 'string' && Array.isArray((value as { rejected?: unknown }).rejected);
  return entry.type === 'failed';
}
