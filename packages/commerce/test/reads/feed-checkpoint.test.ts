/** The change feed's parts that need no server: its checkpoint, its memory of the overlap, its timestamps. */
import { describe, expect, it } from 'vitest';
import { CheckpointError } from '../../src/reads/checkpoint.ts';
import { decodeCheckpoint, encodeCheckpoint, type FeedIdentity, type FeedState } from '../../src/reads/feed-checkpoint.ts';
import { contentHash } from '../../src/reads/content-hash.ts';
import { MAX_REMEMBERED, dropDelivered, rememberPage } from '../../src/reads/feed-overlap.ts';
import { parseSince, secondsBefore } from '../../src/reads/timestamps.ts';

const ORDERS: FeedIdentity = { route: 'GET /V1/orders', baseUrl: 'https://shop.example.com', storeCode: '' };
const STATE: FeedState = {
  low: '2024-05-01 10:00:00',
  run: { high: '2024-05-01 11:00:00', after: ['2024-05-01 10:30:00', 42] },
  seen: new Map<number | string, { at: string; hash: string }>([
    [42, { at: '2024-05-01 10:30:00', hash: 'abc' }],
    ['SKU-é', { at: '2024-05-01 10:30:00', hash: 'def' }],
    [7, { at: '2024-05-01 10:59:59', hash: 'ghi' }],
  ]),
};

describe('change-feed checkpoints', () => {
  it('round-trip: the state comes back as it went in', () => {
    const text = encodeCheckpoint(ORDERS, STATE);
    expect(text).toMatch(/^feed1\.[A-Za-z0-9_-]+\.[0-9a-z]+$/);
    expect(decodeCheckpoint(text, ORDERS)).toEqual(STATE);
    expect(decodeCheckpoint(encodeCheckpoint(ORDERS, { low: undefined, run: undefined, seen: new Map() }), ORDERS)).toEqual({ low: undefined, run: undefined, seen: new Map() });
  });

  it("refuses another route's, base URL's or store view's checkpoint, naming both", () => {
    const text = encodeCheckpoint(ORDERS, STATE);
    const refusal = (identity: FeedIdentity) => {
      try {
        decodeCheckpoint(text, identity);
      } catch (error) {
        return error as CheckpointError;
      }
      throw new Error('accepted');
    };
    const route = refusal({ ...ORDERS, route: 'GET /V1/products' });
    expect(route).toBeInstanceOf(CheckpointError);
    expect(route).toMatchObject({ kind: 'input', problem: 'route' });
    expect(route.message).toBe('This change-feed checkpoint belongs to route "GET /V1/orders", not "GET /V1/products": nothing was sent.');
    expect(refusal({ ...ORDERS, baseUrl: 'https://staging.example.com' })).toMatchObject({ problem: 'baseUrl', message: expect.stringContaining('base URL "https://shop.example.com", not "https://staging.example.com"') });
    expect(refusal({ ...ORDERS, storeCode: 'de' })).toMatchObject({ problem: 'storeCode', message: expect.stringContaining('store view no store code, not "de"') });
  });

  it('refuses a damaged checkpoint: cut, edited, not base64url, or of another shape', () => {
    const text = encodeCheckpoint(ORDERS, STATE);
    const [prefix, data, sum] = text.split('.') as [string, string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    // Whole (its checksum matches) but of a shape this SDK does not write: only the shape check can catch it.
    const forged = (wire: unknown) => {
      const json = JSON.stringify(wire);
      return `feed1.${Buffer.from(json).toString('base64url')}.${contentHash(json)}`;
    };
    const wire = { v: 1, route: ORDERS.route, base: ORDERS.baseUrl, store: '', low: null, run: null, seen: {} };
    expect(decodeCheckpoint(forged(wire), ORDERS)).toEqual({ low: undefined, run: undefined, seen: new Map() });
    for (const [bad, why] of [
      [text.slice(0, -3), 'checksum does not match'],
      [`${prefix}.${flip(data, 20)}.${sum}`, 'checksum does not match'],
      [`${prefix}.${data}`, 'does not have the form'],
      ['feed1.***.x', 'not base64url'],
      [forged({ ...wire, v: 2 }), 'version 2, this SDK reads version 1'],
      [forged({ ...wire, low: '2024-05-01T10:00:00Z' }), 'its start is not a timestamp'],
      [forged({ ...wire, run: { high: '2024-05-01 10:00:00', after: [1, 2] } }), "its run's position is not [updated_at, key]"],
      [forged({ ...wire, seen: { '2024-05-01 10:00:00': [1] } }), 'not [key, hash] pairs'],
      ['2024-05-01', 'does not have the form'],
    ] as const) {
      expect(() => decodeCheckpoint(bad, ORDERS), bad).toThrow(why);
      expect(() => decodeCheckpoint(bad, ORDERS)).toThrow(CheckpointError);
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
    const bounded = rememberPage(new Map(), arrivals(MAX_REMEMBERED + 5, (i) => (i < 5 ? 0 : 30)), '2024-05-01 00:00:00');
    expect(bounded.size).toBe(MAX_REMEMBERED);
    expect([0, 1, 2, 3, 4].some((key) => bounded.has(key))).toBe(false);
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
});
