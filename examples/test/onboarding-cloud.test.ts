// The onboarding and cloud-service examples against the embedded fakes, as a user would call them.
import { startFakeCommerce, createFakeIms, DEFAULT_FAKE_IMS_CLIENT } from '@magekit/commerce/testing';
import type { IntegrationCredentials } from '@magekit/commerce/onboarding';
import { describe, expect, it } from 'vitest';
import { cheapestProducts } from '../cloud-service.ts';
import { firstCall, startOnboardingReceiver } from '../integration-onboarding.ts';

describe('integration-onboarding', () => {
  it('receives the activation, exchanges it, and the credentials make a signed call', async () => {
    const fake = await startFakeCommerce({ seed: { products: 3 } });
    const onboarded: IntegrationCredentials[] = [];
    const receiver = await startOnboardingReceiver({ allowedStores: [fake.url], onCredentials: (c) => void onboarded.push(c) });
    try {
      const { response, consumerKey } = await fake.fake.activateIntegration({ callbackUrl: receiver.url, storeBaseUrl: `${fake.url}/` });
      expect(response.status).toBe(200);
      expect(onboarded).toHaveLength(1);
      expect(onboarded[0]!.consumerKey).toBe(consumerKey);
      expect(await firstCall(onboarded[0]!)).toEqual({ sku: 'SKU-0001', name: 'Product 1' });
      // An activation from a store that is not allowed is refused, and nothing is exchanged.
      const other = await startFakeCommerce();
      try {
        const refused = await other.fake.activateIntegration({ callbackUrl: receiver.url, storeBaseUrl: `${other.url}/` });
        expect(refused.response.status).toBe(403);
        expect(other.fake.activations.counts).toEqual({ request: 0, access: 0 });
      } finally {
        await other.close();
      }
    } finally {
      await receiver.close();
      await fake.close();
    }
  });
});

describe('cloud-service', () => {
  it('lists products with an IMS token over cloud URLs, queues a price change at /V1/async/..., and refuses the guest route before sending', async () => {
    const fakeIms = createFakeIms();
    const fake = await startFakeCommerce({ seed: { products: 10 }, cloudService: { tenantId: 'DEMO-TENANT', ims: fakeIms } });
    try {
      const result = await cheapestProducts(`${fake.url}/DEMO-TENANT`, { ...DEFAULT_FAKE_IMS_CLIENT, tokenUrl: `${fake.url}/ims/token/v3` });
      expect(result.products).toHaveLength(3);
      expect(result.guestRoutes).toBe('refused (POST /V1/guest-carts)');
      expect(fakeIms.tokenRequests).toBe(1);
      expect(fake.fake.stats.byRoute.has('POST /V1/guest-carts')).toBe(false);
      expect(result.repriced).toBe(1);
      expect(fake.fake.stats.byRoute.get('async PUT /V1/products/{sku}')).toBe(1);
    } finally {
      await fake.close();
    }
  });
});
