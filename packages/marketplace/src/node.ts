/**
 * Node-only helpers (kept out of the main entry so it stays browser- and edge-safe):
 * - toNodeListener: runs a Fetch-API handler (the callback receiver) under node:http or Express;
 * - fileFromPath: a File for files.upload from a path on disk, read lazily by the upload;
 * - createFileIdempotencyStore: handled callbacks remembered on disk, across restarts.
 */
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { InputError } from '@magekit/core';
import { contentTypeFor } from './files.ts';

export { createFileIdempotencyStore, type FileIdempotencyStoreOptions } from './callbacks/file-store.ts';

export { toNodeListener, toRequest, type FetchHandler } from '@magekit/core/node';

/** A File for files.upload, backed by the file on disk; the content type follows the extension unless given. */
export async function fileFromPath(path: string, options: { filename?: string; contentType?: string } = {}): Promise<File> {
  const filename = options.filename ?? basename(path);
  const type = options.contentType ?? contentTypeFor(filename);
  if (!type) throw new InputError(`fileFromPath: cannot tell the content type of "${filename}"; pass { contentType }.`, { service: 'marketplace' });
  const blob = await openAsBlob(path, { type });
  return new File([blob], filename, { type });
}
