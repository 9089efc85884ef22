// The paginator both packages return: max, trimming, the stop rules, empty pages and aborts, once.
import { describe, expect, it } from 'vitest';
import { AbortError, InputError } from '../src/errors.ts';
import { createPaginator, type PageRequest } from '../src/paginate.ts';

interface TestPage {
  items: number[];
  offset: number;
}

/** A service holding `total` numbered items, `pageSize` a page; records every request. */
function numbers(total: number, pageSize: number, options: { signal?: AbortSignal; max?: unknown; lastOnShortPageOnly?: boolean; neverLast?: boolean } = {}) {
  const requests: PageRequest[] = [];
  const paginator = createPaginator<number, TestPage>(
    async (request) => {
      requests.push(request);
      // A paginator that never stops must fail here, not spin forever on resolved promises.
      if (requests.length > Math.ceil(total / pageSize) + 5) throw new Error(`paged ${requests.length} times over ${total} items`);
      const offset = request.fetched;
      const items = Array.from({ length: Math.max(0, Math.min(pageSize, total - offset)) }, (_, i) => offset + i);
      // neverLast: a source that never says a page is the last (only its empty page can stop the walk).
      const last = options.neverLast ? false : options.lastOnShortPageOnly ? items.length < pageSize : offset + items.length >= total;
      return { page: { items, offset }, last };
    },
    { service: 'commerce', label: 'paginate: GET /things', max: options.max, signal: options.signal },
  );
  return { paginator, requests };
}

async function pagesOf<P>(iterable: AsyncIterable<P>): Promise<P[]> {
  const out: P[] = [];
  for await (const page of iterable) out.push(page);
  return out;
}

