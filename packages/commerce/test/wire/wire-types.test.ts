/**
 * The wire corpus against the declared types: each 2xx body the platform really sent (corpus/README.md),
 * as the caller receives it (scalar results normalised: corpus.ts, callerSees), must be assignable to
 * its route's output type, or to the output narrowed by its `fields` selection.
 * The bodies are written into a consumer file and checked by tsc with the repo's strict options; a
 * sample that fails is reported with the path of the field the type rejects.
 */
import { expect, it } from 'vitest';
import { rejectedByTypes } from './assignable.ts';
import { callerSees, loadWireCorpus } from './corpus.ts';

it('every 2xx body of the corpus is assignable to its route\'s declared output', { timeout: 300_000 }, () => {
  const samples = loadWireCorpus().filter((s) => s.status < 300);
  const { rejected, status, output } = rejectedByTypes(samples.map((s) => ({ id: s.id, route: s.route, ...(s.fields === undefined ? {} : { fields: s.fields }), body: callerSees(s) })), 'wire-corpus');
  const report = [...rejected].map(([id, why]) => `${id}\n    ${why.join('\n    ')}`).join('\n');
  expect(report, `${rejected.size} of ${samples.length} samples rejected by their declared types`).toBe('');
  expect(status, output.slice(0, 2000)).toBe(0);
});
