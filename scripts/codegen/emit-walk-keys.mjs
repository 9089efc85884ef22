// generated/walk-keys.ts: each search route's unique key (`x-walk-key` in the spec), which exact walks
// page by (keyset: `key gt last`, sorted by it), or the reason a route has none. Every search route
// must say one or the other: a walk that guessed a key could skip or repeat records without a word.
// Packed as text, one route a line, read on first use: the table ships in every client that paginates.

/** `[field, item]` (the filter and sort field, the item's name for it) or the reason the route has none. */
function walkKeyOf(route) {
  const mark = route.op['x-walk-key'];
  if (!mark || typeof mark !== 'object') throw new Error(`${route.key} (${route.id}) is a search route without x-walk-key: give { field, item?, source } or { none: why } (see "Reading a live store" in docs/design.md)`);
  if (typeof mark.none === 'string' && mark.none) return mark.none;
  const { field, item = field, source } = mark;
  const name = /^[a-z0-9_]+$/i;
  if (!name.test(field ?? '') || !name.test(item) || typeof source !== 'string' || !source) throw new Error(`${route.key}: x-walk-key needs field and item (attribute codes) and the source it was read from`);
  return [field, item];
}

export function emitWalkKeys(routes, header) {
  const reasons = [];
  const lines = routes
    .filter((r) => r.flags.includes('s') && r.flags.includes('q'))
    .map((r) => {
      const key = walkKeyOf(r);
      if (typeof key === 'string') {
        if (!reasons.includes(key)) reasons.push(key);
        return `${r.key} !${reasons.indexOf(key)}`;
      }
      return `${r.key} ${key[0]}${key[1] === key[0] ? '' : ` ${key[1]}`}`;
    });
  return `${header}
/** Why a search route cannot be walked by key (x-walk-key: { none }). */
const REASONS: readonly string[] = ${JSON.stringify(reasons, null, 2)};

/** "METHOD path field [item]" (item: when the answer names the key otherwise), or "METHOD path !reason". */
const PACKED = \`
${lines.join('\n')}
\`;

let table: Map<string, readonly [field: string, item: string] | string> | undefined;

/**
 * A search route's unique key, from \`x-walk-key\` in the spec: [the field filters and sorts use, the
 * item's name for it], or why the route has none; undefined for a route that is not a search route of the spec.
 */
export function walkKeyOfRoute(route: string): readonly [field: string, item: string] | string | undefined {
  table ??= new Map(
    PACKED.trim()
      .split('\\n')
      .map((line) => {
        const [method, path, field = '', item = field] = line.split(' ');
        return [\`\${method} \${path}\`, field.startsWith('!') ? REASONS[Number(field.slice(1))]! : ([field, item] as const)];
      }),
  );
  return table.get(route);
}
`;
}
