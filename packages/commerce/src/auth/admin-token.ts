/**
 * Admin tokens: `POST /V1/integration/admin/token`, or, with two-factor authentication on (the
 * platform's default since 2.4.0), the Google Authenticator provider route with a one-time code, or
 * the exchange of the provider given as `twoFactor` (tfa/providers.ts), which carries its own code.
 */
import { configurationError, optionalDuration, requireSecret, requireText } from './config.ts';
import { currentCode } from './tfa/providers.ts';
import type { SecondFactor, TwoFactor } from './tfa/types.ts';
import { createTokenAuthorizer } from './token-authorizer.ts';
import type { AuthRuntime, AuthStrategy } from './types.ts';

export type OtpSource = string | (() => string | Promise<string>);

export interface AdminTokenOptions {
  username: string;
  password: string;
  /**
   * A one-time code for two-factor authentication, or a function that returns a current one (a
   * static code is valid for about 30 s, so long-running apps should pass a function). When set,
   * tokens come from `POST /V1/tfa/provider/google/authenticate`.
   */
  otp?: OtpSource | undefined;
  /**
   * Any two-factor provider: `authyTwoFactor({ via, otp | approved })`, `duoTwoFactor({ passcode })`,
   * `webAuthnTwoFactor({ assert })`, `googleTwoFactor({ otp })`, each carrying its own sign-in exchange.
   * The `adminToken` of `@magekit/commerce` also takes a description, `{ provider: 'authy', via, otp }`
   * (it ships every provider's exchange); the one of `@magekit/commerce/lean` takes the provider only.
   * Callbacks run at each sign-in, renewals included. `otp` alone is short for `googleTwoFactor({ otp })`.
   */
  twoFactor?: SecondFactor | TwoFactor | undefined;
  /** How long a token lives. Default 4 h, the platform's default. */
  tokenTtlMs?: number | undefined;
  /** Renew this long before expiry. Default 60 s. */
  renewBeforeMs?: number | undefined;
}

const ADMIN_TOKEN_PATH = '/V1/integration/admin/token';
const GOOGLE_TFA_PATH = '/V1/tfa/provider/google/authenticate';
const ADMIN_TTL_MS = 4 * 3600_000;
const DEFAULT_RENEW_BEFORE_MS = 60_000;


/** adminToken of `@magekit/commerce/lean`: `twoFactor` is a provider value (a description is refused, naming the import). */
export function adminToken(options: AdminTokenOptions): AuthStrategy {
  return adminTokenWith(options, (value) => {
    if (isSecondFactor(value)) return value;
    const provider = value && typeof value === 'object' ? (value as { provider?: unknown }).provider : undefined;
    throw configurationError(
      'adminToken()',
      `twoFactor takes a provider value such as authyTwoFactor({ via, otp }) (exported by @magekit/commerce/lean), got ${provider === undefined ? 'something else' : `the description { provider: ${JSON.stringify(provider)} }`}, which only the adminToken of @magekit/commerce takes.`,
    );
  });
}

export function isSecondFactor(value: unknown): value is SecondFactor {
  return typeof (value as SecondFactor | null | undefined)?.signIn === 'function';
}

/** Both adminTokens: the options checked, `twoFactor` read by `readTwoFactor`. */
export function adminTokenWith(options: AdminTokenOptions, readTwoFactor: (value: unknown) => SecondFactor): AuthStrategy {
  const factory = 'adminToken()';
  if (!options || typeof options !== 'object') throw configurationError(factory, 'needs { username, password }.');
  const username = requireText(options.username, factory, 'username');
  const password = requireSecret(options.password, factory, 'password');
  const otp = options.otp;
  if (otp !== undefined && typeof otp !== 'function') requireText(otp, factory, 'otp');
  if (otp !== undefined && options.twoFactor !== undefined) throw configurationError(factory, 'give otp or twoFactor, not both (otp is short for twoFactor: googleTwoFactor({ otp })).');
  const twoFactor = options.twoFactor === undefined ? undefined : readTwoFactor(options.twoFactor);
  const ttlMs = optionalDuration(options.tokenTtlMs, factory, 'tokenTtlMs', ADMIN_TTL_MS);
  const renewBeforeMs = optionalDuration(options.renewBeforeMs, factory, 'renewBeforeMs', Math.min(DEFAULT_RENEW_BEFORE_MS, ttlMs / 10), { allowZero: true });
  if (renewBeforeMs >= ttlMs) throw configurationError(factory, `renewBeforeMs (${renewBeforeMs}) must be shorter than tokenTtlMs (${ttlMs}).`);

  return {
    kind: 'admin',
    bind(runtime: AuthRuntime) {
      runtime.protect?.(password);
      return createTokenAuthorizer({
        runtime,
        label: 'admin',
        ttlMs,
        renewBeforeMs,
        requestToken: async () => {
          if (twoFactor !== undefined) return twoFactor.signIn(runtime, username, password);
          if (otp !== undefined) {
            return runtime.callAnonymous<unknown>('POST', GOOGLE_TFA_PATH, { username, password, otp: await currentCode(otp, 'otp') });
          }
          // With two-factor authentication on, the refusal's hint says what to pass (errors.ts).
          return runtime.callAnonymous<unknown>('POST', ADMIN_TOKEN_PATH, { username, password });
        },
      });
    },
  };
}
