/**
 * Walk checkpoints (exports, change feeds): the header that names the walk, read back from the object,
 * its JSON or its opaque form; another walk's or a damaged one refused with what differs. And the
 * hashes a stored checkpoint depends on, which must not change between releases: a checkpoint stored
 * by one release is read by the next.
 */
import { describe, expect, it } from 'vitest';
import { createCommerceClient } from '../../src/client.ts';
import { CheckpointError, checkpointHeader, opaqueCheckpoint, readCheckpoint, type CheckpointHeader } from '../../src/reads/checkpoint.ts';
import { contentHash } from '../../src/reads/content-hash.ts';
import { planWalk } from '../../src/reads/walk.ts';
import { where } from '../../src/search/index.ts';

const client = (options: { storeCode?: string } = {}) => createCommerceClient({ baseUrl: 'https://shop.test', retry: false, ...options });
const header = (params: object = {}, options: object = {}, commerce = client()) => checkpointHeader('export', planWalk(commerce, 'GET /V1/orders', params, options, 'l'));
const HEADER: CheckpointHeader = { magekit: 'export', version: 1, route: 'GET /V1/orders', baseUrl: 'https://shop.test', storeCode: null, query: '9e756c47' };
const LABEL = 'exportRecords: GET /V1/orders';

function refusal(value: unknown, expected = HEADER): CheckpointError {
  try {
    readCheckpoint(value, expected, LABEL);
  } catch (error) {
    expect(error).toBeInstanceOf(CheckpointError);
    return error as CheckpointError;
  }
  throw new Error('accepted');
}

describe('checkpointHeader', () => {
  it('names the kind, route, base URL, store view and a fingerprint of filters, key and fields', () => {
    expect(header()).toEqual(HEADER);
    // The store view of the call, else the client's.
    expect(header({}, {}, client({ storeCode: 'fr' })).storeCode).toBe('fr');
    expect(header({}, { storeCode: 'de' }, client({ storeCode: 'fr' })).storeCode).toBe('de');
  });

  it('fingerprints the query as FNV-1a of its JSON, eight hex digits, the same in every release', () => {
    // FNV-1a (32 bits) of [filter groups, order, fields]: published values, so a stored checkpoint keeps matching.
    expect(header({ fields: ['status'] }).query).toBe('6abb1c9d');
    expect(header({ searchCriteria: where('status', 'eq', 's26') }).query).toBe('097a6990'); // a leading zero kept
    expect(header({ searchCriteria: where('status', 'eq', 's27') }).query).not.toBe(header({ searchCriteria: where('status', 'eq', 's26') }).query);
  });
});

describe('readCheckpoint', () => {
  const body = { ...HEADER, slices: [] };

  it('reads the checkpoint as an object, as JSON text (whitespace before it too), or in its opaque form', () => {
    expect(readCheckpoint(body, HEADER, LABEL)).toEqual(body);
    expect(readCheckpoint(`\n  ${JSON.stringify(body)}`, HEADER, LABEL)).toEqual(body);
    expect(readCheckpoint(opaqueCheckpoint(body), HEADER, LABEL)).toEqual(body);
  });

  it("refuses another walk's checkpoint, naming the difference", () => {
    expect(refusal({ ...body, route: 'GET /V1/invoices' })).toMatchObject({
      name: 'CheckpointError',
      kind: 'input',
      service: 'commerce',
      problem: 'route',
      message: 'exportRecords: GET /V1/orders: the checkpoint belongs to another walk: route "GET /V1/invoices", not "GET /V1/orders"; nothing was sent.',
      hint: 'Pass the checkpoint this walk (same route, base URL, store, filters and fields) handed out last, or start without one.',
    });
    expect(refusal({ ...body, baseUrl: 'https://staging.test' }).message).toContain('base URL "https://staging.test", not "https://shop.test"');
    expect(refusal({ ...body, storeCode: 'de' })).toMatchObject({ problem: 'storeCode', message: expect.stringContaining('store code "de", not null') });
    expect(refusal({ ...body, query: '00000000' })).toMatchObject({ problem: 'query', message: expect.stringContaining('belongs to another walk: other filters, key or fields; nothing was sent.') });
  });

  it('refuses a damaged checkpoint: not an object, not JSON, not its kind or version, not what this SDK wrote', () => {
    for (const value of [null, 42, [body], 'null']) expect(refusal(value === 'null' ? opaqueCheckpoint(null as never) : value)).toMatchObject({ problem: 'damaged', message: `${LABEL}: the checkpoint is damaged: it is not an object; nothing was sent.` });
    expect(refusal('{"magekit":').message).toContain('it is not JSON');
    expect(refusal({ ...body, magekit: 'changes' }).message).toBe(`${LABEL}: the checkpoint is damaged: it is not a version 1 export checkpoint (magekit: "changes", version: 1); nothing was sent.`);
    expect(refusal({ ...body, version: 2 }).message).toContain('(magekit: "export", version: 2)');
    // Base64url of bytes that are not UTF-8: refused as not written by this SDK, not read as a route with a replacement character.
    const [head, tail] = JSON.stringify({ ...body, route: 'ROUTE' }).split('ROUTE') as [string, string];
    const bytes = Buffer.concat([Buffer.from(head), Buffer.from([0xff]), Buffer.from(tail)]);
    expect(refusal(bytes.toString('base64url')).message).toContain('it is not a checkpoint string this SDK wrote');
  });
});

describe('opaqueCheckpoint', () => {
  it('is base64url of the JSON without padding, and survives characters base64 writes as + and /', () => {
    // '~~~???' is "fn5+Pz8/" in base64; a body of this length would take "==" padding.
    for (const note of ['~~~???', '~~~???a', '~~~???ab']) {
      const checkpoint = { ...HEADER, note };
      const text = opaqueCheckpoint(checkpoint);
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(text).toBe(Buffer.from(JSON.stringify(checkpoint)).toString('base64url'));
      expect(readCheckpoint(text, HEADER, LABEL)).toEqual(checkpoint);
    }
  });

  it('carries any text, and checkpoints far larger than one chunk of bytes', () => {
    const checkpoint = { ...HEADER, note: 'Bestellung für Zürich — 注文 😀', seen: 'x'.repeat(100_000) };
    expect(readCheckpoint(opaqueCheckpoint(checkpoint), HEADER, LABEL)).toEqual(checkpoint);
  });
});

describe('contentHash', () => {
  it('is cyrb53 (seed 0) in base 36: the published values, so a record delivered before a release is recognised after it', () => {
    expect(contentHash('')).toBe((3338908027751811).toString(36));
    expect(contentHash('a')).toBe((7929297801672961).toString(36));
    expect(contentHash('{"id":1,"status":"new"}')).toBe((3080174727459704).toString(36));
    expect(contentHash('é€😀')).toBe((7085986628057341).toString(36));
  });
});
