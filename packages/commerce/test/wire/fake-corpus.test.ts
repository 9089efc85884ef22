/**
 * The fake asked every corpus question (corpus/README.md): its answer must carry at least 95 % of the
 * keys the platform's answer carries (over the corpus, and on each route but a named few), no key the
 * platform never sends on that route, the same status, and null where the platform sends null. Every
 * corpus route is modeled: no answer is excused.
 */
import { describe, expect, it } from 'vitest';
import { loadWireCorpus, type WireSample } from './corpus.ts';
import { askFake, type Asked } from './stage.ts';
import { doc, operations } from '../support/spec.ts';

const corpus = loadWireCorpus();

/** Every key path of a JSON value: `a.b`, array elements as `a[].b` (so lists of any length compare). */
export function keyPaths(value: unknown, prefix = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keyPaths(item, `${prefix}[]`, out);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      out.add(path);
      keyPaths(child, path, out);
    }
  }
  return out;
}

/**
 * The keys the platform has been seen to send for each kind of answer: every sample answering the same
 * record type (the success schema a route declares, e.g. a customer from `customers/{id}` and
 * `customers/me`), or of the same route where it declares none, by status class and `fields`.
 */
const seenByRoute = new Map<string, Set<string>>();
const answerType = new Map(operations.map((op) => [op.key, (op.success as { $ref?: string } | undefined)?.$ref ?? op.key]));
const seenKey = (s: WireSample) => `${s.status < 300 ? (answerType.get(s.route) ?? s.route) : s.route} ${Math.floor(s.status / 100)} ${s.fields ?? ''}`;
for (const sample of corpus) {
  const seen = seenByRoute.get(seenKey(sample)) ?? new Set<string>();
  for (const path of keyPaths(sample.body)) seen.add(path);
  seenByRoute.set(seenKey(sample), seen);
}

/** A search result's item type (`catalog-data-product-search-results-interface` → `#/…/catalog-data-product-interface`). */
function itemTypeOf(ref: string | undefined): string | undefined {
  const name = ref?.replace('#/components/schemas/', '');
  const items = name ? (doc.components.schemas[name]?.properties?.['items']?.items as { $ref?: string } | undefined) : undefined;
  return items?.$ref;
}

/** The keys seen on records of a type, wherever they were answered: alone (`GET /V1/orders/{id}`) or as a search's items. */
const seenByType = new Map<string, Set<string>>();
for (const sample of corpus) {
  if (sample.status >= 300 || sample.fields !== undefined) continue;
  const type = answerType.get(sample.route);
  const itemType = itemTypeOf(type);
  const add = (t: string, paths: Iterable<string>) => {
    const set = seenByType.get(t) ?? new Set<string>();
    for (const p of paths) set.add(p);
    seenByType.set(t, set);
  };
  if (type) add(type, keyPaths(sample.body));
  if (itemType) add(itemType, [...keyPaths(sample.body)].filter((p) => p.startsWith('items[].')).map((p) => p.slice('items[].'.length)));
}

const searchEchoes = new Set(corpus.flatMap((s) => [...keyPaths(s.body)].filter((p) => p.startsWith('search_criteria.'))));

interface Verdict {
  sample: WireSample;
  asked: Asked;
  real: number;
  covered: number;
  missing: string[];
  unseen: string[];
}

function judge(sample: WireSample, asked: Asked): Verdict {
  const real = keyPaths(sample.body);
  const fake = keyPaths(asked.body);
  const seen = seenByRoute.get(seenKey(sample))!;
  // A search answer's echo of the criteria is the same object on every route.
  const echoed = (p: string) => p.startsWith('search_criteria.') && searchEchoes.has(p);
  const itemType = itemTypeOf(answerType.get(sample.route));
  const seenOnItems = (p: string) => itemType !== undefined && sample.status < 300 && p.startsWith('items[].') && (seenByType.get(itemType)?.has(p.slice('items[].'.length)) ?? false);
  const missing = [...real].filter((p) => !fake.has(p));
  return { sample, asked, real: real.size, covered: real.size - missing.length, missing, unseen: [...fake].filter((p) => !seen.has(p) && !echoed(p) && !seenOnItems(p)) };
}

/**
 * Samples the fake is not asked to match, each with the reason: a defect of that installation (a masked
 * 500), or an error caused by request content the source did not publish.
 */
const NOT_REPRODUCIBLE: Record<string, string> = {
  'issue-12580-guest-carts-order-internal-error': 'a defect of that installation, masked as a 500',
  'issue-8342-customers-internal-error': 'a defect of that installation, masked as a 500',
  'issue-5338-products-unable-to-save': 'a product the installation could not save; the body was not published',
  'issue-6120-products-multiselect-array': 'a custom attribute of that installation (ec_label) sent as an array; the body was not published',
  'issue-6120-products-multiselect-array-camel': 'a custom attribute of that installation (ec_label) sent as an array; the body was not published',
  'issue-7842-shipment-track-positional': 'a 2.1 installation answering the track validator\'s text (`Cannot save track:\\n%1`); since 2.2 `TrackRepository::save` answers `Could not save the shipment tracking.` without parameters',
  'issue-devdocs-8041-payment-information-cart-0': 'a 2.2 installation answering 400 for cart id 0; 2.4 answers 404 with cartId = null (issue-8620-carts-mine-items-no-cart)',
};

