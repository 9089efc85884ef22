/**
 * Routes by release (platform-version.ts): the platformVersion option, refusals naming the release that
 * added or removed a route, and the fake playing a release.
 */
import { describe, expect, it } from 'vitest';
import { bearer, ConfigurationError, createCommerceClient, ims, PlatformRouteError, routes } from '../src/index.ts';
import { toInfo } from '../src/routes/info.ts';
import { assertRouteOnPlatform, parsePlatformVersion } from '../src/platform/version.ts';
import { createFakeCommerce } from '../src/testing/index.ts';
import { commerceHandlers } from '../src/testing/msw-handlers.ts';
import { server } from '@magekit/test-support/msw';

const SHOP = 'https://shop.example.com';

function fakeShop(platformVersion?: string) {
  const fake = createFakeCommerce({ seed: { products: 1 }, ...(platformVersion ? { platformVersion } : {}), auth: false });
  server.use(...commerceHandlers(fake, { baseUrl: SHOP }));
  return fake;
}

describe('platformVersion', () => {
  it('takes 2.4 releases with or without a patch suffix, and refuses anything else with how to fix it', () => {
    expect(parsePlatformVersion('2.4.6')).toEqual({ label: '2.4.6', patch: 6 });
    expect(parsePlatformVersion('2.4.7-p3')).toEqual({ label: '2.4.7-p3', patch: 7 });
    expect(parsePlatformVersion('2.4.10')).toEqual({ label: '2.4.10', patch: 10 });
    expect(() => parsePlatformVersion('2.5.0')).toThrow('platformVersion "2.5.0" is not a release from 2.4.6 on, such as "2.4.6" or "2.4.7-p3". Leave it out to check none.');
    expect(() => parsePlatformVersion(246)).toThrow(ConfigurationError);
    expect(() => parsePlatformVersion('2.4.5')).toThrow(/platformVersion "2.4.5" is not a release from 2.4.6 on/);
    expect(() => parsePlatformVersion('2.4.9-beta')).toThrow(ConfigurationError);
    expect(() => createCommerceClient({ baseUrl: 'https://na1.api.commerce.adobe.com/T', auth: ims({ clientId: 'c', clientSecret: 's', orgId: 'o@AdobeOrg' }), platformVersion: '2.4.9' })).toThrow(/platformVersion is for self-hosted installations, not the cloud service/);
  });

  it('a 2.4.6 client refuses GET /V1/eventing/eventProvider and POST /V1/webhooks/subscribe (new in 2.4.9) before sending; a 2.4.9 client sends them', async () => {
    const fake = fakeShop();
    const old = createCommerceClient({ baseUrl: SHOP, auth: bearer('t'), platformVersion: '2.4.6' });
    const list = await old.eventing.providers.list().catch((e: unknown) => e);
    expect(list).toBeInstanceOf(PlatformRouteError);
    expect(list).toMatchObject({ kind: 'input', route: 'GET /V1/eventing/eventProvider', addedIn: '2.4.9', platformVersion: '2.4.6' });
    expect((list as Error).message).toBe("GET /V1/eventing/eventProvider was added in 2.4.9; this client's platformVersion is 2.4.6. Nothing was sent.");
    await expect(old.request('POST /V1/webhooks/subscribe', { webhook: { webhook_method: 'm', webhook_type: 'before', batch_name: 'b', hook_name: 'h', url: 'https://hooks.example.com' } } as never)).rejects.toThrow(/POST \/V1\/webhooks\/subscribe was added in 2.4.9; this client's platformVersion is 2.4.6/);
    await expect(old.async.request('POST /V1/webhooks/subscribe', {} as never)).rejects.toBeInstanceOf(PlatformRouteError);
    expect(fake.stats.requests).toBe(0);
    // Routes 2.4.6 has are sent as before.
    expect((await old.products.get({ sku: 'SKU-0001' })).sku).toBe('SKU-0001');

    const current = createCommerceClient({ baseUrl: SHOP, auth: bearer('t'), platformVersion: '2.4.9' });
    // Sent and reached (the fake refuses routes it does not model with 501).
    await expect(current.eventing.providers.list()).rejects.toMatchObject({ status: 501, parameters: { route: 'GET /V1/eventing/eventProvider' } });
    await current.request('POST /V1/webhooks/subscribe', { webhook: {} } as never).catch(() => undefined);
    expect(fake.stats.byRoute.get('GET /V1/eventing/eventProvider')).toBe(1);
    expect(fake.stats.byRoute.get('POST /V1/webhooks/subscribe')).toBe(1);
  });

  it('refuses a route a later release removed, naming that release (the table has none today: checked on a row)', () => {
    const removed = toInfo(['quickCheckout.hasAccount', 'POST', '/V1/quick-checkout/has-account', '', 'n-7']);
    expect(removed.removedIn).toBe('2.4.7');
    expect(() => assertRouteOnPlatform(removed, { label: '2.4.6', patch: 6 })).not.toThrow();
    expect(() => assertRouteOnPlatform(removed, { label: '2.4.9', patch: 9 })).toThrow("POST /V1/quick-checkout/has-account was removed in 2.4.7; this client's platformVersion is 2.4.9. Nothing was sent.");
    // Without a release, only cloud-only routes are refused.
    expect(() => assertRouteOnPlatform(removed, undefined)).not.toThrow();
    expect(routes.some((r) => r.removedIn)).toBe(false);
  });

  it('the fake plays a release: routes it lacks, and the cloud-only ones, answer 404 there', async () => {
    fakeShop('2.4.6');
    const unchecked = createCommerceClient({ baseUrl: SHOP, auth: bearer('t') });
    await expect(unchecked.eventing.providers.list()).rejects.toMatchObject({ status: 404 });
    await expect(unchecked.products.get({ sku: 'SKU-0001' })).resolves.toMatchObject({ sku: 'SKU-0001' });
    // A route only the cloud service has is not on any self-hosted release (the client refuses it first).
    expect((await fetch(`${SHOP}/rest/V1/giftcardaccounts/1`)).status).toBe(404);
  });
});
