/**
 * The routes one client knows: the route modules it was given (built-in modules from
 * `@magekit/commerce/modules`, the module `magekit-commerce types pull` writes for an installation)
 * and the modules added later (`addRoutes`). Every call and every helper of the client looks its
 * route up here, so a route outside these modules is refused before anything is sent, with a
 * message that says what to add.
 */
import { ConfigurationError } from '@magekit/core';
import type { RouteModule as GeneratedRouteModule } from '../generated/routes.ts';
import { commerceRouteIndex, toInfo, type RouteInfo } from './info.ts';
import { registeredRows } from './registered.ts';

/**
 * A module of routes: `name`, its rows, and for a module `magekit-commerce types pull` wrote, the
 * file it came from (`source`), which unknown-route messages name.
 */
export interface RouteModule<N extends string = string> extends GeneratedRouteModule<N> {
  readonly source?: string | undefined;
}

export interface ClientRoutes {
  /** The route behind "METHOD /path" (either spelling of a trailing slash); an InputError naming what to add otherwise. */
  route(key: unknown): RouteInfo;
  /** Adds a module's routes; a key the client already knows keeps its first definition. */
  add(module: RouteModule): void;
  /** Every route the client knows, in the order they were added. */
  all(): readonly RouteInfo[];
}

const MODULES_ENTRY = '@magekit/commerce/modules';
/** Modules are parsed once however many clients take them. */
const parsed = new WeakMap<RouteModule, readonly RouteInfo[]>();

function infosOf(module: RouteModule): readonly RouteInfo[] {
  let infos = parsed.get(module);
  if (!infos) {
    infos = module.rows.map(toInfo);
    parsed.set(module, infos);
  }
  return infos;
}

/** Tells the cache a module's parsed routes (the route table parses every built-in row anyway). */
export function withParsedRoutes<M extends RouteModule>(module: M, infos: readonly RouteInfo[]): M {
  parsed.set(module, infos);
  return module;
}

function checkModule(module: unknown): asserts module is RouteModule {
  const candidate = module as Partial<RouteModule> | null;
  const rowsOk = Array.isArray(candidate?.rows) && candidate.rows.every((row: unknown) => Array.isArray(row) && row.length === 5 && row.every((part) => typeof part === 'string'));
  if (!candidate || typeof candidate.name !== 'string' || !rowsOk || (candidate.source !== undefined && typeof candidate.source !== 'string')) {
    throw new ConfigurationError(`routes takes route modules: productsRoutes and the others (exported by ${MODULES_ENTRY}), or the module \`magekit-commerce types pull\` wrote.`, { service: 'commerce' });
  }
}

export interface ClientRoutesOptions {
  /** The modules include every built-in route (the full client): unknown keys can only be an installation's. */
  everyBuiltin?: boolean | undefined;
}

export function createClientRoutes(modules: readonly RouteModule[] | undefined, options: ClientRoutesOptions = {}): ClientRoutes {
  if (modules !== undefined && !Array.isArray(modules)) checkModule(modules);
  const index = commerceRouteIndex([], whatToAdd);
  const names: string[] = [];
  const sources: string[] = [];
  const added = new Set<RouteModule>();
  let registeredSeen = 0;

  const add = (module: RouteModule): void => {
    checkModule(module);
    if (added.has(module)) return;
    const infos = infosOf(module);
    added.add(module);
    names.push(module.name);
    if (module.source) sources.push(module.source);
    for (const info of infos) index.add(info);
  };

  /** Rows of the deprecated registerRoutes(), taken in as they are registered. */
  const takeRegistered = (): void => {
    for (; registeredSeen < registeredRows.length; registeredSeen += 1) index.add(toInfo(registeredRows[registeredSeen]!));
  };

  const route = (key: unknown): RouteInfo => {
    takeRegistered();
    return index.byKey(key);
  };

  function whatToAdd(): string {
    const builtin = options.everyBuiltin ? 'It is not one of the SDK\'s routes.' : `A route of the SDK needs its module, exported by ${MODULES_ENTRY} (ordersRoutes for orders.create).`;
    const installation = sources.length ? `A route of your installation missing from ${sources.join(', ')} needs \`magekit-commerce types pull\` again.` : 'A route of your installation needs the module `magekit-commerce types pull` wrote.';
    return `This client knows the routes of ${names.join(', ') || 'no module'}. ${builtin} ${installation} Add modules with the routes option or addRoutes(client, module).`;
  }

  for (const module of modules ?? []) add(module);
  return {
    route,
    add,
    all: () => {
      takeRegistered();
      return index.routes;
    },
  };
}