/** The key paths where a body holds null (the serializer's unset non-nullable fields). */
function nullPaths(value: unknown, prefix = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) nullPaths(item, `${prefix}[]`, out);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (child === null) out.add(path);
      else nullPaths(child, path, out);
    }
  }
  return out;
}

const resourceOf = (route: string) => /^\w+ \/V\d\/([^/{]+)/.exec(route)?.[1] ?? route;

/**
 * Routes that cannot reach 95 % of the real keys, each with the reason: record content of modules the fake
 * does not play. Each must still carry ≥ 85 %, and each must really be short (an entry that reaches 95 % is removed).
 */
const SHORT_ROUTES: Record<string, string> = {
  'POST /V1/carts/mine/shipping-information': "Adobe Commerce's gift wrapping and reward points in the totals of two Adobe examples (modules of that edition the fake does not play)",
};

describe('the fake asked the corpus questions', () => {
  it("answers every sample with the platform's status, ≥ 95 % of its keys (over the corpus and on each route) and none it never sends", async () => {
    const verdicts: Verdict[] = [];
    for (const sample of corpus) if (!NOT_REPRODUCIBLE[sample.id]) verdicts.push(judge(sample, await askFake(sample)));

    const byResource = new Map<string, { samples: number; real: number; covered: number }>();
    for (const v of verdicts) {
      const row = byResource.get(resourceOf(v.sample.route)) ?? { samples: 0, real: 0, covered: 0 };
      row.samples += 1;
      row.real += v.real;
      row.covered += v.covered;
      byResource.set(resourceOf(v.sample.route), row);
    }
    const byRoute = new Map<string, { real: number; covered: number; short: string[] }>();
    for (const v of verdicts) {
      const row = byRoute.get(v.sample.route) ?? { real: 0, covered: 0, short: [] };
      row.real += v.real;
      row.covered += v.covered;
      if (v.covered < v.real) row.short.push(`${v.sample.id} lacks ${v.missing.slice(0, 6).join(', ')}`);
      byRoute.set(v.sample.route, row);
    }
    const share = (r: { real: number; covered: number }) => (r.real ? r.covered / r.real : 1);
    const total = verdicts.reduce((t, v) => ({ real: t.real + v.real, covered: t.covered + v.covered }), { real: 0, covered: 0 });
    const lowest = [...byRoute].filter(([, r]) => r.real > 0).sort(([, a], [, b]) => share(a) - share(b))[0]!;
    const nulls = verdicts.reduce((t, v) => {
      const real = nullPaths(v.sample.body);
      const fake = nullPaths(v.asked.body);
      return { real: t.real + real.size, matched: t.matched + [...real].filter((p) => fake.has(p)).length };
    }, { real: 0, matched: 0 });
    const lines = [...byResource].sort(([a], [b]) => a.localeCompare(b)).map(([name, r]) => `${name.padEnd(28)} ${String(r.samples).padStart(3)} samples  ${String(r.covered).padStart(4)}/${String(r.real).padEnd(4)} keys  ${r.real ? (100 * share(r)).toFixed(0).padStart(3) : '  -'} %`);
    console.log(
      `the fake against the wire corpus, real keys carried per resource:\n${lines.join('\n')}\n` +
        `all: ${total.covered}/${total.real} keys (${(100 * share(total)).toFixed(1)} %) over ${verdicts.length} samples on ${byRoute.size} routes; ` +
        `lowest route ${lowest[0]} ${(100 * share(lowest[1])).toFixed(0)} %; under 95 %: ${[...byRoute].filter(([, r]) => share(r) < 0.95).map(([route, r]) => `${route} ${r.covered}/${r.real}`).join('; ') || 'none'}\n` +
        `nulls: the fake sends null at ${nulls.matched} of the ${nulls.real} places the platform does`,
    );

    const problems = verdicts.flatMap((v) => {
      if (v.asked.status !== v.sample.status) return [`${v.sample.id}: status ${v.asked.status}, the platform ${v.sample.status} ${JSON.stringify(v.asked.body).slice(0, 160)}`];
      if (v.unseen.length) return [`${v.sample.id}: keys the platform never sends on ${v.sample.route}: ${v.unseen.slice(0, 12).join(', ')}`];
      return [];
    });
    expect(problems).toEqual([]);
    expect(share(total)).toBeGreaterThanOrEqual(0.95);
    // Each route ≥ 95 %, but the few named above (≥ 85 %, and really short).
    expect([...byRoute].filter(([route, r]) => share(r) < (SHORT_ROUTES[route] ? 0.85 : 0.95)).map(([route, r]) => `${route}: ${r.covered}/${r.real} (${r.short.join('; ')})`)).toEqual([]);
    expect(Object.keys(SHORT_ROUTES).filter((route) => share(byRoute.get(route) ?? { real: 0, covered: 0 }) >= 0.95)).toEqual([]);
    // Where the platform sent null, the fake sends null too: 120 of 126 (the rest: a 2.0 cart lookup's null id,
    // Adobe Commerce's gift wrapping segment, an Adobe example's bulk without a user, an order list's unset telephones).
    expect(nulls.matched).toBeGreaterThanOrEqual(120);
  }, 60_000);
});
