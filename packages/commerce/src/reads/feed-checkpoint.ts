/**
 * A change feed's checkpoint: an opaque string the caller stores after each page it has handled and
 * gives back to go on from there. Inside, base64url JSON and a checksum (so a checkpoint cut short or
 * edited is refused, not half-read): which feed it belongs to (route, base URL, store view), where
 * the next read starts, the run under way if one was interrupted, and the records delivered that a
 * later read may meet again (to drop those duplicates). Decoding checks all of it before anything is sent.
 */
import { CheckpointError } from './checkpoint.ts';
import { contentHash } from './content-hash.ts';
import { isTimestamp, type Timestamp } from './timestamps.ts';

/** A record's unique key on its route (`entity_id` for orders, products, customers). */
export type RecordKey = number | string;

/** A delivered record, as the overlap of a later read recognises it. */
export interface Delivered {
  /** Its updated_at when delivered. */
  at: Timestamp;
  /** contentHash of the item as delivered: a record saved twice within one second keeps its updated_at, not its content. */
  hash: string;
}

/** Which feed a checkpoint belongs to. */
export interface FeedIdentity {
  route: string;
  baseUrl: string;
  /** The store view the feed reads through ('' for the installation's default URL). */
  storeCode: string;
}

export interface FeedState {
  /** The current (or next) run starts at this updated_at, inclusive; undefined: from the oldest record. */
  low: Timestamp | undefined;
  /** An interrupted run: its upper bound, fixed when it started, and the last (updated_at, key) delivered. */
  run: { high: Timestamp; after: readonly [Timestamp, RecordKey] | undefined } | undefined;
  /** Delivered records a later read may meet again, by key (the latest delivery of each). */
  seen: Map<RecordKey, Delivered>;
}

const PREFIX = 'feed1';
const VERSION = 1;

interface Wire {
  v: number;
  route: string;
  base: string;
  store: string;
  low: Timestamp | null;
  run: { high: Timestamp; after: [Timestamp, RecordKey] | null } | null;
  /** updated_at → [key, hash, key, hash, ...]: grouped by second, the commonest repeated value. */
  seen: Record<Timestamp, RecordKey[] | string[]>;
}

export function encodeCheckpoint(identity: FeedIdentity, state: FeedState): string {
  const seen: Record<Timestamp, (RecordKey | string)[]> = {};
  for (const [key, { at, hash }] of state.seen) (seen[at] ??= []).push(key, hash);
  const wire: Wire = {
    v: VERSION,
    route: identity.route,
    base: identity.baseUrl,
    store: identity.storeCode,
    low: state.low ?? null,
    run: state.run ? { high: state.run.high, after: state.run.after ? [...state.run.after] : null } : null,
    seen: seen as Wire['seen'],
  };
  const json = JSON.stringify(wire);
  return `${PREFIX}.${toBase64Url(json)}.${contentHash(json)}`;
}

/** Whether a text is meant as a checkpoint (rather than a date): it carries the checkpoint prefix. */
export function looksLikeCheckpoint(text: string): boolean {
  return text.trim().startsWith(`${PREFIX}.`);
}

const START_AGAIN = 'Use the last checkpoint stored whole, or start again from a date (records changed since then are delivered again).';

/** The state inside a checkpoint, once it is whole and belongs to this feed; a CheckpointError otherwise. */
export function decodeCheckpoint(text: string, identity: FeedIdentity): FeedState {
  const wire = readWire(text.trim());
  for (const [field, problem, what] of [
    ['route', 'route', 'route'],
    ['base', 'baseUrl', 'base URL'],
    ['store', 'storeCode', 'store view'],
  ] as const) {
    const expected = { route: identity.route, base: identity.baseUrl, store: identity.storeCode }[field];
    if (wire[field] !== expected) {
      const show = (value: string) => (field === 'store' && value === '' ? 'no store code' : `"${value}"`);
      throw new CheckpointError(
        `This change-feed checkpoint belongs to ${what} ${show(wire[field])}, not ${show(expected)}: nothing was sent.`,
        problem,
        `Each feed (route, base URL and store view) keeps its own checkpoint: pass the one this feed stored last. ${START_AGAIN}`,
      );
    }
  }
  const seen = new Map<RecordKey, Delivered>();
  for (const [at, flat] of Object.entries(wire.seen)) {
    for (let i = 0; i < flat.length; i += 2) seen.set(flat[i]!, { at, hash: flat[i + 1] as string });
  }
  return {
    low: wire.low ?? undefined,
    run: wire.run ? { high: wire.run.high, after: wire.run.after ?? undefined } : undefined,
    seen,
  };
}

function readWire(text: string): Wire {
  const damaged = (why: string) =>
    new CheckpointError(`The change-feed checkpoint is damaged (${why}): nothing was sent.`, 'damaged', `A checkpoint is the whole string a feed gave (it starts with "${PREFIX}."). ${START_AGAIN}`);
  const parts = text.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX) throw damaged(`it does not have the form ${PREFIX}.<data>.<checksum>`);
  let json: string;
  try {
    json = fromBase64Url(parts[1]!);
  } catch {
    throw damaged('its data is not base64url');
  }
  if (contentHash(json) !== parts[2]) throw damaged('its checksum does not match: it was cut short or edited');
  let wire: unknown;
  try {
    wire = JSON.parse(json);
  } catch {
    throw damaged('its data is not JSON');
  }
  const problem = wireProblem(wire);
  if (problem) throw damaged(problem);
  return wire as Wire;
}

const isKey = (value: unknown): value is RecordKey => (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'string';

/** What is wrong with a decoded checkpoint's shape (a checkpoint of another version, or one built by hand). */
function wireProblem(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return 'its data is not an object';
  const wire = value as Partial<Record<keyof Wire, unknown>>;
  if (wire.v !== VERSION) return `version ${JSON.stringify(wire.v)}, this SDK reads version ${VERSION}`;
  if (typeof wire.route !== 'string' || typeof wire.base !== 'string' || typeof wire.store !== 'string') return 'it does not name its route, base URL and store view';
  if (wire.low !== null && !isTimestamp(wire.low)) return 'its start is not a timestamp';
  if (wire.run !== null) {
    const run = wire.run as { high?: unknown; after?: unknown } | undefined;
    if (!run || typeof run !== 'object' || !isTimestamp(run.high)) return "its run's upper bound is not a timestamp";
    const after = run.after;
    if (after !== null && !(Array.isArray(after) && after.length === 2 && isTimestamp(after[0]) && isKey(after[1]))) return "its run's position is not [updated_at, key]";
  }
  if (!wire.seen || typeof wire.seen !== 'object' || Array.isArray(wire.seen)) return 'its delivered records are not a map';
  for (const [at, flat] of Object.entries(wire.seen)) {
    if (!isTimestamp(at) || !Array.isArray(flat) || flat.length % 2 !== 0) return 'its delivered records are not [key, hash] pairs by timestamp';
    for (let i = 0; i < flat.length; i += 2) if (!isKey(flat[i]) || typeof flat[i + 1] !== 'string') return 'its delivered records are not [key, hash] pairs by timestamp';
  }
  return undefined;
}

/** base64url over UTF-8 (btoa alone refuses text beyond Latin-1, as a base URL or a key may hold). */
function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
