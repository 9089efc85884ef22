/**
 * The fake platform's `fields` filter, a faithful port of the platform's own (Webapi `FieldsFilter`),
 * quirks included, so tests meet what production answers:
 *
 * - A selector with characters other than letters, digits, `_`, `[`, `]` and `,`, or with an
 *   unclosed `[`, yields an empty body (`[]`), not an error.
 * - The selector is read into an associative array, so a name written twice keeps only its last
 *   entry: `custom_attributes[a],custom_attributes[b]` selects only `b` (magento/magento2#25175).
 * - Inside `custom_attributes[...]` names are attribute codes; kept entries keep their original
 *   positions, so when entries are dropped the list is encoded as an object keyed by position.
 * - A list is filtered item by item; an empty object or list under a bracketed name becomes `null`;
 *   an object left with no selected fields becomes `[]` (PHP's empty array).
 * - On a search-results wrapper a bare item selector (`sku`) keeps nothing: callers must write
 *   `items[sku]` (magento/magento2#3463).
 */

/** The parsed selector: `1` for a bare name, a nested filter for `name[...]`. */
type Filter = Map<string, 1 | Filter>;

const CUSTOM_ATTRIBUTES = 'custom_attributes';

/** Applies a `fields` selector string to a response body; null or empty means no selection. */
export function applyPartialResponse(body: unknown, fields: string | null): unknown {
  if (fields === null || fields === '' || body === null || typeof body !== 'object') return body;
  const filter = parseFilter(fields);
  if (filter === null) return [];
  return phpJson(applyFilter(body, filter));
}

/** The platform's selector reader, step for step (a character scanner with a stack). */
export function parseFilter(text: string): Filter | null {
  if (text.length === 0 || /[^\w[\],]/.test(text)) return null;
  let start: number | null = null;
  let current: Filter = new Map();
  const stack: Filter[] = [];
  const parents: (string | null)[] = [];
  let element: string | null = null;
  for (let position = 0; position < text.length; position += 1) {
    const char = text[position]!;
    if (char === '[' || char === ']' || char === ',') {
      if (start !== null) {
        element = text.slice(start, position);
        current.set(element, 1);
      }
      start = null;
    }
    if (char === '[') {
      parents.push(element);
      stack.push(current);
      current = new Map();
    } else if (char === ']') {
      const inner = current;
      const outer = stack.pop();
      // A `]` that closes nothing: PHP would limp on with warnings; treat it as unreadable.
      if (outer === undefined) return null;
      current = outer;
      current.set(parents.pop() ?? '', inner);
    } else if (char !== ',' && start === null) {
      start = position;
    }
  }
  if (stack.length > 0) return null;
  if (start !== null) current.set(text.slice(start), 1);
  return current;
}

/** Internal marker for PHP arrays with non-sequential integer keys (encoded as JSON objects). */
class SparseList {
  constructor(readonly entries: [number, unknown][]) {}
}

function applyFilter(value: object, filter: Filter): unknown {
  // PHP cannot tell an empty object from an empty list: both count as a list, the loop over items
  // runs zero times, and the result is null. So `items[sku]` on an empty search gives `items: null`.
  if (Object.keys(value).length === 0) return null;
  if (Array.isArray(value)) return value.map((item: unknown) => (item !== null && typeof item === 'object' ? intersect(item, filter) : item));
  return intersect(value, filter);
}

function intersect(value: object, filter: Filter): unknown {
  if (Array.isArray(value)) return applyFilter(value, filter);
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const wanted = filter.get(key);
    if (wanted === undefined) continue;
    if (key === CUSTOM_ATTRIBUTES && wanted !== 1 && Array.isArray(field)) out[key] = filterCustomAttributes(field, wanted);
    else if (wanted !== 1 && field !== null && typeof field === 'object') out[key] = applyFilter(field, wanted);
    else out[key] = field;
  }
  // PHP's empty array: json_encode writes `[]`.
  return Object.keys(out).length === 0 ? [] : out;
}

function filterCustomAttributes(list: unknown[], filter: Filter): SparseList {
  const kept: [number, unknown][] = [];
  list.forEach((entry, index) => {
    const { attribute_code: code, value } = (entry ?? {}) as { attribute_code?: unknown; value?: unknown };
    if (typeof code === 'string' && filter.has(code)) {
      kept.push([index, { attribute_code: code, value }]);
      return;
    }
    const partial: Record<string, unknown> = {};
    if (filter.has('attribute_code')) partial['attribute_code'] = code;
    if (filter.has('value')) partial['value'] = value;
    if (Object.keys(partial).length > 0) kept.push([index, partial]);
  });
  return new SparseList(kept);
}

/** What json_encode makes of a filtered custom_attributes list: a list if sequential, else an object. */
function phpJson(value: unknown): unknown {
  if (value instanceof SparseList) {
    const sequential = value.entries.every(([index], position) => index === position);
    return sequential ? value.entries.map(([, item]) => item) : Object.fromEntries(value.entries.map(([index, item]) => [String(index), item]));
  }
  if (Array.isArray(value)) return value.map(phpJson);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, phpJson(item)]));
  return value;
}
