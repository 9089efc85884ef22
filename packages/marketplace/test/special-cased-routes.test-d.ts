// Special-cased routes are keyed by operationId and checked against the spec's union with
// `satisfies`: a key that is not an operation (a typo, or an operation renamed in the spec) is a
// type error, so the wrapper cannot silently stop applying.
import { describe, expectTypeOf, it } from 'vitest';
import type { OperationId, SpecialCasedRoutes } from '../src/client.ts';

describe('special-cased routes', () => {
  it('accept the operationIds of the spec', () => {
    const wrappers = { 'packages.submit': () => undefined, 'files.upload': () => undefined } satisfies SpecialCasedRoutes;
    expectTypeOf(wrappers).toHaveProperty('packages.submit');
    expectTypeOf<'session.create'>().toExtend<OperationId>();
  });

  it('refuse a key that is not an operationId', () => {
    // @ts-expect-error 'packages.submitAll' is not an operation of the spec
    const wrappers = { 'packages.submitAll': () => undefined } satisfies SpecialCasedRoutes;
    expectTypeOf(wrappers).toBeObject();
    expectTypeOf<'packages.submitAll'>().not.toExtend<OperationId>();
  });
});
