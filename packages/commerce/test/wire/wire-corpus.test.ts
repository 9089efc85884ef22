/**
 * The wire corpus through the SDK: each real response (corpus/README.md) is served by a fetch stub to a
 * call of its route. A 2xx body must reach the caller as sent, except the documented normalisation of
 * scalar results (corpus.ts, callerSees); an error body must become a typed
 * error carrying the text the platform's own renderer makes of the template (a null parameter renders
 * as an empty string), the parameters and the body.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../src/auth/index.ts';
import { createCommerceClient } from '../../src/client.ts';
import { isCommerceError, type HttpError } from '../../src/platform/errors.ts';
import { routeByKey } from '../../src/routes/table.ts';
import type { RouteKey } from '../../src/calls/methods.ts';
import { callerSees, loadWireCorpus, type WireSample } from './corpus.ts';

const BASE = 'https://shop.example.test';
const corpus = loadWireCorpus();

interface Sent {
  method: string;
  url: URL;
}

/** A client whose fetch answers every request with the sample's status and body, recording what was sent. */
function clientAnswering(sample: WireSample) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    sent.push({ method: request.method, url: new URL(request.url) });
    return new Response(JSON.stringify(sample.body), { status: sample.status, headers: { 'content-type': 'application/json' } });
  };
  return { client: createCommerceClient({ baseUrl: BASE, auth: bearer('corpus-test-token'), fetch, retry: 0 }), sent };
}

/** The call's input: the route's path values, the raw `fields` and the recorded body (bodyless routes take none). */
function inputOf(sample: WireSample): Record<string, unknown> {
  const body = sample.request.method === 'GET' || sample.request.method === 'DELETE' ? {} : (sample.request.body ?? {});
  return { ...(body as Record<string, unknown>), ...sample.request.params, ...(sample.fields === undefined ? {} : { fields: sample.fields }) };
}

const withoutTrailingSlash = (p: string) => p.replace(/\/+$/, '');

/**
 * Whether an error's message carries the platform's text whole: "GET <url> failed with 404: <text>",
 * where the text may lose its closing full stop and be followed only by the filled `errors` in
 * brackets or a hint as a new sentence (never by what is left of a placeholder).
 */
function carriesText(message: string, status: number, text: string): boolean {
  const head = `failed with ${status}: `;
  const expected = text.replace(/[.\s]+$/, '');
  const after = message.slice(message.indexOf(head) + head.length);
  return message.includes(head) && after.startsWith(expected) && /^[.\s]*($|\(|[A-Z])/.test(after.slice(expected.length));
}

describe('the corpus', () => {
  it('holds at least 100 samples over 40 routes, most captured from live installations', () => {
    const routes = new Set(corpus.map((s) => s.route));
    const live = corpus.filter((s) => s.source.kind === 'live').length;
    expect(corpus.length).toBeGreaterThanOrEqual(100);
    expect(routes.size).toBeGreaterThanOrEqual(40);
    expect(live * 2).toBeGreaterThan(corpus.length);
    // The README's figures are the corpus's own.
    const readme = fs.readFileSync(new URL('./corpus/README.md', import.meta.url), 'utf8');
    const errors = corpus.filter((s) => s.status >= 400).length;
    const selections = corpus.filter((s) => s.fields !== undefined).length;
    expect(readme).toContain(`Samples: ${corpus.length}; routes: ${routes.size}; live: ${live} (${Math.round((100 * live) / corpus.length)} %); errors: ${errors}; \`fields\` answers: ${selections}.`);
  });

  it.each(corpus.map((s) => [s.id, s] as const))('%s names a route of the SDK and its source', (_id, sample) => {
    const route = routeByKey(sample.route);
    expect(route.method).toBe(sample.request.method);
    expect(sample.source.where).toMatch(/^(github:[\w.-]+\/[\w.-]+@[0-9a-f]{40}:\S|https:\/\/)/);
    if (sample.status >= 400) expect(sample.rendered?.message).toBeTypeOf('string');
  });
});

describe('2xx bodies reach the caller as sent, scalar results as their declared type', () => {
  const ok = corpus.filter((s) => s.status < 300);
  it.each(ok.map((s) => [s.id, s] as const))('%s', async (_id, sample) => {
    const { client, sent } = clientAnswering(sample);
    const options = sample.request.storeCode === undefined ? undefined : { storeCode: sample.request.storeCode };
    const result = await client.request(sample.route as RouteKey, inputOf(sample) as never, options);
    expect(result).toStrictEqual(callerSees(sample));
    // The call reached the sample's route: same method, same encoded path, the same fields.
    expect(sent).toHaveLength(1);
    const [request] = sent as [Sent];
    expect(request.method).toBe(sample.request.method);
    expect(withoutTrailingSlash(request.url.pathname)).toBe(withoutTrailingSlash(`/rest${options ? `/${options.storeCode}` : ''}${sample.request.path}`));
    if (sample.fields !== undefined) expect(request.url.searchParams.get('fields')).toBe(sample.fields);
  });
});

describe('error bodies become typed errors with the platform\'s text', () => {
  for (const sample of corpus.filter((s) => s.status >= 400)) {
    it(sample.id, async () => {
      const { client } = clientAnswering(sample);
      const options = sample.request.storeCode === undefined ? undefined : { storeCode: sample.request.storeCode };
      const error = (await client.request(sample.route as RouteKey, inputOf(sample) as never, options).then(
        () => expect.fail('the call should have failed'),
        (e: unknown) => e,
      )) as HttpError;
      expect(isCommerceError(error)).toBe(true);
      expect(error.status).toBe(sample.status);
      const body = sample.body as { message: string; parameters?: unknown; errors?: unknown[] };
      expect(carriesText(error.message, sample.status, sample.rendered!.message), `${error.message}\n  should carry: ${sample.rendered!.message}`).toBe(true);
      expect(error.template).toBe(body.message);
      expect(error.parameters).toStrictEqual(body.parameters);
      expect(error.errors.map((e) => e.message)).toStrictEqual(sample.rendered!.errors ?? []);
      expect(error.body).toStrictEqual(sample.body);
    });
  }
});
