/** The change feed's parts that need no server: its checkpoint, its memory of the overlap, its timestamps. */
import { describe, expect, it } from 'vitest';
import { CheckpointError, type CheckpointHeader } from '../../src/reads/checkpoint.ts';
import { decodeCheckpoint, encodeCheckpoint, looksLikeCheckpoint, type FeedState } from '../../src/reads/feed-checkpoint.ts';
import { MAX_REMEMBERED, dropDelivered, rememberPage } from '../../src/reads/feed-overlap.ts';
import { isTimestamp, parseSince, secondsBefore, wholeSeconds } from '../../src/reads/timestamps.ts';

const ORDERS: CheckpointHeader = { magekit: 'changes', version: 1, route: 'GET /V1/orders', baseUrl: 'https://shop.example.com', storeCode: null, query: '0badc0de' };
const LABEL = 'readChanges: GET /V1/orders';
const STATE: FeedState = {
  low: '2024-05-01 10:00:00',
  run: { high: '2024-05-01 11:00:00', after: ['2024-05-01 10:30:00', 42] },
  seen: new Map<number | string, { at: string; hash: string }>([
    [42, { at: '2024-05-01 10:30:00', hash: 'abc' }],
    ['SKU-é', { at: '2024-05-01 10:30:00', hash: 'def' }],
    [7, { at: '2024-05-01 10:59:59', hash: 'ghi' }],
  ]),
};
const decode = (text: string, header = ORDERS) => decodeCheckpoint(text, header, LABEL);
const opaque = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('change-feed checkpoints', () => {
  it('round-trip: the state comes back as it went in, in an opaque string', () => {
    const text = encodeCheckpoint(ORDERS, STATE);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decode(text)).toEqual(STATE);
    expect(decode(encodeCheckpoint(ORDERS, { low: undefined, run: undefined, seen: new Map() }))).toEqual({ low: undefined, run: undefined, seen: new Map() });
  });

  it('reads a checkpoint stored with blanks around it (a trailing newline, a copied no-break space), opaque or as its JSON', () => {
    const text = encodeCheckpoint(ORDERS, STATE);
    expect(looksLikeCheckpoint(`\n${text}\u00a0`)).toBe(true);
    expect(decode(`\n${text}\u00a0`)).toEqual(STATE);
    const json = Buffer.from(text, 'base64url').toString();
    expect(looksLikeCheckpoint(` ${json}\n`)).toBe(true);
    expect(decode(` ${json}\n`)).toEqual(STATE);
    // A date is not taken for a checkpoint.
    expect(looksLikeCheckpoint('2024-05-01 10:00:00')).toBe(false);
    expect(looksLikeCheckpoint('2024-05-01T10:00:00+02:00')).toBe(false);
  });

  it("refuses another route's, base URL's, store view's or query's checkpoint, naming what differs", () => {
    const text = encodeCheckpoint(ORDERS, STATE);
    const refusal = (header: CheckpointHeader) => {
      try {
        decode(text, header);
      } catch (error) {
        return error as CheckpointError;
      }
      throw new Error('accepted');
    };
    const route = refusal({ ...ORDERS, route: 'GET /V1/products' });
    expect(route).toBeInstanceOf(CheckpointError);
    expect(route).toMatchObject({ kind: 'input', problem: 'route' });
    expect(route.message).toBe('readChanges: GET /V1/orders: the checkpoint belongs to another walk: route "GET /V1/orders", not "GET /V1/products"; nothing was sent.');
    expect(refusal({ ...ORDERS, baseUrl: 'https://staging.example.com' })).toMatchObject({ problem: 'baseUrl', message: expect.stringContaining('base URL "https://shop.example.com", not "https://staging.example.com"') });
    expect(refusal({ ...ORDERS, storeCode: 'de' })).toMatchObject({ problem: 'storeCode' });
    expect(refusal({ ...ORDERS, query: '12345678' })).toMatchObject({ problem: 'query' });
    expect(refusal({ ...ORDERS, magekit: 'export' })).toMatchObject({ problem: 'damaged' });
  });

  it('refuses a damaged checkpoint: cut, not base64url, or with a body this SDK does not write', () => {
    const text = encodeCheckpoint(ORDERS, STATE);
    const wire = { ...ORDERS, low: null, run: null, seen: {} };
    expect(decode(opaque(wire))).toEqual({ low: undefined, run: undefined, seen: new Map() });
    // A run without a position yet, and keys as numbers or strings.
    expect(decode(opaque({ ...wire, run: { high: '2024-05-01 10:00:00', after: null }, seen: { '2024-05-01 10:00:00': [1, 'h1', 'SKU-1', 'h2'] } }))).toEqual({
      low: undefined,
      run: { high: '2024-05-01 10:00:00', after: undefined },
      seen: new Map<number | string, { at: string; hash: string }>([[1, { at: '2024-05-01 10:00:00', hash: 'h1' }], ['SKU-1', { at: '2024-05-01 10:00:00', hash: 'h2' }]]),
    });
    for (const [bad, why] of [
      [text.slice(0, -7), 'not a checkpoint string this SDK wrote'],
      ['{"magekit": "changes"', 'it is not JSON'],
      [opaque({ ...wire, low: '2024-05-01T10:00:00Z' }), 'its start is not a timestamp'],
      [opaque({ ...wire, run: { high: '2024-05-01 10:00:00', after: [1, 2] } }), "its run's position is not [updated_at, key]"],
      [opaque({ ...wire, seen: { '2024-05-01 10:00:00': [1] } }), 'not [key, hash] pairs'],
      [opaque({ ...wire, seen: { '2024-05-01 10:00:00': [1, 2] } }), 'its delivered records are not [key, hash] pairs by timestamp'],
      [opaque({ ...wire, seen: { '2024-05-01 10:00:00': [null, 'abc'] } }), 'its delivered records are not [key, hash] pairs by timestamp'],
      [opaque({ ...wire, seen: { yesterday: [] } }), 'its delivered records are not [key, hash] pairs by timestamp'],
      [opaque({ ...wire, seen: { '2024-05-01 10:00:00': 'abc' } }), 'its delivered records are not [key, hash] pairs by timestamp'],
      [opaque({ ...wire, seen: [] }), 'its delivered records are not a map'],
      [opaque({ ...wire, seen: null }), 'its delivered records are not a map'],
      [opaque({ ...wire, seen: 'abc' }), 'its delivered records are not a map'],
      [opaque({ ...wire, run: { high: '2024-05-01' } }), "its run's upper bound is not a timestamp"],
      [opaque({ ...wire, run: 'now' }), "its run's upper bound is not a timestamp"],
      [opaque({ ...ORDERS, low: null, seen: {} }), "its run's upper bound is not a timestamp"], // no run at all
      [opaque({ ...wire, run: { high: '2024-05-01 10:00:00', after: { 0: '2024-05-01 10:00:00', 1: 5, length: 2 } } }), "its run's position is not [updated_at, key]"],
      [opaque({ ...wire, run: { high: '2024-05-01 10:00:00', after: ['2024-05-01 10:00:00', 5, 6] } }), "its run's position is not [updated_at, key]"],
      [opaque({ ...wire, seen: { '2024-05-01 10:00:00': 'abcd' } }), 'its delivered records are not [key, hash] pairs by timestamp'],
      [opaque({ ...wire, run: { high: '2024-05-01 10:00:00', after: ['2024-05-01 10:00:00'] } }), "its run's position is not [updated_at, key]"],
      [opaque({ ...wire, run: { high: '2024-05-01 10:00:00', after: ['2024-05-01 10:00:00', null] } }), "its run's position is not [updated_at, key]"],
      [opaque({ ...wire, run: { high: '2024-05-01 10:00:00', after: '2024-05-01 10:00:00' } }), "its run's position is not [updated_at, key]"],
      [opaque({ ...wire, version: 2 }), 'it is not a version 1 changes checkpoint'],
    ] as const) {
      expect(() => decode(bad), bad).toThrow(why);
      expect(() => decode(bad)).toThrow(CheckpointError);
    }
  });
});

