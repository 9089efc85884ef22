import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { lazyList } from '../src/lazy-list.ts';

function counted<T>(items: readonly T[]) {
  const calls = { count: 0 };
  const list = lazyList(() => {
    calls.count += 1;
    return items;
  });
  return { list, calls };
}

describe('lazyList', () => {
  it('builds nothing until it is first read, then builds once', () => {
    const { list, calls } = counted(['a', 'b', 'c']);
    expect(calls.count).toBe(0);
    expect(list[1]).toBe('b');
    expect(list.length).toBe(3);
    expect(list.filter((x) => x !== 'a')).toEqual(['b', 'c']);
    expect(calls.count).toBe(1);
  });

  it('is an array to everything that reads one: Array.isArray, spread, iteration, JSON, keys, in', () => {
    expect(Array.isArray(counted([1]).list)).toBe(true);
    expect([...counted([1, 2]).list]).toEqual([1, 2]);
    expect(Array.from(counted([3, 4]).list.entries())).toEqual([[0, 3], [1, 4]]);
    expect(JSON.stringify(counted([{ id: 'x' }]).list)).toBe('[{"id":"x"}]');
    expect(Object.keys(counted(['p', 'q']).list)).toEqual(['0', '1']);
    expect(1 in counted(['p', 'q']).list).toBe(true);
    expect(counted([5, 6]).list).toEqual([5, 6]);
  });

  it('console.log and util.inspect show the items, even before any read', () => {
    expect(inspect(counted(['first', 'second']).list)).toBe("[ 'first', 'second' ]");
  });

  it('a write before any read lands after the built items, as on the built array', () => {
    const { list, calls } = counted(['a']);
    (list as string[]).push('b');
    expect(calls.count).toBe(1);
    expect([...list]).toEqual(['a', 'b']);
  });
});
