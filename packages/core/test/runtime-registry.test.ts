// The runtime behind a client, found without the public client type ever showing it.
import { describe, expect, it } from 'vitest';
import { bindRuntime, findRuntime } from '../src/runtime-registry.ts';

interface FakeRuntime {
  call(): string;
}

const isRuntime = (value: object): value is FakeRuntime => typeof (value as Partial<FakeRuntime>).call === 'function';

describe('bindRuntime / findRuntime', () => {
  it('finds the runtime a client was bound to, and bindRuntime returns the client', () => {
    const runtime = { call: () => 'runtime' };
    const client = { products: {} };
    expect(bindRuntime(client, runtime)).toBe(client);
    expect(findRuntime(client, isRuntime)).toBe(runtime);
  });

  it('takes a runtime passed directly, or held as .runtime', () => {
    const runtime = { call: () => 'runtime' };
    expect(findRuntime(runtime, isRuntime)).toBe(runtime);
    expect(findRuntime({ runtime }, isRuntime)).toBe(runtime);
  });

  it('is undefined for anything else, and for a client bound to another kind of runtime', () => {
    expect(findRuntime({}, isRuntime)).toBeUndefined();
    expect(findRuntime({ runtime: { notACall: true } }, isRuntime)).toBeUndefined();
    const otherPackages = bindRuntime({}, { send: () => 'other' });
    expect(findRuntime(otherPackages, isRuntime)).toBeUndefined();
  });
});
