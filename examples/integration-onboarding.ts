/**
 * Integration onboarding: the receiver for the platform's activation POST (System > Extensions >
 * Integrations > Activate sends the consumer key, secret, store URL and a verifier to your Callback
 * URL), the token exchange that follows, and a first signed call with the resulting credentials.
 * The platform accepts the exchange only for a few minutes after activation, so it runs right away.
 *
 *   ALLOWED_STORE=https://shop.example.com PORT=8080 npx tsx examples/integration-onboarding.ts
 *   (then set the integration's Callback URL to https://<this host>/activate and activate it)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCommerceClient, integration } from '@magekit/commerce';
import { toNodeListener } from '@magekit/commerce/node';
import { createActivationHandler, exchangeIntegrationTokens, type IntegrationCredentials } from '@magekit/commerce/onboarding';

export interface OnboardingReceiver {
  /** The Callback URL to enter in the integration. */
  url: string;
  close(): Promise<void>;
}

/** Listens for activations from `allowedStores`; `onCredentials` gets ready-to-use credentials (store them encrypted). */
export async function startOnboardingReceiver(options: { port?: number; allowedStores: string[]; onCredentials: (credentials: IntegrationCredentials) => void | Promise<void> }): Promise<OnboardingReceiver> {
  const handler = createActivationHandler({
    allowStore: options.allowedStores,
    onActivation: async (activation) => options.onCredentials(await exchangeIntegrationTokens(activation)),
    onError: (error) => console.error('activation failed:', error instanceof Error ? error.message : error),
  });
  const server = createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/activate`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The first call an onboarded integration makes, signed with the new credentials. */
export async function firstCall(credentials: IntegrationCredentials) {
  const commerce = createCommerceClient({ baseUrl: credentials.storeBaseUrl, auth: integration(credentials) });
  const product = await commerce.products.get({ sku: 'SKU-0001', fields: ['sku', 'name'] });
  return product;
}

async function main(): Promise<void> {
  if (process.env['ALLOWED_STORE']) {
    const receiver = await startOnboardingReceiver({
      port: Number(process.env['PORT'] ?? 8080),
      allowedStores: [process.env['ALLOWED_STORE']],
      onCredentials: (c) => console.log(`onboarded ${c.storeBaseUrl} (consumer ${c.consumerKey.slice(0, 6)}…)`),
    });
    console.log(`Callback URL: ${receiver.url}`);
    return;
  }
  // Against the embedded fake: it plays the merchant activating the integration.
  const { startFakeCommerce } = await import('@magekit/commerce/testing');
  const fake = await startFakeCommerce({ seed: { products: 3 } });
  let credentials: IntegrationCredentials | undefined;
  const receiver = await startOnboardingReceiver({ allowedStores: [fake.url], onCredentials: (c) => void (credentials = c) });
  try {
    const { response } = await fake.fake.activateIntegration({ callbackUrl: receiver.url, storeBaseUrl: `${fake.url}/` });
    console.log(`activation answered ${response.status}; first call:`, await firstCall(credentials!));
  } finally {
    await receiver.close();
    await fake.close();
  }
}

if (import.meta.main) await main();
