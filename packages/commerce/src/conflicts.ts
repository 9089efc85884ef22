/**
 * Route-variable conflicts. When a path parameter and a body field name the same record but differ
 * (PUT /V1/customers/{customerId} with `customer.id` of another customer), the platform uses the
 * body's value and silently modifies the other record. We refuse such calls before sending.
 */
import { InputError } from '@magekit/core';
import type { RouteInfo } from './routes/info.ts';

interface Candidate {
  where: string;
  value: unknown;
}

/** Body places that name the same thing as path parameter `name`. */
function candidates(name: string, body: Record<string, unknown>): Candidate[] {
  const out: Candidate[] = [];
  if (name in body) out.push({ where: name, value: body[name] });
  for (const [key, entity] of Object.entries(body)) {
    if (!entity || typeof entity !== 'object' || Array.isArray(entity)) continue;
    const record = entity as Record<string, unknown>;
    if (name in record) out.push({ where: `${key}.${name}`, value: record[name] });
    // `customerId` in the path names `customer.id`; a bare `id` names the entity's `id`.
    const entityId = name === 'id' || name === `${key}Id` || name === `${key}_id`;
    if (entityId && name !== 'id' && 'id' in record) out.push({ where: `${key}.id`, value: record['id'] });
    if (name === 'id' && !(name in body) && 'id' in record && !out.some((c) => c.where === `${key}.id`)) {
      out.push({ where: `${key}.id`, value: record['id'] });
    }
  }
  return out;
}

export function assertNoRouteConflict(route: RouteInfo, pathValues: Record<string, unknown>, body: Record<string, unknown> | undefined): void {
  if (!body) return;
  for (const name of route.pathParams) {
    const pathValue = pathValues[name];
    if (pathValue === undefined) continue;
    for (const c of candidates(name, body)) {
      if (c.value === undefined || c.value === null || String(c.value) === String(pathValue)) continue;
      throw new InputError(
        `${route.key}: the path says ${name}=${JSON.stringify(pathValue)} but the body's ${c.where} is ${JSON.stringify(c.value)}, and the platform would modify the body's record. ` +
          'Make them agree, drop the body field, or pass { allowIdMismatch: true }.',
        { service: 'commerce' },
      );
    }
  }
}
