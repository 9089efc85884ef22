/**
 * Route-variable conflicts: a path id and the body's id for the same record must agree, because the
 * platform modifies the record named in the body. Refused before sending unless the caller opts in.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createCommerceClient } from '../src/client.ts';
import { assertNoRouteConflict } from '../src/platform/conflicts.ts';
import { routeByKey } from '../src/routes/table.ts';
import { server } from '@magekit/test-support/msw';

const BASE = 'https://shop.test';
const customer = (id: number) => ({ id, email: `c${id}@example.com`, firstname: 'Ada', lastname: 'Lovelace', website_id: 1 });

function capture() {
  const sent: { path: string; body: unknown }[] = [];
  server.use(
    http.put(`${BASE}/rest/V1/customers/:customerId`, async ({ request }) => {
      const body = (await request.json()) as { customer: unknown };
      sent.push({ path: new URL(request.url).pathname, body });
      return HttpResponse.json(body.customer as Record<string, unknown>);
    }),
  );
  return sent;
}

describe('route-variable conflicts', () => {
  const commerce = () => createCommerceClient({ baseUrl: BASE });

  it('refuses PUT /V1/customers/{customerId} with another customer.id, before sending', async () => {
    const sent = capture();
    const error = (await commerce()
      .request('PUT /V1/customers/{customerId}', { customerId: '5', customer: customer(7) })
      .catch((e: unknown) => e)) as { kind: string; message: string };
    expect(error.kind).toBe('input');
    expect(error.message).toContain('customerId="5"');
    expect(error.message).toContain("customer.id is 7");
    expect(error.message).toContain('allowIdMismatch');
    expect(sent).toEqual([]);
  });

  it('the named method is guarded the same way', async () => {
    const sent = capture();
    await expect(commerce().customers.update({ customerId: '5', customer: customer(7) })).rejects.toMatchObject({ kind: 'input' });
    expect(sent).toEqual([]);
  });

  it('sends it with { allowIdMismatch: true }', async () => {
    const sent = capture();
    await commerce().request('PUT /V1/customers/{customerId}', { customerId: '5', customer: customer(7) }, { allowIdMismatch: true });
    expect(sent).toEqual([{ path: '/rest/V1/customers/5', body: { customer: customer(7) } }]);
  });

  it('lets agreeing ids through, whether number or string, and a body without an id', async () => {
    const sent = capture();
    await commerce().request('PUT /V1/customers/{customerId}', { customerId: '5', customer: customer(5) });
    const { id: _id, ...withoutId } = customer(5);
    await commerce().request('PUT /V1/customers/{customerId}', { customerId: '5', customer: withoutId });
    expect(sent.map((s) => s.path)).toEqual(['/rest/V1/customers/5', '/rest/V1/customers/5']);
  });

  it('checks a field named like the path parameter inside the entity (product.sku against {sku})', () => {
    const route = routeByKey('PUT /V1/products/{sku}');
    expect(() => assertNoRouteConflict(route, { sku: 'A' }, { product: { sku: 'B' } })).toThrow('the body\'s product.sku is "B"');
    expect(() => assertNoRouteConflict(route, { sku: 'A' }, { product: { sku: 'A' } })).not.toThrow();
  });

  it('ignores bodies that name no id, and routes without a body', () => {
    const route = routeByKey('PUT /V1/customers/{customerId}');
    expect(() => assertNoRouteConflict(route, { customerId: '5' }, { customer: { email: 'x@example.com' } })).not.toThrow();
    expect(() => assertNoRouteConflict(route, { customerId: '5' }, undefined)).not.toThrow();
  });
});
