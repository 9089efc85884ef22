/**
 * What the modeled routes share: reading the flat input, the platform's errors for missing input and
 * unknown records, and the serializer's handling of scalar results.
 */
import { MESSAGES, PlatformError } from '../platform-errors.ts';
import type { Entity } from '../store.ts';

export const required = (fieldName: string) => new PlatformError(400, MESSAGES.required, { fieldName });

/**
 * Scalar parameters the service method requires but the request lacks (`ServiceInputProcessor::process`):
 * one is refused as `required` alone; several as "One or more input exceptions have occurred." listing
 * each (`InputException::addError`, `errors` in the body).
 */
export function requireParameters(query: URLSearchParams, names: string[]): void {
  const missing = names.filter((name) => !query.has(name) || query.get(name) === '');
  if (missing.length === 1) throw required(missing[0]!);
  if (missing.length > 1) throw new PlatformError(400, 'One or more input exceptions have occurred.', undefined, undefined, missing.map((fieldName) => ({ message: MESSAGES.required, parameters: { fieldName } })));
}

/**
 * `NoSuchEntityException::singleField`: 404 "No such entity with %fieldName = %fieldValue". The value is
 * the one the service received (an int path value arrives cast; a masked cart id that resolved to no
 * cart is null, and stays null in the parameters).
 */
export const noSuchEntity = (fieldName: string, fieldValue: string | number | null) => new PlatformError(404, MESSAGES.noSuchEntity, { fieldName, fieldValue });

/** The repositories' own 404 for records looked up by id (sales documents, products). */
export const entityMissing = () => new PlatformError(404, MESSAGES.entityMissing);

export function objectField(input: Record<string, unknown>, name: string): Entity {
  const value = input[name];
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw required(name);
  return value as Entity;
}

export function numericId(value: unknown, name: string): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw new PlatformError(400, MESSAGES.invalidValue, [name]);
  return id;
}

/**
 * A service method declared `@return int` hands the serializer the id as PHP read it from the database,
 * a string, and scalar results are not cast (Webapi `ServiceOutputProcessor::convertValue`): `"81668"`.
 */
export const uncastId = (id: number): string => String(id);

/** A method that returns null answers `[]` (the same `convertValue`). */
export const NULL_RESULT: readonly never[] = Object.freeze([]);
