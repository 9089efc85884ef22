// generated/walk-keys.ts: each search route's unique key (`x-walk-key` in the spec), which exact walks
// page by (keyset: `key gt last`, sorted by it), or the reason a route has none. Every search route
// must say one or the other: a walk that guessed a key could skip or repeat records without a word.

/** `{ field, item?, source }` (a key: the filter and sort field, the item's name for it, where it was read) or `{ none: why }`. */
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
  const rows = routes
    .filter((r) => r.flags.includes('s') && r.flags.includes('q'))
    .map((r) => `  ${JSON.stringify(r.key)}: ${JSON.stringify(walkKeyOf(r))},`);
  return `${header}
/**
 * Each search route's unique key, from \`x-walk-key\` in the spec: [the field filters and sorts use, the
 * item's name for it], or why the route has none (reads/route-key.ts turns that into an error).
 */
export const walkKeys: Readonly<Record<string, readonly [field: string, item: string] | string>> = {
${rows.join('\n')}
};
`;
}
