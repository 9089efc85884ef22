/**
 * diffSchemas: which changes break a caller, by the side a field is on, and the release data: 2.4.6 →
 * 2.4.9 is 92 operations added and 4 removed, with its field changes; the shipped data is what
 * scripts/release-data.mjs derives from the published schemas.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { knownReleases, releaseSchema } from '../../src/cli/commands/release-data.ts';
import type { CompactSchema } from '../../src/swagger/compact.ts';
import { diffSchemas, limitDiff } from '../../src/swagger/diff.ts';
import { repoRoot } from '../support/spec.ts';

const schema = (ops: CompactSchema['ops'], defs: CompactSchema['defs']): CompactSchema => ({ ops, defs });

describe('diffSchemas', () => {
  const before = schema(
    { 'POST /V1/x': { b: { p: { item: '#x-item' }, r: ['item'] }, o: '#x-result' }, 'GET /V1/x/{id}': { q: { id: 'integer!', mode: 'string' }, o: '#x-result' }, 'DELETE /V1/x/{id}': { q: { id: 'integer!' }, o: 'boolean' } },
    { 'x-item': { p: { sku: 'string', qty: 'number' }, r: ['sku'] }, 'x-result': { p: { id: 'integer', note: 'string' }, r: ['id', 'note'] } },
  );

  it('finds nothing between a schema and itself', () => {
    expect(diffSchemas(before, before)).toEqual({ added: [], removed: [], changes: [], breakingRoutes: [] });
  });

  it('breaks senders on a new required or removed input field, readers on a removed or now-optional output field', () => {
    const after = schema(
      { 'POST /V1/x': before.ops['POST /V1/x']!, 'GET /V1/x/{id}': { q: { id: 'integer!', mode: 'string!' }, o: '#x-result' }, 'GET /V1/y': { o: 'string' } },
      { 'x-item': { p: { sku: 'string', qty: 'number', source: 'string' }, r: ['sku', 'source'] }, 'x-result': { p: { id: 'integer', note: 'string', extra: 'string' }, r: ['id'] } },
    );
    const diff = diffSchemas(before, after);
    expect(diff.added).toEqual(['GET /V1/y']);
    expect(diff.removed).toEqual(['DELETE /V1/x/{id}']);
    expect(diff.changes).toEqual([
      { kind: 'route-removed', route: 'DELETE /V1/x/{id}', breaking: true },
      { kind: 'parameter-required', route: 'GET /V1/x/{id}', name: 'mode', breaking: true },
      { kind: 'field-added', definition: 'x-item', name: 'source', to: 'string', breaking: true, routes: ['POST /V1/x'] },
      { kind: 'field-added', definition: 'x-result', name: 'extra', to: 'string?', breaking: false, routes: ['GET /V1/x/{id}', 'POST /V1/x'] },
      { kind: 'field-optional', definition: 'x-result', name: 'note', breaking: true, routes: ['GET /V1/x/{id}', 'POST /V1/x'] },
    ]);
    expect(diff.breakingRoutes).toEqual(['DELETE /V1/x/{id}', 'GET /V1/x/{id}', 'POST /V1/x']);
    // Limited to one route the app calls.
    expect(limitDiff(diff, new Set(['POST /V1/x'])).breakingRoutes).toEqual(['POST /V1/x']);
    expect(limitDiff(diff, new Set(['GET /V1/y'])).breakingRoutes).toEqual([]);
  });

  it('an optional field added to what a route sends, or a field it only reads made required, breaks nobody', () => {
    const after = schema(before.ops, { 'x-item': { p: { sku: 'string', qty: 'number', note: 'string' }, r: ['sku'] }, 'x-result': { p: { id: 'integer', note: 'string' }, r: ['id', 'note'] } });
    expect(diffSchemas(before, after).breakingRoutes).toEqual([]);
    const typeChange = schema(before.ops, { ...before.defs, 'x-item': { p: { sku: 'string', qty: 'string' }, r: ['sku'] } });
    expect(diffSchemas(before, typeChange).changes).toEqual([{ kind: 'field-type', definition: 'x-item', name: 'qty', from: 'number', to: 'string', breaking: true, routes: ['POST /V1/x'] }]);
  });
});

describe('the platform releases shipped with the package', () => {
  it('covers 2.4.6 to 2.4.9; 2.4.6 → 2.4.9 adds 92 operations, removes 4, and changes fields', () => {
    expect(knownReleases()).toEqual(['2.4.6', '2.4.7', '2.4.8', '2.4.9']);
    const diff = diffSchemas(releaseSchema('2.4.6')!, releaseSchema('2.4.9')!);
    expect(diff.added).toHaveLength(92);
    expect(diff.removed).toEqual(['POST /V1/quick-checkout/account-details', 'POST /V1/quick-checkout/has-account', 'POST /V1/quick-checkout/storefront/has-account', 'POST /V1/tfa/provider/duo_security/get-authentication-data']);
    expect(diff.changes).toContainEqual(expect.objectContaining({ kind: 'field-required', definition: 'gift-wrapping-data-wrapping-interface', name: 'wrapping_id', breaking: true }));
    expect(diff.changes).toContainEqual(expect.objectContaining({ kind: 'field-removed', definition: 'quote-data-address-extension-interface', name: 'bolt_id', breaking: true }));
    expect(diff.changes).toContainEqual(expect.objectContaining({ kind: 'field-added', definition: 'quote-data-cart-extension-interface', name: 'coupon_codes', to: 'string[]?', breaking: false }));
    expect(diff.changes).toContainEqual(expect.objectContaining({ kind: 'field-added', definition: 'POST /V1/tfa/provider/duo_security/authenticate body', name: 'passcode', breaking: true }));
    expect(diff.breakingRoutes).toContain('POST /V1/tfa/provider/duo_security/authenticate');
    expect(releaseSchema('2.3.7')).toBeUndefined();
  });

  it('is what scripts/release-data.mjs derives from the published schemas (../shared beside the repository)', { timeout: 30_000 }, () => {
    const out = execFileSync(process.execPath, ['--conditions=@magekit/source', '--import', 'tsx', path.join(repoRoot, 'scripts/release-data.mjs'), '--check'], { cwd: repoRoot, encoding: 'utf8' });
    expect(out).toMatch(/platform-releases\.json\.br is current/);
  });
});
