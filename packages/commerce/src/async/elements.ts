/**
 * Checks the elements of a bulk call before anything is sent: each element is the sync route's flat
 * input (`{ sku, product }`), so its path values must be there, be scalars, and agree with the ids
 * in its body (the same route-variable check the sync call makes).
 */
import { InputError } from '@magekit/core';
import type { CallOptions } from '../calls/runtime.ts';
import { assertNoRouteConflict } from '../platform/conflicts.ts';
import { splitInput, type RouteInfo } from '../routes/info.ts';

export function checkNoFields(route: RouteInfo, input: unknown, where: string): void {
  if (input && typeof input === 'object' && (input as Record<string, unknown>)['fields'] !== undefined) {
    throw new InputError(`${where} ${route.key}: "fields" selects parts of a synchronous response; async and bulk calls answer with an acceptance, so it cannot apply.`, { service: 'commerce' });
  }
}

export function checkBulkElement(route: RouteInfo, element: unknown, position: number, options: CallOptions | undefined): void {
  const where = `bulk ${route.key}, element ${position}`;
  if (!element || typeof element !== 'object' || Array.isArray(element)) {
    throw new InputError(`${where}: each element must be the route's input object (for example { ${route.pathParams.map((p) => `${p}, `).join('')}... }), got ${Array.isArray(element) ? 'an array' : element === null ? 'null' : typeof element}.`, { service: 'commerce' });
  }
  const record = element as Record<string, unknown>;
  for (const name of route.pathParams) {
    const value = record[name];
    if (value === undefined || value === null || value === '') {
      throw new InputError(`${where} has no "${name}": in a bulk call the path parameter {${name}} moves into every element, so each one needs its own ${name}.`, { service: 'commerce' });
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new InputError(`${where}: "${name}" must be a string or number, got ${typeof value}.`, { service: 'commerce' });
    }
  }
  checkNoFields(route, record, 'bulk');
  const { pathValues, body } = splitInput(route, record);
  if (!options?.allowIdMismatch) assertNoRouteConflict(route, pathValues, body);
}
