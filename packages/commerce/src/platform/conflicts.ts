/**
 * Route-variable conflicts. When a path parameter and a body field name the same record but differ
 * (PUT /V1/customers/{customerId} with `customer.id` of another customer), the platform uses the
 * body's value and silently modifies the other record. We refuse such calls before sending.
 */
import { InputError } from '@magekit/core';
import type { RouteInfo } from '../routes/info.ts';

/** Body places that name the same thing as path parameter `name`: [where, value]. */
function candidates(name: string, body: Record<string, unknown>): [string, unknown][] {
  const out: [string, unknown][] = name in body ? [[name, body[name]]] : [];
  for (const [key, entity] of Object.entries(body)) {
    if (!entity || typeof entity !== 'object' || Array.isArray(entity)) continue;
    const record = entity as Record<string, unknown>;
    // A bare `id` names the entity's `id` (found here); `customerId` in the path names `customer.id`.
    if (name in record) out.push([`${key}.${name}`, record[name]]);
    if ((name === `${key}Id` || name === `${key}_id`) && 'id' in record) out.push([`${key}.id`, record['id']]);
  }
  return out;
}

export function assertNoRouteConflict(route: RouteInfo, pathValues: Record<string, unknown>, body: Record<string, unknown> | undefined): void {
  if (!body) return;
  for (const name of route.pathParams) {
    const pathValue = pathValues[name];
    if (pathValue === undefined) continue;
    for (const [where, value] of candidates(name, body)) {
      if (value == null || String(value) === String(pathValue)) continue;
      throw new InputError(
        `${route.key}: the path says ${name}=${JSON.stringify(pathValue)} but the body's ${where} is ${JSON.stringify(value)}, and the platform would modify the body's record. ` +
          'Make them agree, drop the body field, or pass { allowIdMismatch: true }.',
        { service: 'commerce' },
      );
    }
  }
}
