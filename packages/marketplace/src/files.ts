/**
 * Files: the multipart upload (every part named `file[]`, each with its filename and its own
 * Content-Type) and the wait for the asynchronous malware scan, by polling and, when the app
 * receives callbacks, woken early by them.
 */
import { AbortError, InputError, ResponseError, TimeoutError, createWakeableDelay } from '@magekit/core';
import type { components } from './generated/schema.ts';

export type FileRecord = components['schemas']['FileRecord'];
export type UploadResult = components['schemas']['UploadResult'];

/** A File (name and type taken from it), or bytes with a name and a content type. */
export type UploadSource = Blob | { data: Blob | ArrayBuffer | ArrayBufferView | string; filename: string; contentType?: string };

const TYPE_BY_EXTENSION: Record<string, string> = {
  zip: 'application/zip',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

export function contentTypeFor(filename: string): string | undefined {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  return ext === undefined ? undefined : TYPE_BY_EXTENSION[ext];
}

function partOf(source: UploadSource, position: number): { blob: Blob; filename: string } {
  const fail = (why: string) => new InputError(`files.upload: file ${position} ${why}`, { service: 'marketplace' });
  if (source instanceof Blob) {
    const filename = (source as Partial<File>).name;
    if (typeof filename !== 'string' || !filename) throw fail('is a Blob without a name; pass a File or { data, filename, contentType }.');
    const type = source.type || contentTypeFor(filename);
    if (!type) throw fail(`("${filename}") has no content type and none can be inferred from its extension; pass { data, filename, contentType }.`);
    return { blob: source.type ? source : new Blob([source], { type }), filename };
  }
  if (!source || typeof source !== 'object' || typeof source.filename !== 'string' || !source.filename) throw fail('needs a filename.');
  const type = source.contentType ?? contentTypeFor(source.filename);
  if (!type) throw fail(`("${source.filename}") needs a contentType: its extension is not one the service recognizes.`);
  const data = source.data;
  if (!(data instanceof Blob) && !(data instanceof ArrayBuffer) && !ArrayBuffer.isView(data) && typeof data !== 'string') throw fail('has data that is not a Blob, ArrayBuffer, typed array or string.');
  return { blob: new Blob([data as BlobPart], { type }), filename: source.filename };
}

/** The multipart body: one `file[]` part per source, in order (the response follows this order). */
export function buildUploadForm(sources: readonly UploadSource[]): FormData {
  if (!Array.isArray(sources) || sources.length === 0) throw new InputError('files.upload needs at least one file.', { service: 'marketplace' });
  const form = new FormData();
  sources.forEach((source, i) => {
    const { blob, filename } = partOf(source, i);
    form.append('file[]', blob, filename);
  });
  return form;
}

export function checkUploadResponse(response: unknown, count: number, url: string): UploadResult[] {
  if (!Array.isArray(response) || response.length !== count || response.some((r) => !r || typeof (r as UploadResult).file_upload_id !== 'string')) {
    throw new ResponseError(`POST ${url} sent ${count} file(s) but the response is not ${count} upload record(s) with file_upload_id.`, JSON.stringify(response) ?? '', { service: 'marketplace', method: 'POST', url });
  }
  return response as UploadResult[];
}

/** Scan results pushed by your callback receiver, to wake waitForMalwareScan before its next poll. */
export interface MalwareScanFeed {
  push(update: { file_upload_id: string }): void;
  subscribe(listener: (fileUploadId: string) => void): () => void;
}

export function createMalwareScanFeed(): MalwareScanFeed {
  const listeners = new Set<(id: string) => void>();
  return {
    push(update) {
      for (const listener of listeners) listener(update.file_upload_id);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export interface WaitForMalwareScanOptions {
  /** Poll interval in ms. Default 5 000. */
  pollInterval?: number | undefined;
  /** Give up after this many ms. Default 600 000. */
  maxWait?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Callback-fed scan results: a pushed id is re-read at once instead of at the next poll. */
  feed?: MalwareScanFeed | undefined;
  /** Called after each round with how many files are still being scanned. */
  onProgress?: ((pending: number) => void) | undefined;
}

/** Resolves with each file's record (in the order given) once none is `in-progress`. */
export async function waitForMalwareScan(
  getFile: (id: string, signal: AbortSignal | undefined) => Promise<FileRecord>,
  fileIds: readonly string[],
  options: WaitForMalwareScanOptions = {},
): Promise<FileRecord[]> {
  if (!Array.isArray(fileIds) || fileIds.some((id) => typeof id !== 'string' || !id)) {
    throw new InputError('waitForMalwareScan needs an array of file_upload_id strings.', { service: 'marketplace' });
  }
  const pollInterval = options.pollInterval ?? 5_000;
  const deadline = Date.now() + (options.maxWait ?? 600_000);
  const done = new Map<string, FileRecord>();
  const woken = new Set<string>();
  const delay = createWakeableDelay();
  const unsubscribe = options.feed?.subscribe((id) => {
    if (fileIds.includes(id) && !done.has(id)) {
      woken.add(id);
      delay.wake();
    }
  });
  try {
    let ids = [...new Set(fileIds)];
    for (;;) {
      if (options.signal?.aborted) throw new AbortError('waitForMalwareScan was aborted by the caller.', { service: 'marketplace', cause: options.signal.reason });
      const records = await Promise.all(ids.map((id) => getFile(id, options.signal)));
      for (const record of records) if (record.malware_status !== 'in-progress') done.set(record.file_upload_id, record);
      const pending = fileIds.filter((id) => !done.has(id));
      options.onProgress?.(pending.length);
      if (pending.length === 0) return fileIds.map((id) => done.get(id)!);
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new TimeoutError(`waitForMalwareScan: ${pending.length} file(s) still in-progress after ${options.maxWait ?? 600_000} ms (${pending.join(', ')}).`, { service: 'marketplace' });
      }
      // A callback that arrived while the last round was reading skips the wait.
      if (woken.size === 0) await delay.wait(Math.min(pollInterval, left), options.signal);
      // A callback names the files worth re-reading; a timer round re-reads everything pending.
      const named = pending.filter((id) => woken.has(id));
      woken.clear();
      ids = named.length ? named : pending;
    }
  } finally {
    unsubscribe?.();
  }
}
