/**
 * A file-backed IdempotencyStore (Node only; exported from `@magekit/marketplace/node`): one small
 * JSON file per key in a directory, so handled callbacks are remembered across restarts and
 * processes on one machine share them. A claim is an exclusive create (`wx`), which the file system
 * makes atomic; completing rewrites the file through a rename, so a crash never leaves half a record.
 * An expired claim (a process that died mid-handler) is taken over by unlinking it and claiming
 * again with `wx`, so of two processes racing for it only one wins.
 */
import { mkdir, open, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigurationError } from '@magekit/core';
import { checkDuration, type ClaimResult, type IdempotencyStore } from './idempotency.ts';

export interface FileIdempotencyStoreOptions {
  /** How long a completed key is remembered, in ms. Default 7 days. */
  retain?: number | undefined;
  now?: (() => number) | undefined;
}

type Record_ = { state: 'claimed'; until: number; owner?: string | undefined } | { state: 'completed'; at: number };

const SAFE_KEY = /^[A-Za-z0-9_.-]{1,200}$/;

export function createFileIdempotencyStore(directory: string, options: FileIdempotencyStoreOptions = {}): IdempotencyStore & { prune(): Promise<number> } {
  if (typeof directory !== 'string' || !directory) throw new ConfigurationError('createFileIdempotencyStore needs a directory path.', { service: 'marketplace' });
  const retain = checkDuration(options.retain, 'retain', 7 * 24 * 3_600_000);
  const now = options.now ?? Date.now;
  let ready: Promise<unknown> | undefined;
  let lastPrune = 0;

  const fileOf = (key: string) => {
    // Keys become file names: anything that could climb out of the directory is refused.
    if (!SAFE_KEY.test(key) || key.startsWith('.')) throw new ConfigurationError(`Idempotency key ${JSON.stringify(key.slice(0, 60))} cannot be a file name: use letters, digits, _ . - (at most 200).`, { service: 'marketplace' });
    return join(directory, `${key}.json`);
  };

  async function read(file: string): Promise<Record_ | undefined> {
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as Record_;
      return parsed && (parsed.state === 'claimed' || parsed.state === 'completed') ? parsed : undefined;
    } catch {
      return undefined;
    }
  }

  async function createExclusive(file: string, record: Record_): Promise<boolean> {
    let handle;
    try {
      handle = await open(file, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
    try {
      await handle.writeFile(JSON.stringify(record));
    } finally {
      await handle.close();
    }
    return true;
  }

  async function prune(): Promise<number> {
    const at = now();
    let removed = 0;
    for (const name of await readdir(directory).catch(() => [] as string[])) {
      if (!name.endsWith('.json')) continue;
      const file = join(directory, name);
      const record = await read(file);
      if (record?.state === 'completed' && at - record.at > retain) {
        await unlink(file).catch(() => undefined);
        removed += 1;
      }
    }
    return removed;
  }

  async function setup(): Promise<void> {
    ready ??= mkdir(directory, { recursive: true });
    await ready;
    // Forgetting old keys is housekeeping: at most once a minute, never on the response's path twice.
    const at = now();
    if (at - lastPrune > Math.max(60_000, retain / 100)) {
      lastPrune = at;
      void prune().catch(() => undefined);
    }
  }

  return {
    async claim(key, leaseMs, owner): Promise<ClaimResult> {
      const file = fileOf(key);
      await setup();
      for (let attempt = 0; attempt < 3; attempt++) {
        if (await createExclusive(file, { state: 'claimed', until: now() + leaseMs, ...(owner === undefined ? {} : { owner }) })) return 'claimed';
        const record = await read(file);
        if (record === undefined) {
          // Being written by the claimant this instant, or a torn file: a young one is in progress.
          const age = now() - (await stat(file).then((s) => s.mtimeMs).catch(() => 0));
          if (age < leaseMs) return 'in-progress';
        } else if (record.state === 'completed') {
          if (now() - record.at <= retain) return 'completed';
        } else if (record.until > now()) {
          return 'in-progress';
        }
        // Expired claim or forgotten completion: remove it and race for a fresh claim.
        await unlink(file).catch(() => undefined);
      }
      return 'in-progress';
    },
    async complete(key) {
      const file = fileOf(key);
      await setup();
      const temp = `${file}.${now()}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temp, JSON.stringify({ state: 'completed', at: now() } satisfies Record_));
      await rename(temp, file);
    },
    async release(key, owner) {
      const file = fileOf(key);
      const record = await read(file);
      // Only the claim's owner frees it: after a takeover the file holds the newer delivery's claim.
      if (record?.state === 'claimed' && (owner === undefined || record.owner === undefined || record.owner === owner)) await unlink(file).catch(() => undefined);
    },
    prune,
  };
}
