/**
 * Selections to the platform's syntax: checked (for callers without the types), merged, written.
 */
import { InputError } from '@magekit/core';
import { FIELD_NAME, MAX_FIELDS_DEPTH } from './syntax.ts';
import type { FieldSelection, FieldSelector } from './types.ts';

/** Checks a selection built in code: non-empty, valid names, `{ name: [...] }` objects only. */
export function checkSelection(value: unknown, path = 'fields', depth = 0): FieldSelection {
  if (depth > MAX_FIELDS_DEPTH) {
    throw new InputError(`fields nests deeper than ${MAX_FIELDS_DEPTH} levels (at ${path.slice(0, 120)}…); no platform object is that deep.`, { service: 'commerce' });
  }
  if (!Array.isArray(value)) {
    throw new InputError(`${path} must be an array such as ["sku", { extension_attributes: ["stock_item"] }], got ${describe(value)}.`, { service: 'commerce' });
  }
  if (value.length === 0) throw new InputError(`${path} selects nothing: list at least one field.`, { service: 'commerce' });
  value.forEach((entry: unknown, index) => {
    const where = `${path}[${index}]`;
    if (typeof entry === 'string') return checkName(entry, where);
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      throw new InputError(`${where} must be a field name or { name: [...fields] }, got ${describe(entry)}.`, { service: 'commerce' });
    }
    const names = Object.keys(entry);
    if (names.length === 0) throw new InputError(`${where} is an empty object: write { name: [...fields] }.`, { service: 'commerce' });
    for (const name of names) {
      checkName(name, `${where} key`);
      checkSelection((entry as Record<string, unknown>)[name], `${where}.${name}`, depth + 1);
    }
  });
  return value as FieldSelection;
}

function checkName(name: string, where: string): void {
  if (!FIELD_NAME.test(name)) {
    throw new InputError(`${where}: ${JSON.stringify(name)} is not a field name (letters, digits and "_" only).`, { service: 'commerce' });
  }
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'string' ? JSON.stringify(value) : typeof value;
}

/**
 * Merges repeated names: a bare name wins over `name[...]` (it already selects everything), and
 * repeated `name[...]` entries are merged into one.
 *
 * Why: the platform reads a selector into a PHP associative array, so a name written twice keeps
 * only its last entry. The place users meet this is `custom_attributes[color],custom_attributes[size]`,
 * which returns only `size` (magento/magento2#25175); merged, it is `custom_attributes[color,size]`
 * and returns both. Inside `custom_attributes[...]` the names are attribute codes, matched against
 * each entry's `attribute_code` (or `attribute_code` / `value` to keep that member of every entry).
 * Order of first appearance is kept so output is stable.
 */
export function normalizeSelection(selection: FieldSelection): FieldSelector[] {
  const merged = new Map<string, true | FieldSelector[]>();
  for (const entry of selection) {
    if (typeof entry === 'string') {
      merged.set(entry, true);
      continue;
    }
    for (const [name, members] of Object.entries(entry)) {
      const seen = merged.get(name);
      if (seen === true) continue;
      merged.set(name, [...(seen ?? []), ...members]);
    }
  }
  return [...merged].map(([name, members]) => (members === true ? name : { [name]: normalizeSelection(members) }));
}

/** Writes a selection in the platform's syntax, repeated names merged (see `normalizeSelection`). */
export function serializeSelection(selection: FieldSelection): string {
  return write(normalizeSelection(checkSelection(selection)));
}

function write(selection: FieldSelection): string {
  return selection
    .map((entry) =>
      typeof entry === 'string'
        ? entry
        : Object.entries(entry)
            .map(([name, members]) => `${name}[${write(members)}]`)
            .join(','),
    )
    .join(',');
}
