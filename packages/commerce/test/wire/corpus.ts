/**
 * The wire corpus: responses the platform really sent, one JSON file per sample under corpus/ (how they
 * were gathered, and from where: corpus/README.md). Each sample names its route, the request that was
 * answered (so a fake can be asked the same question) and the body exactly as published.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routeByKey } from '../../src/routes/table.ts';

export interface WireSample {
  /** The file's name without `.json`. */
  id: string;
  /** The SDK's route key, e.g. `GET /V1/products/{sku}`. */
  route: string;
  status: number;
  /** The raw `fields` value the request carried, when it had one (the body is then a selection). */
  fields?: string;
  request: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    /** The request's path from `/V1`, as sent (path values encoded). */
    path: string;
    /** The route's path values, decoded. */
    params: Record<string, string>;
    /** The query as sent (bracket keys for searchCriteria). */
    query: Record<string, string>;
    storeCode?: string;
    body?: unknown;
    /** Path values the source did not publish, filled with a stand-in: the answer belongs to a record the request does not name. */
    standIn?: string[];
  };
  source: {
    /** `live`: captured from a running installation; `docs`: a published example. */
    kind: 'live' | 'docs';
    /** Repository, commit and path (github:owner/name@commit:path#line) or a URL. */
    where: string;
    note: string;
    /** Where the status is not in the source: how it was inferred. */
    status?: string;
    /** What was cut from, or added to, the published body. */
    trimmed?: string;
  };
  /** For error samples: the text the platform's own renderer (Phrase\Renderer\Placeholder) makes of the template. */
  rendered?: { message: string; errors?: string[] };
  body: unknown;
}

const CORPUS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'corpus');

/** Every sample, in file-name order. */
export function loadWireCorpus(): WireSample[] {
  return fs
    .readdirSync(CORPUS_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(CORPUS_DIR, name), 'utf8')) as WireSample);
}

/**
 * What a caller receives for a 2xx sample: the body as sent, except where the SDK normalises a scalar
 * result to the route's declared type (docs/design.md, "Response types"): a numeric string on a route
 * declared to answer a number arrives as that number, and `[]` on a route not declared as a list as
 * `null` (`{}` where the declared record has no required field). Lists and strings arrive as sent.
 */
export function callerSees(sample: Pick<WireSample, 'route' | 'body'>): unknown {
  const declared = routeByKey(sample.route).result;
  const body = sample.body;
  if (declared === 'list' || declared === 'undeclared') return body;
  if (Array.isArray(body) && body.length === 0) return declared === 'empty-record' ? {} : null;
  return declared === 'number' && typeof body === 'string' ? Number(body) : body;
}