describe('the overlap memory', () => {
  it('drops a record only when key, updated_at and content all match what was delivered', () => {
    const first = dropDelivered(new Map(), [{ item: { id: 1, status: 'new' }, key: 1, at: '2024-05-01 10:00:00' }]);
    expect(first.dropped).toBe(0);
    const seen = rememberPage(new Map(), first.fresh, '2024-05-01 00:00:00');
    const again = (item: object, at: string) => dropDelivered(seen, [{ item, key: 1, at }]);
    expect(again({ id: 1, status: 'new' }, '2024-05-01 10:00:00').dropped).toBe(1);
    // Saved again within the same second: updated_at is the same, the content is not.
    expect(again({ id: 1, status: 'paid' }, '2024-05-01 10:00:00').fresh).toHaveLength(1);
    expect(again({ id: 1, status: 'new' }, '2024-05-01 10:00:01').fresh).toHaveLength(1);
  });

  it('forgets what no read will meet again, and the oldest beyond its bound', () => {
    const arrivals = (n: number, second: (i: number) => number) =>
      dropDelivered(new Map(), Array.from({ length: n }, (_, i) => ({ item: { id: i }, key: i, at: `2024-05-01 10:00:${String(second(i)).padStart(2, '0')}` }))).fresh;
    const kept = rememberPage(new Map(), arrivals(10, (i) => i), '2024-05-01 10:00:05');
    expect([...kept.keys()]).toEqual([5, 6, 7, 8, 9]);
    // The oldest go first wherever they sit in the memory (here the first two and the last three).
    const oldest = [0, 1, MAX_REMEMBERED + 2, MAX_REMEMBERED + 3, MAX_REMEMBERED + 4];
    const bounded = rememberPage(new Map(), arrivals(MAX_REMEMBERED + 5, (i) => (oldest.includes(i) ? 0 : 30 + (i % 2))), '2024-05-01 00:00:00');
    expect(bounded.size).toBe(MAX_REMEMBERED);
    expect(oldest.filter((key) => bounded.has(key))).toEqual([]);
    // Under the bound nothing is forgotten, however many.
    expect(rememberPage(new Map(), arrivals(15_000, (i) => i % 60), '2024-05-01 00:00:00').size).toBe(15_000);
    // Newest first in the memory: still the oldest go.
    const reversed = rememberPage(new Map(), arrivals(MAX_REMEMBERED + 3, (i) => (i < MAX_REMEMBERED ? 59 - (i % 50) : 0)), '2024-05-01 00:00:00');
    expect([MAX_REMEMBERED, MAX_REMEMBERED + 1, MAX_REMEMBERED + 2].some((key) => reversed.has(key))).toBe(false);
    expect(reversed.size).toBe(MAX_REMEMBERED);
  });

  it('within one second, forgets the records it has held longest first', () => {
    const at = '2024-05-01 10:00:00';
    const held = dropDelivered(new Map(), Array.from({ length: MAX_REMEMBERED }, (_, i) => ({ item: { id: i }, key: i, at }))).fresh;
    const memory = rememberPage(new Map(), held, '2024-05-01 00:00:00');
    // Three more in the same second: the three remembered first (keys 0, 1, 2) make room, the newcomers stay.
    const newcomers = dropDelivered(memory, [0, 1, 2].map((i) => ({ item: { id: `new-${i}` }, key: `new-${i}`, at }))).fresh;
    const after = rememberPage(memory, newcomers, '2024-05-01 00:00:00');
    expect(after.size).toBe(MAX_REMEMBERED);
    expect([0, 1, 2, 3].map((key) => after.has(key))).toEqual([false, false, false, true]);
    expect(['new-0', 'new-1', 'new-2'].every((key) => after.has(key))).toBe(true);
  });
});

