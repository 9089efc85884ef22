// The fake answers every route of the spec (all 2.4.9 operations, V2 included) through a real client,
// with a body valid against the route's response schema: users can point any call at it.
import { describe, expect, it } from 'vitest';
import { createCommerceClient, none, routes } from '../src/index.ts';
import { createFakeCommerce, createFakeIms } from '../src/testing/index.ts';
import { commerceHandlers } from '../src/testing/msw-handlers.ts';
import { server } from '@magekit/test-support/msw';
import { operations } from './support/spec.ts';
import { schemaErrors } from './support/validate.ts';
import { planCall } from './support/wire.ts';

const BASE = 'https://shop.every-route.test';
const CLOUD_ORIGIN = 'https://cloud.every-route.test';
// Routes the fake models with state: a valid planned input names records that do not exist there
// (404/400), or credentials and providers it was not given (the sign-in and two-factor routes: 401/400).
const STATEFUL = /^(GET|PUT|DELETE|POST) \/V1\/(products|categories|customers|orders|bulk|company|team|hierarchy|negotiableQuote|negotiable-carts|sharedCatalog)\b/;
const SIGN_IN = /^POST \/V1\/(integration\/(admin|customer)\/token|integration\/customer\/revoke-customer-token|tfa\/provider\/)/;

describe('the fake answers every spec route', () => {
  it('with a schema-valid body (or none, for void routes), sync and through the named method', async () => {
    const fake = createFakeCommerce({ auth: false });
    server.use(...commerceHandlers(fake, { baseUrl: BASE }));
    const commerce = createCommerceClient({ baseUrl: BASE, auth: none(), retry: false }) as unknown as Record<string, unknown>;
    // The routes only the cloud service has: a fake playing it, through a cloud-mode client.
    const cloudFake = createFakeCommerce({ auth: false, cloudService: { tenantId: 'T1', ims: createFakeIms() } });
    server.use(...commerceHandlers(cloudFake, { baseUrl: CLOUD_ORIGIN }));
    const cloud = createCommerceClient({ baseUrl: `${CLOUD_ORIGIN}/T1`, cloudService: true, auth: none(), retry: false }) as unknown as Record<string, unknown>;
    const cloudOnly = new Set(routes.filter((r) => r.cloudServiceOnly).map((r) => r.key));
    const problems: string[] = [];
    const answered = new Set<string>();
    for (const op of operations) {
      const client = cloudOnly.has(op.key) ? cloud : commerce;
      const method = op.id.split('.').reduce<any>((node, part) => node?.[part], client) as (input: Record<string, unknown>) => Promise<unknown>;
      let result: unknown;
      try {
        result = await method(planCall(op).input);
      } catch (error) {
        // A modelled route may refuse made-up ids with the platform's 404/400: that is behaviour, not a gap.
        const status = (error as { status?: number }).status ?? 0;
        if (STATEFUL.test(op.key) && [400, 404].includes(status)) continue;
        if (SIGN_IN.test(op.key) && [400, 401].includes(status)) continue;
        problems.push(`${op.key}: ${(error as Error).message}`);
        continue;
      }
      answered.add(op.key);
      if (op.success) {
        const errors = schemaErrors(op.success, result);
        if (errors.length) problems.push(`${op.key}: ${errors.slice(0, 2).join('; ')}`);
      } else if (result !== undefined) problems.push(`${op.key}: answered a body for a void route`);
    }
    expect(problems).toEqual([]);
    // Every route outside the stateful modules was answered, the 2.4.9 additions among them.
    expect(operations.filter((op) => !STATEFUL.test(op.key) && !SIGN_IN.test(op.key) && !answered.has(op.key)).map((op) => op.key)).toEqual([]);
    expect(answered.has('PUT /V2/carts/{cartId}/coupons')).toBe(true);
    expect(answered.has('GET /V1/payments-config/{location}')).toBe(true);
    expect(answered.has('GET /V1/giftcardaccounts/{id}')).toBe(true);
  }, 120_000);
});
