/**
 * Checkpoints of walks: plain JSON a caller stores and hands back to go on where a walk stopped.
 *
 * Each carries a header naming what it belongs to (its kind, the route, the installation's base URL,
 * the store code, and a fingerprint of the filters, key and fields), and going on from a checkpoint
 * that belongs to another walk, or one that was damaged, is refused with a CheckpointError before
 * anything is sent: resuming another walk's place would skip records without a word.
 * A checkpoint is read from the object, its JSON text, or its opaque form (base64url of the JSON).
 */
import { InputError } from '@magekit/core';
import type { WalkPlan } from './walk.ts';

/** A checkpoint that cannot be used here: damaged, or another walk's (exports, change feeds). Nothing was sent. */
export class CheckpointError extends InputError {
  override name = 'CheckpointError';
  /** `damaged`: not a checkpoint, or cut or edited; `route`, `baseUrl`, `storeCode`, `query` (filters, key, fields): another walk's. */
  readonly problem: 'damaged' | 'route' | 'baseUrl' | 'storeCode' | 'query';
  constructor(message: string, problem: CheckpointError['problem'], hint: string) {
    super(message, { service: 'commerce', hint });
    this.problem = problem;
  }
}

const GO_ON = 'Pass the checkpoint this walk (same route, base URL, store, filters and fields) handed out last, or start without one.';

export interface CheckpointHeader {
  /** What kind of walk wrote it: `export`, `changes`. */
  magekit: string;
  version: 1;
  route: string;
  baseUrl: string;
  storeCode: string | null;
  /** A fingerprint of the walk's filters, key and fields. */
  query: string;
}

/** The header a checkpoint of `plan` carries. */
export function checkpointHeader(kind: string, plan: WalkPlan): CheckpointHeader {
  return {
    magekit: kind,
    version: 1,
    route: plan.info.key,
    baseUrl: plan.runtime.baseUrl,
    storeCode: plan.callOptions.storeCode ?? plan.runtime.storeCode ?? null,
    query: fingerprint(JSON.stringify([plan.filterGroups, plan.order, plan.fields ?? null])),
  };
}

/**
 * The checkpoint `value` (an object, its JSON text or its opaque form) when its header matches `expected`; otherwise
 * a CheckpointError that names the difference. The body is left to the caller's own check.
 */
export function readCheckpoint(value: unknown, expected: CheckpointHeader, label: string): Record<string, unknown> {
  let parsed = value;
  if (typeof value === 'string' && value.trimStart().startsWith('{')) {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw damaged(label, 'it is not JSON');
    }
  } else if (typeof value === 'string') {
    parsed = decodeCheckpoint(value, label);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw damaged(label, 'it is not an object');
  const given = parsed as Record<string, unknown>;
  if (given['magekit'] !== expected.magekit || given['version'] !== expected.version) {
    throw damaged(label, `it is not a version ${expected.version} ${expected.magekit} checkpoint (magekit: ${JSON.stringify(given['magekit'])}, version: ${JSON.stringify(given['version'])})`);
  }
  const differences = [['route', 'route'], ['baseUrl', 'base URL'], ['storeCode', 'store code'], ['query', 'filters, key or fields']] as const;
  for (const [field, what] of differences) {
    if (given[field] !== expected[field]) {
      const detail = field === 'query' ? 'other filters, key or fields' : `${what} ${JSON.stringify(given[field])}, not ${JSON.stringify(expected[field])}`;
      throw new CheckpointError(`${label}: the checkpoint belongs to another walk: ${detail}; nothing was sent.`, field, GO_ON);
    }
  }
  return given;
}

export function damaged(label: string, what: string): CheckpointError {
  return new CheckpointError(`${label}: the checkpoint is damaged: ${what}; nothing was sent.`, 'damaged', GO_ON);
}

/** A checkpoint's opaque form: base64url of its JSON (UTF-8), one string that survives any store. */
export function opaqueCheckpoint(checkpoint: CheckpointHeader & Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(checkpoint));
  let binary = '';
  // In chunks: one call with every byte as an argument would overflow the stack on a large checkpoint.
  for (let rest = bytes; rest.length > 0; rest = rest.subarray(0x8000)) binary += String.fromCharCode(...rest.subarray(0, 0x8000));
  // Base64 writes "=" only as the padding at its end.
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, '');
}

/** The checkpoint inside its opaque form (base64url of its JSON); a CheckpointError when the text is not one. */
function decodeCheckpoint(text: string, label: string): unknown {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  } catch {
    throw damaged(label, 'it is not a checkpoint string this SDK wrote');
  }
}

/** FNV-1a, 32 bits, hex: enough to tell two walks' queries apart, not a security measure. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
