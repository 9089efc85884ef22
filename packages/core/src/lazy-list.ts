/**
 * An array built on first use: a route table exported as an array costs its parsing at import, which
 * every cold start pays (the commerce table is ~600 rows). The list is a real array (Array.isArray,
 * spread, JSON, every array method, console.log), filled by `build` when it is first read, written or
 * inspected. Being a proxy, it cannot be structured-cloned (postMessage, structuredClone): copy it first.
 */
export function lazyList<T>(build: () => readonly T[]): readonly T[] {
  const target: T[] = [];
  let built = false;
  const fill = (): void => {
    if (built) return;
    built = true;
    target.push(...build());
  };
  // Every trap that reads, writes or inspects the array fills it first, then does what the plain array would do.
  const handler: ProxyHandler<T[]> = {};
  for (const trap of TRAPS) handler[trap] = (...args: unknown[]) => (fill(), (Reflect[trap] as (...a: unknown[]) => unknown)(...args)) as never;
  // Node's util.inspect (console.log) reads a proxy's target directly, past the traps: it fills first.
  Object.defineProperty(target, Symbol.for('nodejs.util.inspect.custom'), { value: (_depth: number, options: object, inspect: (value: unknown, options: object) => string) => (fill(), inspect([...target], options)) });
  return new Proxy(target, handler);
}

const TRAPS = ['get', 'set', 'has', 'ownKeys', 'getOwnPropertyDescriptor', 'defineProperty', 'deleteProperty', 'preventExtensions'] as const;
