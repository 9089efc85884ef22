/**
 * What a credential route answered, with no value in it. A token route that answers an unexpected
 * shape may still carry the token (`{"token": "…"}` where a bare string was expected, a form
 * without its secret, a proxy's page quoting the request), so its errors keep the shape (keys,
 * types, lengths), which is what the diagnosis needs, and never the text.
 */

/** The shape of a JSON value: `{"token": <string of 32 characters>}`. */
export function shapeOf(value: unknown, depth = 0): string {
  if (typeof value === 'string') return `<string of ${value.length} characters>`;
  if (typeof value === 'number') return '<number>';
  if (value === null || typeof value !== 'object') return String(value);
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, i) => [String(i), item]) : Object.entries(value);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (depth > 2) return `${open}… ${entries.length} entries${close}`;
  const shown = entries.slice(0, 8).map(([key, item]) => (Array.isArray(value) ? '' : `${JSON.stringify(key.slice(0, 40))}: `) + shapeOf(item, depth + 1));
  if (entries.length > shown.length) shown.push(`… ${entries.length - shown.length} more`);
  return `${open}${shown.join(', ')}${close}`;
}

/**
 * The shape of a response body's text: its JSON's shape, a form's field names with the lengths of
 * their values, or only its length; blank text as it is.
 */
export function shapeOfText(text: string): string {
  if (!text.trim()) return text;
  try {
    return shapeOf(JSON.parse(text));
  } catch {
    if (!/^[\w.%-]+=[^\s<]*$/.test(text.trim())) return `<text of ${text.length} characters>`;
    return `<form: ${[...new URLSearchParams(text.trim())].map(([name, value]) => `${name.slice(0, 40)}=<${value.length} characters>`).join('&')}>`;
  }
}
