// `npm run bench`: every figure beside its baseline, measured in one run on this machine. Prints one
// table and writes bench/results/latest.json. Wall-time figures are printed, never asserted; the
// deterministic ones (bundle bytes, instantiations) are held as budgets by bench/budgets.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchBulk } from './bulk.ts';
import { benchBundles } from './bundle.ts';
import { benchChanges } from './changes.ts';
import { benchReads } from './reads.ts';
import { benchCodegen } from './codegen.ts';
import { benchImportTime } from './import-time.ts';
import { AIO, AIO_OAUTH, KY, KY_TIMEOUT, MAGEKIT, MAGEKIT_OAUTH, RAW, RAW_HMAC, benchOverhead, type Ratio } from './overhead.ts';
import { benchTypecheck } from './typecheck.ts';

type Row = [figure: string, magekit: string, baseline: string, note: string];
const rows: Row[] = [];
const section = (title: string) => rows.push([`— ${title}`, '', '', '']);
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;
const quick = process.argv.includes('--quick');
const results: Record<string, unknown> = { machine: { cpus: os.cpus().length, node: process.version, date: new Date().toISOString() } };

section('Per-request overhead (built dist, default options, bearer auth; GET/PUT /V1/products/{sku}, 2 KB; loopback server in another process)');
// Short rounds, many of them (overhead.ts says why): 11,000 requests a contender in each mode.
const overhead = await benchOverhead(quick ? { sequential: { requests: 20, rounds: 45 }, concurrent: { requests: 80, rounds: 12 } } : {});
results['overhead'] = overhead;
const budgets = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'budgets.json'), 'utf8')) as {
  overhead: { maxRatioToMinimalKy: number; maxRatioToAioCommerceLibApi: number; maxOAuthRatioToBearer: number };
  bundleGzipBytes: Record<string, number>;
  bundleGzipCeilings: Record<string, number>;
  bundleWholeGzipBytes: Record<string, number>;
  bundleWholeGzipCeilings: Record<string, number>;
  importTime: { maxOverKyMs: number };
};
const verdict = (ratio: number, budget: number) => (ratio <= budget ? 'met' : 'missed');
// A per-round ratio with its quartiles, and the verdict against a target: "unsettled" when the target
// lies between the quartiles, where one more run may well land on the other side.
const judged = (r: Ratio, which: 'wall' | 'cpu', budget?: number) => {
  const [q1, q3] = which === 'wall' ? r.wallQuartiles : r.cpuQuartiles;
  const figure = `${which} ${fmt(r[which], 3)}× [${fmt(q1, 2)}–${fmt(q3, 2)}]`;
  if (budget === undefined) return figure;
  return `${figure} ${verdict(r[which], budget)}${q1 <= budget && budget <= q3 ? ' (unsettled)' : ''}`;
};
const both = (r: Ratio, budget?: number) => `${judged(r, 'wall', budget)}, ${judged(r, 'cpu', budget)}`;
for (const [mode, contenders] of Object.entries(overhead.modes)) {
  const ky = contenders[KY]!;
  for (const [name, v] of Object.entries(contenders)) {
    const vsKy = v.ratioTo[KY]!;
    let note = `${fmt(vsKy.wall, 3)}× ky wall, ${fmt(vsKy.cpu, 3)}× ky cpu`;
    if (name === MAGEKIT) {
      const { maxRatioToMinimalKy: kyBudget, maxRatioToAioCommerceLibApi: aioBudget } = budgets.overhead;
      note =
        `vs ky: ${both(vsKy, kyBudget)} (target ≤ ${kyBudget}×); vs aio-commerce-lib-api: ${both(v.ratioTo[AIO]!, aioBudget)} (target ≤ ${aioBudget}×); ` +
        `vs ky + per-attempt timeout: ${both(v.ratioTo[KY_TIMEOUT]!)}`;
    } else if (name === MAGEKIT_OAUTH) {
      // Issue 22 item 6: signing (one HMAC set up per credential, no URL re-parse) costs little next to the call.
      const oauthBudget = budgets.overhead.maxOAuthRatioToBearer;
      note =
        `signed with ${overhead.oauthSigning}; vs magekit (bearer): ${both(v.ratioTo[MAGEKIT]!, oauthBudget)} (target ≤ ${oauthBudget}×); ` +
        `vs aio-commerce-lib-api (OAuth): ${both(v.ratioTo[AIO_OAUTH]!)}`;
    } else if (name === KY_TIMEOUT) {
      note = `vs ky: ${both(vsKy)}; vs aio-commerce-lib-api: ${both(v.ratioTo[AIO]!)}`;
    } else if (name === RAW_HMAC) {
      note = `vs raw fetch: ${both(v.ratioTo[RAW]!)}`;
    } else if (name === AIO_OAUTH) {
      note = `vs aio-commerce-lib-api (bearer): ${both(v.ratioTo[AIO]!)}`;
    }
    rows.push([`${mode}: ${name}`, `${fmt(v.wallUs, 1)} µs wall, ${fmt(v.cpuUs, 1)} µs cpu`, `ky ${fmt(ky.wallUs, 1)} / ${fmt(ky.cpuUs, 1)} µs`, note]);
  }
}