describe('timestamps', () => {
  it("reads a caller's since in the platform's form, as a day, or as an ISO instant (to UTC)", () => {
    expect(parseSince('2024-05-01 10:00:00')).toBe('2024-05-01 10:00:00');
    expect(parseSince('2024-05-01')).toBe('2024-05-01 00:00:00');
    expect(parseSince('2024-05-01T12:00:30.900+02:00')).toBe('2024-05-01 10:00:30');
    expect(parseSince('2024-02-30 00:00:00')).toBeUndefined();
    expect(parseSince('2024-05-01T10:00:00')).toBeUndefined(); // no zone: which one?
    expect(parseSince('yesterday')).toBeUndefined();
    expect(secondsBefore('2024-03-01 00:00:10', 30)).toBe('2024-02-29 23:59:40');
  });

  it('reads the forms a caller writes: surrounding spaces, a zone as Z, z, ±hh:mm or ±hhmm, minutes without seconds', () => {
    expect(parseSince(' 2024-05-01 10:00:00\n')).toBe('2024-05-01 10:00:00');
    expect(parseSince(' 2024-05-01 ')).toBe('2024-05-01 00:00:00');
    expect(parseSince('2024-05-01T10:00:00Z')).toBe('2024-05-01 10:00:00');
    expect(parseSince('2024-05-01t10:00:00z')).toBe('2024-05-01 10:00:00');
    expect(parseSince('2024-05-01T12:00+0200')).toBe('2024-05-01 10:00:00');
    expect(parseSince('2024-05-01T05:30:00-04:30')).toBe('2024-05-01 10:00:00');
    // Not a date: a day that does not exist, text around a date, a time without a date.
    for (const text of ['2024-02-30', '2023-02-29 00:00:00', '2024-05-01 24:00:00', 'on 2024-05-01', '2024-05-01 10:00:00 UTC', '2024-05-01T10:00:00Z.', '10:00:00', '2024-05-01 10:00']) {
      expect(parseSince(text), text).toBeUndefined();
    }
  });

  it("tells the platform's timestamps from anything else, and shifts them across days and years", () => {
    expect(isTimestamp('2024-02-29 23:59:59')).toBe(true);
    for (const value of ['2023-02-29 00:00:00', '2024-05-01T10:00:00', ' 2024-05-01 10:00:00', '2024-05-01 10:00:00.5', 1714557600, null, undefined]) expect(isTimestamp(value), String(value)).toBe(false);
    // Only a string is a timestamp, whatever an object prints as.
    expect(isTimestamp({ toString: () => '2024-05-01 10:00:00' })).toBe(false);
    expect(secondsBefore('2024-01-01 00:00:00', 1)).toBe('2023-12-31 23:59:59');
    expect(secondsBefore('2023-12-31 23:59:59', -1)).toBe('2024-01-01 00:00:00');
    expect(secondsBefore('2024-05-01 10:00:00', 0)).toBe('2024-05-01 10:00:00');
  });

  it('takes a lookback of whole seconds from 0, and names what it got otherwise', () => {
    expect(wholeSeconds(0, 'lookback')).toBe(0);
    expect(wholeSeconds(30, 'lookback')).toBe(30);
    for (const bad of [-1, 1.5, '30', Number.NaN, null]) {
      expect(() => wholeSeconds(bad, 'lookback'), String(bad)).toThrow(
        expect.objectContaining({ kind: 'input', service: 'commerce', message: `lookback must be a whole number of seconds ≥ 0 (updated_at has whole seconds); got ${JSON.stringify(bad)}.` }),
      );
    }
  });
});
