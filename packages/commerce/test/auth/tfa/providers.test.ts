// Admin sign-in through every two-factor provider the platform has, against the fake on loopback:
// the exchange each provider value carries (authyTwoFactor() and the others), the callbacks that
// supply the second factor, renewal, the configure/activate routes as typed calls, start-up checks;
// the lean adminToken, which takes provider values only; and descriptions ({ provider: 'authy', ... }),
// which the adminToken of the main entry turns into the same values (tfa/descriptions.ts).
import { http, passthrough } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { adminToken, authyTwoFactor, createCommerceClient, duoTwoFactor, googleTwoFactor, isCommerceError, webAuthnTwoFactor, type SecondFactor, type TwoFactor, type WebAuthnChallenge } from '../../../src/index.ts';
import { adminToken as leanAdminToken, ConfigurationError, createLeanClient } from '../../../src/entries/lean.ts';
import { modulesRoutes } from '../../../src/generated/modules.ts';
import { startFakeCommerce, type FakeTwoFactorOptions, type RunningFakeCommerce } from '../../../src/testing/index.ts';
import { server as msw } from '@magekit/test-support/msw';
import { failure } from '@magekit/test-support/failure';

const PASSWORD = 'admin123!';
const running: RunningFakeCommerce[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});
async function platform(twoFactor: FakeTwoFactorOptions): Promise<RunningFakeCommerce> {
  const started = await startFakeCommerce({ auth: { twoFactor } });
  running.push(started);
  msw.use(http.all(`${started.url}/*`, () => passthrough()));
  return started;
}
const clientFor = (url: string, twoFactor: SecondFactor | TwoFactor, password = PASSWORD) => createCommerceClient({ baseUrl: url, retry: false, auth: adminToken({ username: 'admin', password, twoFactor }) });

/** A WebAuthn assertion as a browser would serialize it, answering `challenge` with credential `id`. */
function assertion(challenge: string, id: string): Record<string, unknown> {
  const clientDataJSON = btoa(JSON.stringify({ type: 'webauthn.get', challenge, origin: 'https://shop.test' })).replace(/=+$/, '');
  return { id, rawId: id, type: 'public-key', response: { clientDataJSON, authenticatorData: 'AAAA', signature: 'MEUCIQ' } };
}

