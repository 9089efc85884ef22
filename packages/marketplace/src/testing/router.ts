/**
 * Matches a request path against the route table generated from the spec, so the fake answers
 * exactly the documented routes and a request the spec does not describe is caught (contract check).
 */
import { routeRows } from '../generated/routes.ts';

export interface MatchedRoute {
  id: string;
  params: Record<string, string>;
}

interface CompiledRoute {
  id: string;
  method: string;
  pattern: RegExp;
  names: string[];
  staticSegments: number;
}

const compiled: CompiledRoute[] = routeRows
  .map(([id, method, path]) => {
    const names: string[] = [];
    const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}|\{([^}]+)\}/g, (_m, a: string | undefined, b: string | undefined) => {
      names.push((a ?? b)!);
      return '([^/]+)';
    });
    return { id, method, pattern: new RegExp(`^${source}/?$`), names, staticSegments: path.split('/').filter((s) => s && !s.startsWith('{')).length };
  })
  // Static segments win over parameters: /products/packages/skus is not a submission_id.
  .sort((a, b) => b.staticSegments - a.staticSegments);

export function matchRoute(method: string, path: string): MatchedRoute | undefined {
  for (const route of compiled) {
    if (route.method !== method) continue;
    const m = route.pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1]!)));
    return { id: route.id, params };
  }
  return undefined;
}
