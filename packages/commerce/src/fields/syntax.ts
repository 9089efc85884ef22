/**
 * The platform's selector syntax, read and checked: `sku,extension_attributes[stock_item[qty]]`.
 *
 * The platform itself never reports a bad selector: it answers with an empty body (characters other
 * than letters, digits, `_`, `[`, `]` and `,`, or unbalanced brackets) or silently drops the part it
 * could not read. So the SDK checks raw strings before sending and points at the offending position.
 */
import { InputError } from '@magekit/core';
import type { FieldSelection, FieldSelector } from './types.ts';

/** A field name as the platform reads it (PHP's `\w`). */
export const FIELD_NAME = /^\w+$/;

/**
 * How deep a selector may nest. The platform's objects nest a handful of levels (an order's items'
 * extension attributes' ...); far deeper is a mistake, and unbounded recursion would overflow the stack.
 */
export const MAX_FIELDS_DEPTH = 32;

/** A raw selector that cannot be read; `position` is the 0-based index of the problem in `selector`. */
export class FieldsSyntaxError extends InputError {
  override name = 'FieldsSyntaxError';
  readonly selector: string;
  readonly position: number;
  constructor(selector: string, position: number, problem: string) {
    super(`fields: ${problem} at position ${position}:\n  ${selector}\n  ${' '.repeat(position)}^`, { service: 'commerce' });
    this.selector = selector;
    this.position = position;
  }
}

/**
 * Parses a selector string into a selection: one entry per name, `{ name: [...] }` for each
 * bracketed name, in the order written (duplicates kept; see `normalizeSelection`).
 */
export function parseSelection(text: string): FieldSelection {
  if (typeof text !== 'string') throw new InputError(`fields must be a string here, got ${typeof text}.`, { service: 'commerce' });
  if (text.length === 0) throw new FieldsSyntaxError(text, 0, 'the selector is empty');
  const reader = new Reader(text);
  const selection = reader.list(-1);
  if (reader.at < text.length) {
    // list() stops only at the end or at a `]` with nothing open.
    throw new FieldsSyntaxError(text, reader.at, '"]" closes no "["');
  }
  return selection;
}

class Reader {
  at = 0;
  constructor(private readonly text: string) {}

  /** Reads `entry (, entry)*` up to the end or to a `]`; `openedAt` is the `[` being filled, or -1. */
  list(openedAt: number, depth = 0): FieldSelector[] {
    if (depth > MAX_FIELDS_DEPTH) throw new FieldsSyntaxError(this.text, openedAt, `the selector nests deeper than ${MAX_FIELDS_DEPTH} levels`);
    const entries: FieldSelector[] = [];
    for (;;) {
      entries.push(this.entry(depth));
      const char = this.text[this.at];
      if (char === ',') {
        this.at += 1;
        continue;
      }
      if (char === undefined) {
        if (openedAt >= 0) throw new FieldsSyntaxError(this.text, openedAt, 'unbalanced brackets: this "[" is never closed');
        return entries;
      }
      if (char === ']') return entries;
      // After a name only a character no name may hold can stop it; after `]`, anything but , or ].
      const problem = /[\w[]/.test(char)
        ? `expected "," or "]" but found ${JSON.stringify(char)}`
        : `${JSON.stringify(char)} cannot appear in a field name (letters, digits and "_" only)`;
      throw new FieldsSyntaxError(this.text, this.at, problem);
    }
  }

  entry(depth: number): FieldSelector {
    const start = this.at;
    while (this.at < this.text.length && /\w/.test(this.text[this.at]!)) this.at += 1;
    const name = this.text.slice(start, this.at);
    if (!name) {
      const char = this.text[this.at];
      const problem =
        char === undefined || char === ',' || char === ']' || char === '['
          ? 'a field name is missing'
          : `${JSON.stringify(char)} cannot appear in a field name (letters, digits and "_" only)`;
      throw new FieldsSyntaxError(this.text, this.at, problem);
    }
    if (this.text[this.at] !== '[') return name;
    const openedAt = this.at;
    this.at += 1;
    const members = this.list(openedAt, depth + 1);
    this.at += 1; // the `]` list() stopped at
    return { [name]: members };
  }
}
