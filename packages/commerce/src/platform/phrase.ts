/**
 * The platform's error messages are phrase templates the client fills: the REST error body carries
 * the raw `message` and its `parameters` (m2: `lib/internal/Magento/Framework/Webapi/ErrorProcessor.php`
 * keeps the exception's raw message and its parameters apart). The platform fills its own with
 * `Phrase\Renderer\Placeholder` (m2: `lib/internal/Magento/Framework/Phrase/Renderer/Placeholder.php`):
 * each parameter key becomes a placeholder (`%` + key + 1 for an integer key, `%` + key for a name),
 * and the text goes through PHP's `strtr` with those pairs. So, exactly as there:
 * - the longest placeholder wins where two start at one place (`%10` over `%1` when ten or more are
 *   given; `%table` over `%tab`), a filled-in value is never filled again, and a placeholder with no
 *   parameter stays as written (`%2` of one parameter, `%10` of two is the first one then `0`);
 * - values are PHP's string conversion of what was sent: null and false are empty, true is `1`,
 *   integers their digits, floats PHP's 14-significant-digit form (`0.1 + 0.2` is `0.3`, 1e20 is
 *   `1.0E+20`), an array (a JSON array or object) is `Array`.
 */
import type { ErrorParameter, ErrorParameters } from '@magekit/core';

/** The platform's message with its parameters filled in; a template without parameters is returned as is. */
export function renderPhrase(template: string, parameters: unknown): string {
  if (parameters === null || typeof parameters !== 'object') return template;
  const pairs = new Map<string, string>();
  for (const [key, value] of Object.entries(parameters)) pairs.set(placeholderOf(key), phpString(value));
  if (pairs.size === 0) return template;
  return strtr(template, pairs);
}

/** The parameters as the error keeps them: an array or a plain object, else none. */
export function phraseParameters(value: unknown): ErrorParameters | undefined {
  if (Array.isArray(value)) return value as ErrorParameter[];
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return value as Record<string, ErrorParameter>;
  return undefined;
}

/**
 * A PHP array key that is a canonical decimal integer is an integer key (`"0"` of a JSON object
 * decoded on the server was `0`), which the renderer numbers from 1.
 */
function placeholderOf(key: string): string {
  // Up to 15 digits (exact in a double); a longer integer key never comes from the platform.
  return /^(0|-?[1-9]\d{0,14})$/.test(key) ? `%${Number(key) + 1}` : `%${key}`;
}

/**
 * PHP's `strtr($text, $pairs)`: at each position the longest key that matches, replaced once. A
 * regex alternation tries its branches in order, so the keys go longest first.
 */
function strtr(text: string, pairs: Map<string, string>): string {
  // Only keys the text holds (a hundred thousand parameters make no hundred-thousand-branch regex).
  const keys = [...pairs.keys()].filter((key) => text.includes(key)).sort((a, b) => b.length - a.length).map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return keys.length ? text.replace(new RegExp(keys.join('|'), 'g'), (key) => pairs.get(key)!) : text;
}

/** PHP's string conversion of a decoded JSON value (what `strtr` does with each replacement). */
function phpString(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (value === true) return '1';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return phpNumber(value);
  return 'Array';
}

/**
 * An integer the server sent prints its digits; any other number prints as PHP prints a float
 * (`precision` = 14: zend_gcvt's `%.14G` with `1.0E+25` for the exponent form). JSON.parse cannot
 * tell the server's float 3.0 from the integer 3; PHP prints both as `3`.
 */
function phpNumber(value: number): string {
  if (Number.isSafeInteger(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const { digits, point } = roundedDigits(Math.abs(value));
  // The value is 0.<digits> × 10^point; zend_gcvt writes the exponent form outside 0.0001 … 10^14,
  // and inside it the plain digits, which are also JavaScript's shortest form of that value.
  if (point < -3 || point > 14) return `${sign}${digits[0]}.${digits.slice(1) || 0}E${point > 0 ? '+' : '-'}${Math.abs(point - 1)}`;
  return sign + Number(`0.${digits}e${point}`);
}

/**
 * `value` to 14 significant digits as dtoa rounds them (an exact tie goes to the even digit:
 * 12345678901234.5 is 12345678901234, where toPrecision would round up), trailing zeros dropped.
 * The 100 digits read hold every digit that can decide the rounding of a double.
 */
function roundedDigits(value: number): { digits: string; point: number } {
  const [mantissa, exponent] = value.toExponential(99).split('e') as [string, string];
  const all = mantissa.replace('.', '');
  let point = Number(exponent) + 1;
  let head = all.slice(0, 14);
  const next = all[14]!;
  if (next > '5' || (next === '5' && (/[1-9]/.test(all.slice(15)) || Number(head.at(-1)) % 2))) {
    const bumped = String(Number(head) + 1); // 14 digits: exact in a double
    if (bumped.length > 14) point += 1;
    head = bumped.slice(0, 14);
  }
  return { digits: head.replace(/0+$/, ''), point };
}