describe('adminToken with a two-factor provider', () => {
  it('google: signs in with the code from the callback', async () => {
    const { url, fake } = await platform({ otp: '123456' });
    const commerce = clientFor(url, googleTwoFactor({ otp: async () => '123456' }));
    await commerce.modules.list();
    expect(fake.stats.byRoute.get('POST /V1/tfa/provider/google/authenticate')).toBe(1);
  });

  it('authy by text message: asks the platform to send the code, then asks the person for it', async () => {
    const { url, fake } = await platform({ authy: { otp: '000000' } });
    const order: string[] = [];
    const commerce = clientFor(
      url,
      authyTwoFactor({
        via: 'sms',
        otp: () => {
          order.push('otp asked');
          return fake.twoFactor.sent.get('admin')!.at(-1)!.code; // what arrived on the phone
        },
      }),
    );
    await commerce.modules.list();
    expect(fake.stats.byRoute.get('POST /V1/tfa/provider/authy/send-token/{via}')).toBe(1);
    expect(fake.twoFactor.sent.get('admin')!.map((s) => s.via)).toEqual(['sms']);
    expect(order).toEqual(['otp asked']);
  });

  it('authy one-touch: sends the push, waits for the approval callback, then takes the token; a denial is a typed 401', async () => {
    const approved = await platform({ authy: { otp: '000000', oneTouch: 'approved' } });
    let waited = 0;
    await clientFor(approved.url, authyTwoFactor({ via: 'onetouch', approved: () => void waited++ })).modules.list();
    expect(waited).toBe(1);
    expect(approved.fake.stats.byRoute.get('POST /V1/tfa/provider/authy/authenticate-onetouch')).toBe(1);

    const denied = await platform({ authy: { otp: '000000', oneTouch: 'denied' } });
    const error = await failure(clientFor(denied.url, authyTwoFactor({ via: 'onetouch' })).modules.list());
    expect(isCommerceError(error)).toBe(true);
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/denied or timed out/);
  });

  it('duo_security: sends the passcode; a wrong one fails once (never retried) and counts towards the lock', async () => {
    const { url, fake } = await platform({ duo: { passcode: '778899' } });
    await clientFor(url, duoTwoFactor({ passcode: '778899' })).modules.list();
    const error = await failure(clientFor(url, duoTwoFactor({ passcode: '000000' })).modules.list());
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/Invalid passcode/);
    expect(fake.stats.byRoute.get('POST /V1/tfa/provider/duo_security/authenticate')).toBe(2);
    expect(fake.auth.failuresOf('admin:admin')).toBe(1);
  });

  it('u2fkey (WebAuthn): hands the platform\'s challenge to the callback and sends back its assertion', async () => {
    const { url, fake } = await platform({ webAuthn: { credentials: { admin: ['key-1'] } } });
    const seen: WebAuthnChallenge[] = [];
    const commerce = clientFor(
      url,
      webAuthnTwoFactor({
        assert: (challenge) => {
          seen.push(challenge);
          return assertion(String(challenge.publicKey['challenge']), 'key-1');
        },
      }),
    );
    await commerce.modules.list();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.publicKey['allowCredentials']).toEqual([{ type: 'public-key', id: 'key-1' }]);
    expect(fake.stats.byRoute.get('POST /V1/tfa/provider/u2fkey/verify')).toBe(1);

    // An assertion for an old challenge (a replay) is refused.
    const stale = assertion(String(seen[0]!.publicKey['challenge']), 'key-1');
    const replay = await failure(clientFor(url, webAuthnTwoFactor({ assert: () => stale })).modules.list());
    expect(replay.status).toBe(401);
    expect(replay.message).toMatch(/did not sign this challenge/);
  });

  it('asks for the second factor again when the token is renewed', async () => {
    const { url, fake } = await platform({ duo: { passcode: '778899' } });
    let asked = 0;
    const commerce = clientFor(url, { provider: 'duo_security', passcode: () => (asked++, '778899') });
    await commerce.modules.list();
    fake.auth.invalidateTokens(); // the next call gets a 401 and renews once
    await commerce.modules.list();
    expect(asked).toBe(2);
  });

  it('never shows the password in an error', async () => {
    const { url } = await platform({ duo: { passcode: '778899' } });
    const error = await failure(clientFor(url, { provider: 'duo_security', passcode: '1' }, 'pa55-Tfa-secret').modules.list());
    expect(JSON.stringify(error) + error.message + error.stack).not.toContain('pa55-Tfa-secret');
  });
});

describe('configuring a provider with the tfaToken the platform e-mails', () => {
  it('google: configure returns the secret, activate with a code enables it', async () => {
    const { url, fake } = await platform({ otp: '123456' });
    const anonymous = createCommerceClient({ baseUrl: url });
    const tfaToken = fake.twoFactor.issueTfaToken('admin');
    const setup = await anonymous.tfa.google.configure({ tfaToken });
    expect(setup.secret_code).toBeTypeOf('string');
    await anonymous.tfa.google.activate({ tfaToken, otp: '123456' });
    expect(fake.twoFactor.activated('admin')).toEqual(['google']);
    expect((await failure(anonymous.tfa.google.activate({ tfaToken: 'forged', otp: '123456' }))).status).toBe(401);
  });

  it('u2fkey: activate registers the security key, which can then sign in', async () => {
    const { url, fake } = await platform({ webAuthn: {} });
    const anonymous = createCommerceClient({ baseUrl: url });
    const tfaToken = fake.twoFactor.issueTfaToken('admin');
    const creation = await anonymous.tfa.u2fKey.configure({ tfaToken });
    expect(JSON.parse(String(creation.credential_request_options_json)).publicKey.user.name).toBe('admin');
    await anonymous.tfa.u2fKey.activate({ tfaToken, publicKeyCredentialJson: JSON.stringify({ id: 'new-key', type: 'public-key' }) });
    await clientFor(url, { provider: 'u2fkey', assert: (c) => assertion(String(c.publicKey['challenge']), 'new-key') }).modules.list();
    expect(fake.twoFactor.activated('admin')).toEqual(['u2fkey']);
  });

  it('authy and duo: configure and activate as typed calls', async () => {
    const { url, fake } = await platform({ authy: { otp: '424242' }, duo: { passcode: '1' } });
    const anonymous = createCommerceClient({ baseUrl: url });
    const tfaToken = fake.twoFactor.issueTfaToken('admin');
    const prompt = await anonymous.tfa.authy.configure({ tfaToken, deviceData: { country: '1', phone_number: '5550100', method: 'sms' } });
    expect(prompt.expiration_seconds).toBe('600');
    await anonymous.tfa.authy.activate({ tfaToken, otp: '424242' });
    await anonymous.tfa.duoSecurity.configure({ tfaToken });
    await anonymous.tfa.duoSecurity.activate({ tfaToken });
    expect(fake.twoFactor.activated('admin')).toEqual(['authy', 'duo_security']);
  });
});

