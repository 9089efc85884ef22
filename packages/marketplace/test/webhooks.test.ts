/**
 * The callback validators come from the spec's `webhooks`: every documented event has one, the
 * receiver uses them (a field the spec requires is required), every callback the fake sends passes
 * them, and the emitter refuses shapes it cannot express instead of emitting something looser.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCallbackBody } from '../src/index.ts';
import { knownCallbackEvents, updateInfoSchemas } from '../src/generated/webhooks.ts';
import { draft, setupFake } from './helpers.ts';
import { server } from '@magekit/test-support/msw';
import { http, HttpResponse } from 'msw';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
type Doc = { webhooks: Record<string, { post: { operationId: string } }>; components: { schemas: Record<string, Record<string, unknown>> } };
// Plain JS without declarations (no allowJs in the repo): imported by URL and given its shape here.
const loader = (await import(pathToFileURL(path.join(repoRoot, 'scripts/codegen/load-spec.mjs')).href)) as { loadSpec(file: string): Promise<Doc> };
const emitter = (await import(pathToFileURL(path.join(repoRoot, 'scripts/codegen/emit-webhooks.mjs')).href)) as { emitWebhooks(doc: unknown): string | null; zodFor(doc: unknown, node: unknown, where: string): string };
const doc = await loader.loadSpec(path.join(repoRoot, 'specs/marketplace/openapi.yaml'));

describe('webhooks in the spec', () => {
  it('documents exactly the two callback events, and a validator is generated for each', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual(['eqp_status_update', 'malware_scan_complete']);
    expect([...knownCallbackEvents].sort()).toEqual(Object.keys(doc.webhooks).sort());
    expect(Object.keys(updateInfoSchemas).sort()).toEqual(Object.keys(doc.webhooks).sort());
  });

  it('the receiver enforces what the spec requires, and keeps fields it does not know', () => {
    for (const name of ['MalwareScanCompleteInfo', 'EqpStatusUpdateInfo']) {
      for (const field of doc.components.schemas[name]!['required'] as string[]) {
        const event = name.startsWith('Malware') ? 'malware_scan_complete' : 'eqp_status_update';
        const info: Record<string, unknown> = event === 'malware_scan_complete' ? { file_upload_id: 'f', tool_result: 'passed' } : { submission_id: 's', current_status: 'approved' };
        expect(parseCallbackBody({ callback_event: event, update_info: info }).ok).toBe(true);
        delete info[field];
        expect(parseCallbackBody({ callback_event: event, update_info: info }).ok, `${event} without ${field}`).toBe(false);
      }
    }
    // x-require-one-of: current_status or eqp_state.
    expect(parseCallbackBody({ callback_event: 'eqp_status_update', update_info: { submission_id: 's' } }).ok).toBe(false);
    const drifted = parseCallbackBody({ callback_event: 'eqp_status_update', update_info: { submission_id: 's', eqp_state: 'rejected', added_later: { x: 1 } } });
    expect(drifted).toMatchObject({ ok: true, event: { update_info: { current_status: 'rejected', added_later: { x: 1 } } } });
  });

  it('every callback the fake sends passes the generated validators', async () => {
    const { fake, market } = setupFake({ reviewDelayMs: 2, scanDelayMs: 2 });
    const received: unknown[] = [];
    server.use(http.post('https://hooks.test/eqp', async ({ request }) => { received.push(await request.json()); return HttpResponse.json({ status: 'ok' }); }));
    await market.users.update({ api_callbacks: [{ url: 'https://hooks.test/eqp', username: 'eqp', password: 'hook-secret-1' }] });
    const [zip, pdf] = await market.files.upload([{ data: 'zip', filename: 'm.zip' }, { data: 'pdf', filename: 'malware-guide.pdf' }]);
    await fake.settle();
    await market.packages.submit([{ ...draft(1), release_notes: 'r', version_compatibility: [{ edition: 'CE', versions: ['2.4'] }], artifact: { file_upload_id: zip!.file_upload_id }, documentation_artifacts: { user: { file_upload_id: pdf!.file_upload_id } }, action: { technical: 'submit', marketing: 'submit' } }]);
    await fake.settle();
    const events = received as { callback_event: string }[];
    expect(new Set(events.map((e) => e.callback_event))).toEqual(new Set(['malware_scan_complete', 'eqp_status_update']));
    for (const body of received) expect(parseCallbackBody(body)).toMatchObject({ ok: true, known: true });
  });
});

describe('emit-webhooks', () => {
  it('refuses shapes it cannot express instead of emitting a looser validator', () => {
    expect(() => emitter.zodFor(doc, { type: 'object', properties: { a: { type: 'string' } }, 'x-require-one-of': ['a', 'missing'] }, 'here')).toThrow(/x-require-one-of/);
    expect(() => emitter.zodFor(doc, { type: 'file' }, 'here')).toThrow(/unsupported type/);
    const broken = structuredClone(doc) as Doc & { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    broken.components.schemas['EqpStatusUpdateCallback']!.properties['callback_event'] = { const: 'something_else' };
    expect(() => emitter.emitWebhooks(broken)).toThrow(/callback_event is the constant "eqp_status_update"/);
  });

  it('emits loose objects (fields added later pass through), optional fields as optional, and the one-of rule', () => {
    const text = emitter.emitWebhooks(doc)!;
    expect(text).toContain('malware_scan_complete: z.looseObject({ file_upload_id: z.string(), tool_result: z.string(), modified_at: z.optional(z.string()) })');
    expect(text).toContain('v["current_status"] !== undefined || v["eqp_state"] !== undefined');
  });
});
