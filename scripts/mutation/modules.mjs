// The modules `npm run mutate` holds to the mutation score: those that guard secrets, money and data
// (issue #34). Grouped by package, because each package's own tests must pin its own code.
export const MODULES = {
  core: [
    'packages/core/src/transport/policy.ts', // retries: which failures, how often, Retry-After
    'packages/core/src/transport/redirects.ts', // no credential across origins
    'packages/core/src/redact.ts',
    'packages/core/src/url.ts', // path segment encoding, base URL checks
    'packages/core/src/single-flight.ts', // one token request however many callers wait
    'packages/core/src/paginate.ts',
  ],
  commerce: [
    'packages/commerce/src/auth/oauth/*.ts',
    'packages/commerce/src/auth/token-authorizer.ts',
    'packages/commerce/src/auth/admin-token.ts',
    'packages/commerce/src/auth/customer-token.ts',
    'packages/commerce/src/async/waiter/*.ts',
    'packages/commerce/src/async/acceptance.ts',
    'packages/commerce/src/reads/*.ts',
  ],
  marketplace: [
    'packages/marketplace/src/batch.ts',
    'packages/marketplace/src/session.ts',
    'packages/marketplace/src/callbacks/basic-auth.ts',
    'packages/marketplace/src/callbacks/handler.ts',
  ],
};

/** Each module must reach this score (killed + timed out over every mutant but the listed equivalents). */
export const THRESHOLD = 90;
