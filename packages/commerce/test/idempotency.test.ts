/**
 * Idempotency is a property of the route, from the spec's x-idempotent (docs/design.md): the
 * writes the issue found duplicated are marked as never to be repeated, reads are safe to repeat.
 */
import { describe, expect, it } from 'vitest';
import { routeByKey, routes } from '../src/routes/table.ts';

describe('x-idempotent in the route table', () => {
  it.each(['PUT /V1/orders/create', 'PUT /V1/carts/mine/order', 'PUT /V1/carts/{cartId}/order', 'PUT /V1/guest-carts/{cartId}/order', 'POST /V1/orders/', 'POST /V1/carts/mine/payment-information', 'POST /V1/integration/admin/token'])(
    '%s creates, places or signs in: not idempotent',
    (key) => expect(routeByKey(key).idempotent).toBe(false),
  );

  it.each(['PUT /V1/products/{sku}', 'DELETE /V1/products/{sku}', 'GET /V1/products/{sku}', 'POST /V1/carts/mine/estimate-shipping-methods'])('%s is idempotent', (key) => {
    expect(routeByKey(key).idempotent).toBe(true);
  });

  it('every GET and DELETE is idempotent; every route has a decision', () => {
    for (const route of routes) {
      expect(typeof route.idempotent, route.key).toBe('boolean');
      if (route.method === 'GET' || route.method === 'DELETE') expect(route.idempotent, route.key).toBe(true);
    }
  });
});
