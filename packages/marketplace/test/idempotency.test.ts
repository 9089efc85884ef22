import { describe, expect, it } from 'vitest';
import { routeByKey } from '../src/route-table.ts';

describe('x-idempotent in the marketplace route table', () => {
  it('submissions are never replayed; profile updates and reads may be', () => {
    expect(routeByKey('PUT /products/packages').idempotent).toBe(false);
    expect(routeByKey('POST /products/packages').idempotent).toBe(false);
    expect(routeByKey('PUT /users/{mage_id}').idempotent).toBe(true);
    expect(routeByKey('GET /users/{mage_id}').idempotent).toBe(true);
  });
});