describe('the lean adminToken', () => {
  it('signs in with a provider value on a lean client', async () => {
    const { url, fake } = await platform({ duo: { passcode: '778899' } });
    const lean = createLeanClient({ baseUrl: url, retry: false, routes: [modulesRoutes], auth: leanAdminToken({ username: 'admin', password: PASSWORD, twoFactor: duoTwoFactor({ passcode: '778899' }) }) });
    await lean.request('GET /V1/modules');
    expect(fake.stats.byRoute.get('POST /V1/tfa/provider/duo_security/authenticate')).toBe(1);
  });

  it('refuses a description, naming the provider value to import and the adminToken that takes descriptions', () => {
    const make = () => leanAdminToken({ username: 'admin', password: PASSWORD, twoFactor: { provider: 'authy', via: 'sms', otp: '1' } });
    expect(make).toThrow(ConfigurationError);
    expect(make).toThrow(
      'adminToken(): twoFactor takes a provider value such as authyTwoFactor({ via, otp }) (exported by @magekit/commerce/lean), got the description { provider: "authy" }, which only the adminToken of @magekit/commerce takes.',
    );
  });
});

describe('provider values are checked when they are made', () => {
  it.each([
    [() => authyTwoFactor({ via: 'pigeon' as never, otp: '1' }), 'authyTwoFactor(): via must be one of app, sms, call, onetouch, got "pigeon".'],
    [() => authyTwoFactor({ via: 'sms' }), 'authyTwoFactor(): otp must be a code or a function that returns a current one, got nothing.'],
    [() => authyTwoFactor({ via: 'onetouch', approved: 'yes' as never }), 'authyTwoFactor(): approved must be a function that resolves once the push was approved.'],
    [() => googleTwoFactor({ otp: ' ' }), 'googleTwoFactor(): otp must be a code or a function that returns a current one, got an empty string.'],
    [() => duoTwoFactor(undefined as never), 'duoTwoFactor(): passcode must be a code or a function that returns a current one, got nothing.'],
    [() => webAuthnTwoFactor({} as never), "webAuthnTwoFactor(): assert must be a function that signs the platform's WebAuthn challenge with a security key."],
  ])('%#: %s', (make, message) => {
    expect(make).toThrow(ConfigurationError);
    expect(make).toThrow(message);
  });
});

describe('two-factor descriptions are checked when the strategy is made', () => {
  it('a description signs in like the provider value', async () => {
    const { url, fake } = await platform({ duo: { passcode: '778899' } });
    await clientFor(url, { provider: 'duo_security', passcode: '778899' }).modules.list();
    expect(fake.stats.byRoute.get('POST /V1/tfa/provider/duo_security/authenticate')).toBe(1);
  });

  it.each([
    [{ provider: 'duo-security', passcode: '1' }, 'adminToken(): twoFactor must be a provider such as authyTwoFactor({ otp }), or a description whose provider is one of google, authy, duo_security, u2fkey (the platform spells it duo_security), got "duo-security".'],
    ['sms', 'adminToken(): twoFactor must be a provider such as authyTwoFactor({ otp }), or a description whose provider is one of google, authy, duo_security, u2fkey, got undefined.'],
    [{ provider: 'u2fkey' }, /adminToken\(\): twoFactor\.assert must be a function/],
    [{ provider: 'authy', via: 'pigeon', otp: '1' }, /twoFactor.via must be one of app, sms, call, onetouch/],
    [{ provider: 'google' }, 'adminToken(): twoFactor.otp must be a code or a function that returns a current one, got nothing.'],
    [{ provider: 'duo_security', passcode: 778899 }, 'adminToken(): twoFactor.passcode must be a code or a function that returns a current one, got a number.'],
  ])('refuses %j', (twoFactor, message) => {
    expect(() => adminToken({ username: 'admin', password: PASSWORD, twoFactor: twoFactor as never })).toThrow(message);
  });

  it('refuses otp and twoFactor together', () => {
    expect(() => adminToken({ username: 'admin', password: PASSWORD, otp: '1', twoFactor: { provider: 'google', otp: '1' } })).toThrow(/give otp or twoFactor, not both/);
  });
});
