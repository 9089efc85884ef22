/**
 * Exactly-once handling of callbacks the service may deliver more than once. A delivery first
 * claims its key; only the claimant runs the handler; success completes the key (a redelivery is
 * then acknowledged without running the handler again) and failure releases it (a redelivery is
 * then handled as if it were the first). A claim is a lease: a handler that never settles (a
 * crashed process) stops blocking redeliveries when the lease runs out.
 *
 * The store is an interface so a database or Redis can back it; this module has the in-memory
 * default (one process, forgotten on restart). `createFileIdempotencyStore` in
 * `@magekit/marketplace/node` survives restarts and is shared by processes on one machine.
 */
import { ConfigurationError } from '@magekit/core';

/**
 * `claimed`: you own the key now, run the handler, then complete() or release().
 * `completed`: an earlier delivery was handled; acknowledge this one.
 * `in-progress`: another delivery holds an unexpired claim; ask the sender to retry later.
 */
export type ClaimResult = 'claimed' | 'completed' | 'in-progress';

/**
 * `owner` identifies one delivery's claim (the handler passes a fresh random id per delivery). A store
 * that keeps it releases a claim only for its owner: a handler that failed after its lease ran out
 * (and another delivery took the key over) must not free the newer claim. Stores that ignore it
 * still work, without that protection.
 */
export interface IdempotencyStore {
  /** Claims `key` for `leaseMs` unless it is completed or claimed by someone else. Must be atomic. */
  claim(key: string, leaseMs: number, owner?: string): Promise<ClaimResult>;
  /** The handler succeeded: later claims answer `completed` (for as long as the store retains it). */
  complete(key: string, owner?: string): Promise<void>;
  /** The handler failed or was abandoned: the next claim succeeds, unless the claim is no longer `owner`'s. */
  release(key: string, owner?: string): Promise<void>;
}

export interface MemoryIdempotencyStoreOptions {
  /** How long a completed key is remembered, in ms. Default 7 days. */
  retain?: number | undefined;
  /** At most this many completed keys are remembered (the oldest go first). Default 100 000. */
  maxEntries?: number | undefined;
  now?: (() => number) | undefined;
}

type Entry = { state: 'claimed'; until: number; owner: string | undefined } | { state: 'completed'; at: number };

export function checkDuration(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new ConfigurationError(`${name} must be a positive number of milliseconds, got ${JSON.stringify(value)}.`, { service: 'marketplace' });
  }
  return value;
}

export function createMemoryIdempotencyStore(options: MemoryIdempotencyStoreOptions = {}): IdempotencyStore {
  const retain = checkDuration(options.retain, 'retain', 7 * 24 * 3_600_000);
  const maxEntries = options.maxEntries ?? 100_000;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new ConfigurationError(`maxEntries must be a positive integer, got ${JSON.stringify(maxEntries)}.`, { service: 'marketplace' });
  const now = options.now ?? Date.now;
  // Insertion order is completion order for completed keys: the first ones are the oldest.
  const entries = new Map<string, Entry>();

  function prune(at: number): void {
    for (const [key, entry] of entries) {
      if (entry.state === 'completed' && (at - entry.at > retain || entries.size > maxEntries)) entries.delete(key);
      else if (entry.state === 'completed') break;
    }
  }

  return {
    async claim(key, leaseMs, owner) {
      const at = now();
      const entry = entries.get(key);
      if (entry?.state === 'completed' && at - entry.at <= retain) return 'completed';
      if (entry?.state === 'claimed' && entry.until > at) return 'in-progress';
      entries.delete(key);
      entries.set(key, { state: 'claimed', until: at + leaseMs, owner });
      return 'claimed';
    },
    async complete(key) {
      const at = now();
      entries.delete(key);
      entries.set(key, { state: 'completed', at });
      prune(at);
    },
    async release(key, owner) {
      const entry = entries.get(key);
      if (entry?.state === 'claimed' && (owner === undefined || entry.owner === undefined || entry.owner === owner)) entries.delete(key);
    },
  };
}

/**
 * The default key of a delivery: SHA-256 of its canonical JSON (keys sorted), so the same update
 * delivered twice has one key whatever order its fields arrive in, and a new update (a new status,
 * a new modified_at) has its own.
 */
export async function deliveryKey(body: { callback_event: string; update_info: unknown }): Promise<string> {
  const text = canonicalJson({ callback_event: body.callback_event, update_info: body.update_info });
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `${body.callback_event.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40)}-${[...digest].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