section('Type-check cost (200 calls across modules, tsc --extendedDiagnostics)');
const types = await benchTypecheck();
results['typecheck'] = types;
const ratio = (a: number, b: number) => `${fmt(a / b, 2)}×`;
rows.push(['instantiations', fmt(types.magekit.instantiations), `openapi-fetch ${fmt(types.openapiFetch.instantiations)}`, `${ratio(types.magekit.instantiations, types.openapiFetch.instantiations)} (target ≤ 0.70×)`]);
rows.push(['memory', kb(types.magekit.memoryKB * 1024), `openapi-fetch ${kb(types.openapiFetch.memoryKB * 1024)}`, `${ratio(types.magekit.memoryKB, types.openapiFetch.memoryKB)} (target ≤ 0.70×)`]);
rows.push(['check time', `${fmt(types.magekit.checkTimeS, 2)} s`, `openapi-fetch ${fmt(types.openapiFetch.checkTimeS, 2)} s`, `total ${fmt(types.magekit.totalTimeS, 2)} s vs ${fmt(types.openapiFetch.totalTimeS, 2)} s`]);

section('Bundle size (esbuild over the built dist, minified, browser platform, gzip -9): up front (code splitting, entry + static imports) and whole (no splitting, every lazy chunk included)');
const bundles = await benchBundles();
results['bundles'] = bundles;
const floor = bundles.find((b) => b.name.startsWith('ky'))!;
const bundleBudgets = budgets.bundleGzipBytes as Record<string, number>;
const bundleCeilings = budgets.bundleGzipCeilings as Record<string, number>;
const wholeBudgets = budgets.bundleWholeGzipBytes as Record<string, number>;
const wholeCeilings = budgets.bundleWholeGzipCeilings as Record<string, number>;
const verdictOf = (figure: number, target: number | undefined, ceiling: number | undefined): string => {
  if (target === undefined) return '';
  let verdict = figure <= target ? `target ≤ ${kb(target)}: met` : `target ≤ ${kb(target)}: missed by ${kb(figure - target)}`;
  if (ceiling !== undefined) verdict += ` (ceiling ${kb(ceiling)}: ${figure <= ceiling ? 'held' : 'broken'})`;
  return verdict;
};
for (const b of bundles) {
  const lazy = b.lazyGzip ? `; +${kb(b.lazyGzip)} lazy` : '';
  const upFront = b === floor ? '' : verdictOf(b.gzip, bundleBudgets[b.name], bundleCeilings[b.name]);
  const whole = verdictOf(b.wholeGzip, wholeBudgets[b.name], wholeCeilings[b.name]);
  const routeRows = b.name.startsWith('ky') || b.name.includes('marketplace') || b.name.includes('callback') ? '' : `; ${b.routeRows} route rows`;
  rows.push([b.name, `${kb(b.wholeGzip)} whole`, `${kb(b.gzip)} up front${lazy}`, `${kb(b.minified)} min${routeRows}${whole ? `; whole ${whole}` : ''}${upFront ? `; up front ${upFront}` : ''}`]);
}

section('Import time (built dist, fresh process per import, median of interleaved rounds)');
const imports = benchImportTime(quick ? 3 : 9);
results['importTime'] = imports;
const kyImport = imports.medianMs['ky']!;
const maxOverKy = budgets.importTime.maxOverKyMs;
for (const [specifier, ms] of Object.entries(imports.medianMs)) {
  if (specifier === 'ky') {
    rows.push([`import ${specifier}`, `${fmt(ms, 1)} ms`, '', 'baseline']);
    continue;
  }
  const over = ms - kyImport;
  const verdict = specifier === '@magekit/commerce' ? `; target ≤ ky + ${maxOverKy} ms: ${over <= maxOverKy ? 'met' : `missed by ${fmt(over - maxOverKy, 1)} ms`}` : '';
  rows.push([`import ${specifier}`, `${fmt(ms, 1)} ms`, `ky ${fmt(kyImport, 1)} ms`, `${over >= 0 ? '+' : ''}${fmt(over, 1)} ms${verdict}`]);
}

section('Bulk pipeline (10,000 product price updates against the fake on loopback, consumer ~1 ms/op)');
const bulk = await benchBulk({ operations: quick ? 1000 : 10_000 });
results['bulk'] = bulk;
for (const [figure, magekit, baseline, note] of bulk.rows) rows.push([figure, magekit, baseline, note]);

section('Change feed (orders in the fake, in-process: requests and rows scanned = COUNT + OFFSET + returned)');
const changes = await benchChanges({ orders: quick ? 5000 : 20_000 });
results['changes'] = changes;
for (const row of changes.rows) rows.push(row);

section('Export (products in the fake, in-process; the server costs 25 ms a request, 0.2 ms a product, 0.5 µs a row scanned, 4 workers)');
const reads = await benchReads(quick ? { products: 5000, rounds: 1 } : {});
results['reads'] = reads;
rows.push(...reads.rows);

section('Code generation (both specs, full pipeline)');
const codegen = benchCodegen(quick ? 1 : 3);
results['codegen'] = codegen;
rows.push(['npm run generate', `${fmt(codegen.medianMs)} ms`, '', `median of ${codegen.runs}`]);

const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => (r[0].startsWith('—') && i > 0 ? 0 : r[i]!.length))));
const line = (r: Row) => (r[0].startsWith('—') ? `\n${r[0]}` : r.map((c, i) => c.padEnd(widths[i]!)).join('  │ ').trimEnd());
console.log(`magekit bench: ${os.cpus().length} cores, Node ${process.version}${quick ? ' (quick mode)' : ''}`);
console.log(rows.map(line).join('\n'));
const outDir = path.join(import.meta.dirname, 'results');
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'latest.json'), JSON.stringify(results, null, 2));
console.log(`\nwritten: ${path.relative(process.cwd(), path.join(outDir, 'latest.json'))}`);
