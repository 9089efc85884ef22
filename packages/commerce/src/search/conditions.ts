/** The platform's condition types (`performing-searches`), and how each one takes its value. */

export const CONDITION_TYPES = [
  'eq', 'neq', 'gt', 'gteq', 'lt', 'lteq', 'like', 'nlike', 'in', 'nin',
  'finset', 'nfinset', 'from', 'to', 'moreq', 'null', 'notnull',
] as const;

const KNOWN: ReadonlySet<string> = new Set(CONDITION_TYPES);

export function isConditionType(value: unknown): value is (typeof CONDITION_TYPES)[number] {
  return typeof value === 'string' && KNOWN.has(value);
}

/** Conditions whose value is a comma-separated list. */
export const LIST_CONDITIONS: ReadonlySet<string> = new Set(['in', 'nin']);
/** Conditions that test for absence: the platform ignores their value. */
export const VALUELESS_CONDITIONS: ReadonlySet<string> = new Set(['null', 'notnull']);
