/**
 * Schema-valid answers for the routes the fake does not model, expanded from the generated example
 * map (`{ $ex: name }` references into shared components). A reference already being expanded
 * higher up (a category tree's children) is cut: the array stays empty, the property is left out.
 */
import { exampleComponents, routeExamples } from '../generated/examples.ts';

export type Access = 'admin' | 'customer' | 'guest';

export function routeAccess(routeKey: string): Access {
  const access = routeExamples[routeKey]?.access;
  return access === 'guest' || access === 'customer' ? access : 'admin';
}

/** Undefined when the route answers without a body. */
export function exampleResponse(routeKey: string): unknown {
  const entry = routeExamples[routeKey];
  if (!entry || !('example' in entry)) return undefined;
  return expand(entry.example, []);
}

function expand(node: unknown, stack: string[]): unknown {
  if (Array.isArray(node)) return node.map((item) => expand(item, stack)).filter((item) => item !== undefined);
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ex?: unknown }).$ex;
  if (typeof ref === 'string') {
    if (stack.includes(ref) || stack.length > 12) return undefined;
    return expand(exampleComponents[ref], [...stack, ref]);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    const expanded = expand(value, stack);
    if (expanded !== undefined) out[key] = expanded;
  }
  return out;
}