describe('createPaginator', () => {
  it('iterates every item in order and stops on the page the source calls last', async () => {
    const { paginator, requests } = numbers(5, 2);
    const items: number[] = [];
    for await (const item of paginator) items.push(item);
    expect(items).toEqual([0, 1, 2, 3, 4]);
    expect(requests.map((r) => [r.index, r.fetched])).toEqual([[0, 0], [1, 2], [2, 4]]);
  });

  it('stops on an empty page even when the source did not say it was the last', async () => {
    const { paginator, requests } = numbers(4, 2, { neverLast: true });
    expect(await paginator.collect()).toEqual([0, 1, 2, 3]);
    expect(requests).toHaveLength(3);
    // A short last page the source did not flag is not enough to stop: the next, empty, page is.
    const short = numbers(5, 2, { neverLast: true });
    expect(await short.paginator.collect()).toEqual([0, 1, 2, 3, 4]);
    expect(short.requests).toHaveLength(4);
  });

  it('yields an empty page only when it is the first (an empty result still tells its total)', async () => {
    expect((await pagesOf(numbers(0, 2).paginator.pages())).map((p) => p.items)).toEqual([[]]);
    // 4 items in pages of 2, the end known only from the third, empty, page: two pages, not three.
    expect((await pagesOf(numbers(4, 2, { lastOnShortPageOnly: true }).paginator.pages())).map((p) => p.items)).toEqual([[0, 1], [2, 3]]);
  });

  it('never requests a page past max and trims the page that reaches it', async () => {
    const { paginator, requests } = numbers(100, 10, { max: 15 });
    const pages = await pagesOf(paginator.pages());
    expect(pages.map((p) => p.items.length)).toEqual([10, 5]);
    expect(pages[1]).toEqual({ items: [10, 11, 12, 13, 14], offset: 10 });
    expect(requests.map((r) => r.remaining)).toEqual([15, 5]);
  });

  it('collect({ max }) bounds by the smaller of its own max and the paginator\'s', async () => {
    const { paginator, requests } = numbers(100, 10, { max: 25 });
    expect(await paginator.collect({ max: 3 })).toEqual([0, 1, 2]);
    expect(requests).toHaveLength(1);
    expect(await paginator.collect({ max: 1000 })).toHaveLength(25);
  });

  it('max 0 sends nothing', async () => {
    const { paginator, requests } = numbers(10, 2, { max: 0 });
    expect(await paginator.collect()).toEqual([]);
    expect(await pagesOf(paginator.pages())).toEqual([]);
    expect(requests).toHaveLength(0);
  });

  it('checks max before anything is sent: at creation and in collect', async () => {
    for (const max of [-1, 1.5, '3', Number.NaN]) {
      expect(() => numbers(10, 2, { max })).toThrow(InputError);
    }
    expect(() => numbers(10, 2, { max: -1 })).toThrow(/paginate: GET \/things: max must be a whole number of items \(0 or more\), got -1/);
    expect(() => numbers(10, 2, { max: -1 })).toThrow(expect.objectContaining({ service: 'commerce' }));
    const { paginator, requests } = numbers(10, 2);
    await expect(paginator.collect({ max: -2 })).rejects.toThrow(InputError);
    expect(requests).toHaveLength(0);
  });

  it('max Infinity means no bound, as leaving it out does', async () => {
    expect(await numbers(5, 2, { max: Infinity }).paginator.collect()).toEqual([0, 1, 2, 3, 4]);
    expect(await numbers(5, 2).paginator.collect({ max: Infinity })).toEqual([0, 1, 2, 3, 4]);
  });

  it('hands over each untrimmed page as the source returned it, not a copy (its prototype and methods kept)', async () => {
    class Numbered {
      constructor(
        readonly items: number[],
        readonly offset: number,
      ) {}
      get end(): number {
        return this.offset + this.items.length;
      }
    }
    const returned: Numbered[] = [];
    const paginator = createPaginator<number, Numbered>(
      async ({ fetched }) => {
        const page = new Numbered(fetched < 4 ? [fetched, fetched + 1] : [], fetched);
        returned.push(page);
        return { page, last: false };
      },
      // A max equal to what the pages hold: the page reaching it needs no trimming either.
      { service: 'commerce', label: 'paginate: GET /things', max: 4 },
    );
    const pages = await pagesOf(paginator.pages());
    expect(pages).toHaveLength(2);
    pages.forEach((page, i) => expect(page).toBe(returned[i]));
    expect(pages[1]!.end).toBe(4);
    // The first page, even empty, is the source's own too.
    const empty = new Numbered([], 0);
    const none = createPaginator<number, Numbered>(async () => ({ page: empty, last: true }), { service: 'commerce', label: 'paginate: GET /things' });
    expect(await pagesOf(none.pages())).toEqual([empty]);
    expect((await pagesOf(none.pages()))[0]).toBe(empty);
  });

  it('each iteration starts from the first page', async () => {
    const { paginator, requests } = numbers(3, 2);
    expect(await paginator.collect()).toEqual([0, 1, 2]);
    expect(await paginator.collect()).toEqual([0, 1, 2]);
    expect(requests.map((r) => r.index)).toEqual([0, 1, 0, 1]);
  });

  it('an abort before a page stops with an AbortError and sends nothing more', async () => {
    const controller = new AbortController();
    controller.abort(new Error('user'));
    const { paginator, requests } = numbers(10, 2, { signal: controller.signal });
    const error = await paginator.collect().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ service: 'commerce', message: 'paginate: GET /things was aborted by the caller before page 1.' });
    expect(requests).toHaveLength(0);
  });

  it('an abort while iterating takes effect at the next item, not only at the next request', async () => {
    const controller = new AbortController();
    const { paginator, requests } = numbers(10, 5, { signal: controller.signal });
    const seen: number[] = [];
    const run = (async () => {
      for await (const item of paginator) {
        seen.push(item);
        if (item === 1) controller.abort();
      }
    })();
    await expect(run).rejects.toThrow(/aborted by the caller while iterating/);
    expect(seen).toEqual([0, 1]);
    expect(requests).toHaveLength(1);
  });
});
