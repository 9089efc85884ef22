// The runtime behind a client, found without the public client type ever showing it.
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../src/errors.ts';
import { createRuntimeRegistry } from '../src/runtime-registry.ts';

interface FakeRuntime {
  call(): string;
}

const isRuntime = (value: object): value is FakeRuntime => typeof (value as Partial<FakeRuntime>).call === 'function';
const registry = () => createRuntimeRegistry<FakeRuntime>('marketplace', isRuntime, 'Expected a client from createThing().');

describe('createRuntimeRegistry', () => {
  it('finds the runtime a client was bound to, and returns the client from bind', () => {
    const { bind, of } = registry();
    const runtime = { call: () => 'runtime' };
    const client = { products: {} };
    expect(bind(client, runtime)).toBe(client);
    expect(of(client)).toBe(runtime);
  });

  it('takes a runtime passed directly, or held as .runtime', () => {
    const { of } = registry();
    const runtime = { call: () => 'runtime' };
    expect(of(runtime)).toBe(runtime);
    expect(of({ runtime })).toBe(runtime);
  });

  it('refuses anything else with a ConfigurationError carrying the refusal', () => {
    const { of } = registry();
    expect(() => of({ runtime: { notACall: true } })).toThrow(ConfigurationError);
    expect(() => of({})).toThrow('Expected a client from createThing().');
  });

  it('keeps registries apart: a client bound in one is unknown to another', () => {
    const first = registry();
    const client = first.bind({}, { call: () => 'x' });
    expect(() => registry().of(client)).toThrow(ConfigurationError);
  });
});
