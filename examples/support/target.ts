/**
 * Where the examples and the demo run: a real installation when MAGEKIT_BASE_URL is set (with
 * admin credentials, a bearer token or integration keys from the environment), otherwise the
 * embedded fake platform on a loopback port.
 */
import { adminToken, bearer, createCommerceClient, integration, type AuthStrategy, type CommerceClient } from '@magekit/commerce';
import { startFakeCommerce, type FakeCommerce, type StartFakeCommerceOptions } from '@magekit/commerce/testing';

export interface CommerceTarget {
  commerce: CommerceClient;
  /** The fake, when running against it (for failure injection in the demo). */
  fake: FakeCommerce | undefined;
  baseUrl: string;
  close(): Promise<void>;
}

const FAKE_ADMIN = { username: 'admin', password: 'admin123!' };

function authFromEnvironment(env: NodeJS.ProcessEnv): AuthStrategy {
  if (env['MAGEKIT_TOKEN']) return bearer(env['MAGEKIT_TOKEN']);
  if (env['MAGEKIT_CONSUMER_KEY']) {
    return integration({
      consumerKey: env['MAGEKIT_CONSUMER_KEY'],
      consumerSecret: env['MAGEKIT_CONSUMER_SECRET'] ?? '',
      accessToken: env['MAGEKIT_ACCESS_TOKEN'] ?? '',
      accessTokenSecret: env['MAGEKIT_ACCESS_TOKEN_SECRET'] ?? '',
    });
  }
  return adminToken({ username: env['MAGEKIT_ADMIN_USERNAME'] ?? '', password: env['MAGEKIT_ADMIN_PASSWORD'] ?? '', ...(env['MAGEKIT_OTP'] ? { otp: env['MAGEKIT_OTP'] } : {}) });
}

export async function clientFromEnvironment(fakeOptions: StartFakeCommerceOptions = {}, env: NodeJS.ProcessEnv = process.env): Promise<CommerceTarget> {
  if (env['MAGEKIT_BASE_URL']) {
    const baseUrl = env['MAGEKIT_BASE_URL'];
    const commerce = createCommerceClient({ baseUrl, storeCode: env['MAGEKIT_STORE_CODE'], auth: authFromEnvironment(env) });
    return { commerce, fake: undefined, baseUrl, close: async () => commerce.logout() };
  }
  const running = await startFakeCommerce({ auth: { admins: [FAKE_ADMIN] }, ...fakeOptions });
  const commerce = createCommerceClient({ baseUrl: running.url, auth: adminToken(FAKE_ADMIN) });
  return { commerce, fake: running.fake, baseUrl: running.url, close: () => running.close() };
}
