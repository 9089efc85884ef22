/**
 * A stateful, in-memory fake of the marketplace submission API for tests and demos. It speaks the
 * Fetch API (`handle(request)`), so the same instance runs under MSW (marketplaceHandlers), as a
 * client's `fetch`, or as a real loopback server (startFakeMarketplace).
 *
 * What it models: sessions per environment with capped lifetimes and expiry; the profile with
 * callbacks (passwords stored, never returned); Composer keys; uploads whose malware scan finishes
 * after a delay and then POSTs malware_scan_complete to every registered callback with Basic auth;
 * packages through the documented states with eqp_status_update callbacks; test results; and
 * injectable failures (per batch item with 1208/1210, or a whole request).
 */
import { routeById } from '../route-table.ts';
import { createFakeStats, type FakeStats } from '@magekit/core';
import { BASE_URLS, type Environment } from '../environments.ts';
import { base64 } from '@magekit/core';
import type { ApiCallbackInput, EqpStatus, FileRecord, Package, PackageFields } from '../types.ts';
import { ERROR_1208, ERROR_1210, initialStatus, isEditable, overallOf, queryPackages, timestamp, toolRunsFor, validateFields, type StoredPackage } from './packages.ts';
import { matchRoute } from './router.ts';

export interface FakeApp {
  appId: string;
  appSecret: string;
  mageId: string;
}

export interface FakeMarketplaceOptions {
  environment?: Environment;
  /** API keys the fake accepts. Default one app: fake-app-id / fake-app-secret for MAG000000001. */
  apps?: FakeApp[];
  /** The cap on a session's lifetime, in seconds (the real maximum is undisclosed). Default 7200. */
  maxSessionLifetime?: number;
  /** Delay before an upload's malware scan completes. Default 20 ms. */
  scanDelayMs?: number;
  /** Delay of each review step; false to move packages only with setStatus(). Default 20 ms. */
  reviewDelayMs?: number | false;
  /** The scan verdict for an upload. Default: pass, unless the file name contains "malware". */
  scanVerdict?: (file: { filename: string; content_type: string; size: number }) => 'pass' | 'fail';
  /** fetch used to deliver callbacks; resolved when sending. */
  fetch?: typeof fetch;
  now?: () => number;
}

export interface CallbackDelivery {
  url: string;
  body: { callback_event: string; update_info: Record<string, unknown> };
  status: number | 'network-error';
}

export type ItemFailureCode = 1208 | 1210;
type ItemFailureRule = (item: Record<string, unknown>, index: number) => ItemFailureCode | undefined;
/** Which packages a review rejects: by item_id, or a rule over the stored package. */
export type ReviewFailureRule = string | ((pkg: Package) => boolean);

export interface FakeMarketplace {
  readonly environment: Environment;
  /** The documented base URL of the environment (startFakeMarketplace gives a loopback one). */
  readonly url: string;
  /** The same as `url`. */
  readonly baseUrl: string;
  /** The default app's credentials, for createMarketplaceClient. */
  readonly app: FakeApp;
  handle(request: Request): Promise<Response>;
  /** `handle` with the signature of fetch, for a client's `fetch` option. */
  readonly fetch: typeof fetch;
  /** Traffic seen: requests, token requests, unmatched requests, and counts by route key. */
  readonly stats: FakeStats;
  readonly deliveries: readonly CallbackDelivery[];
  /** Makes batch items fail with 1208 or 1210: by item_id, or by a rule over (item, index). */
  failItems(rule: string | ItemFailureRule, code?: ItemFailureCode): void;
  /** The next request to a route (by operationId) fails as a whole with this status. */
  failNextRequest(operationId: string, status: number, message?: string): void;
  /** Ends every session now, as the service does when they expire. */
  expireSessions(): void;
  /**
   * Makes the automated review of a flow reject matching packages (technical: the tools fail;
   * marketing: the reviewer rejects, with `reasons` in the marketing report). A rejected technical
   * review also follows from an artifact that failed the malware scan.
   */
  failReview(rule: ReviewFailureRule, flow?: 'technical' | 'marketing', reasons?: string[]): void;
  /** Moves a package to a new state and sends the eqp_status_update callbacks. */
  setStatus(submissionId: string, flow: 'technical' | 'marketing', status: string): void;
  getPackage(submissionId: string): Package | undefined;
  getFile(fileUploadId: string): FileRecord | undefined;
  /** The stored callbacks of a user, passwords included (what the service would use to call you). */
  registeredCallbacks(mageId?: string): ApiCallbackInput[];
  /** Resolves when scans, reviews and callback deliveries in flight have finished. */
  settle(): Promise<void>;
  /** Cancels pending timers. */
  close(): void;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers } });
const error = (status: number, message: string, code = status) => json(status, { code, message });

export function createFakeMarketplace(options: FakeMarketplaceOptions = {}): FakeMarketplace {
  const environment = options.environment ?? 'sandbox';
  const apps = options.apps ?? [{ appId: 'fake-app-id', appSecret: 'fake-app-secret', mageId: 'MAG000000001' }];
  const now = options.now ?? Date.now;
  const maxLifetime = options.maxSessionLifetime ?? 7200;
  const scanDelay = options.scanDelayMs ?? 20;
  const reviewDelay = options.reviewDelayMs ?? 20;
  const verdict = options.scanVerdict ?? ((file) => (/malware/i.test(file.filename) ? 'fail' : 'pass'));

  const sessions = new Map<string, { mageId: string; expiresAt: number }>();
  const profiles = new Map<string, Record<string, unknown>>();
  const callbacks = new Map<string, ApiCallbackInput[]>();
  const keys = new Map<string, Record<string, unknown>[]>();
  const files = new Map<string, FileRecord & { owner: string }>();
  const packages = new Map<string, StoredPackage>();
  const itemRules: ItemFailureRule[] = [];
  const reviewRules: { flow: 'technical' | 'marketing'; matches: (pkg: Package) => boolean; reasons: string[] }[] = [];
  const reviewFailure = (pkg: StoredPackage, flow: 'technical' | 'marketing') => reviewRules.find((r) => r.flow === flow && r.matches(pkg.record));
  const nextFailure = new Map<string, { status: number; message: string }>();
  const deliveries: CallbackDelivery[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const stats = createFakeStats();
  let counter = 0;
  const nextId = () => `${(++counter).toString(16).padStart(8, '0')}`;

  for (const app of apps) {
    profiles.set(app.mageId, { mage_id: app.mageId, first_name: 'Fake', last_name: 'Developer', email: `${app.mageId.toLowerCase()}@example.com`, screen_name: 'fake', vendor_name: 'fakevendor', has_completed_profile: true, has_accepted_tos: true, is_company: false, partner_level: 0 });
    callbacks.set(app.mageId, []);
    keys.set(app.mageId, []);
  }

  function later(ms: number, task: () => void | Promise<void>): void {
    let settle!: () => void;
    const done = new Promise<void>((resolve) => (settle = resolve));
    inFlight.add(done);
    const timer = setTimeout(async () => {
      timers.delete(timer);
      try {
        await task();
      } finally {
        inFlight.delete(done);
        settle();
      }
    }, ms);
    timers.add(timer);
  }

  async function deliver(owner: string, body: CallbackDelivery['body']): Promise<void> {
    const doFetch = options.fetch ?? globalThis.fetch;
    await Promise.all(
      (callbacks.get(owner) ?? []).map(async (cb) => {
        let status: CallbackDelivery['status'];
        try {
          const response = await doFetch(cb.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Basic ${base64(`${cb.username}:${cb.password}`)}` },
            body: JSON.stringify(body),
          });
          status = response.status;
          await response.body?.cancel();
        } catch {
          status = 'network-error';
        }
        deliveries.push({ url: cb.url, body, status });
      }),
    );
  }

  function sessionOf(request: Request): string | Response {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
    const session = match ? sessions.get(match[1]!) : undefined;
    if (!session) return error(401, 'Invalid or missing session token');
    if (session.expiresAt <= now()) {
      sessions.delete(match![1]!);
      return error(401, 'Session token expired');
    }
    return session.mageId;
  }

  function issueToken(request: Request, body: unknown): Response {
    stats.tokenRequests += 1;
    const match = /^Basic\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
    let decoded = '';
    try {
      decoded = match ? new TextDecoder().decode(Uint8Array.from(atob(match[1]!), (c) => c.charCodeAt(0))) : '';
    } catch {
      decoded = '';
    }
    const app = apps.find((a) => `${a.appId}:${a.appSecret}` === decoded);
    if (!app) return error(401, 'Invalid application ID or secret');
    const payload = (body ?? {}) as { grant_type?: unknown; expires_in?: unknown };
    if (payload.grant_type !== 'session') return error(400, 'grant_type must be session');
    const requested = typeof payload.expires_in === 'number' && payload.expires_in > 0 ? payload.expires_in : maxLifetime;
    const lifetime = Math.min(requested, maxLifetime);
    const ust = `${environment}-ust-${nextId()}-${Math.random().toString(36).slice(2)}`;
    sessions.set(ust, { mageId: app.mageId, expiresAt: now() + lifetime * 1000 });
    return json(200, { mage_id: app.mageId, ust, expires_in: lifetime });
  }

  function publicProfile(mageId: string, summary: boolean): Record<string, unknown> {
    const profile = profiles.get(mageId)!;
    if (summary) {
      const keep = ['mage_id', 'adobe_user_id', 'first_name', 'last_name', 'email', 'screen_name', 'has_completed_profile', 'has_accepted_tos', 'profile_image_artifact'];
      return Object.fromEntries(Object.entries(profile).filter(([k]) => keep.includes(k)));
    }
    // Passwords are write-only: they are kept for delivering callbacks, never returned.
    return { ...profile, api_callbacks: (callbacks.get(mageId) ?? []).map(({ password: _password, ...rest }) => rest) };
  }

  function updateProfile(mageId: string, body: Record<string, unknown>): Response {
    const { api_callbacks: incoming, action: _action, mage_id: _ignored, ...fields } = body;
    if (incoming !== undefined) {
      const list = Array.isArray(incoming) ? incoming : null;
      const valid = list?.every((cb) => cb && typeof cb === 'object' && typeof cb.url === 'string' && typeof cb.username === 'string' && typeof cb.password === 'string');
      if (!valid) return error(400, 'api_callbacks must be an array of {name?, url, username, password}');
      callbacks.set(mageId, (list as ApiCallbackInput[]).map((cb) => ({ ...cb })));
    }
    profiles.set(mageId, { ...profiles.get(mageId), ...fields });
    return json(200, publicProfile(mageId, false));
  }

  function failureFor(item: Record<string, unknown>, index: number): ItemFailureCode | undefined {
    for (const rule of itemRules) {
      const code = rule(item, index);
      if (code) return code;
    }
    return undefined;
  }

  function setFlow(pkg: StoredPackage, flow: 'technical' | 'marketing', status: string): void {
    const current = pkg.record.eqp_status!;
    const next = { ...current, [flow]: status } as EqpStatus;
    next.overall = overallOf(next, pkg.record.launch_on_approval === true);
    pkg.record.eqp_status = next;
    pkg.record.modified_at = timestamp(now());
    if (status === 'approved' || status === 'rejected') pkg.runs.push(...toolRunsFor(flow, pkg, status === 'approved', pkg.record.modified_at, nextId, reviewFailure(pkg, flow)?.reasons));
    const info = { submission_id: pkg.record.submission_id, item_id: pkg.record.item_id, eqp_flow: flow, current_status: status, eqp_status: next, modified_at: pkg.record.modified_at };
    const delivery = deliver(pkg.owner, { callback_event: 'eqp_status_update', update_info: info });
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
    scheduleReview(pkg);
  }

  /** One review step per flow per reviewDelayMs, through the documented states. */
  function scheduleReview(pkg: StoredPackage): void {
    if (reviewDelay === false) return;
    const { technical, marketing } = pkg.record.eqp_status!;
    if (technical === 'in_automation') {
      later(reviewDelay, () => {
        if (pkg.record.eqp_status!.technical !== 'in_automation') return;
        const artifactId = (pkg.record.artifact as { file_upload_id?: string } | undefined)?.file_upload_id;
        const artifact = artifactId ? files.get(artifactId) : undefined;
        setFlow(pkg, 'technical', artifact?.malware_status === 'pass' && !reviewFailure(pkg, 'technical') ? 'approved' : 'rejected');
      });
    }
    if (marketing === 'awaiting_marketing_review' || marketing === 'in_marketing_review') {
      later(reviewDelay, () => {
        const m = pkg.record.eqp_status!.marketing;
        if (m === 'awaiting_marketing_review') setFlow(pkg, 'marketing', 'in_marketing_review');
        else if (m === 'in_marketing_review') setFlow(pkg, 'marketing', reviewFailure(pkg, 'marketing') ? 'rejected' : 'approved');
      });
    }
  }

  function applyActions(pkg: StoredPackage, action: PackageFields['action'] | undefined): void {
    if (!action) return;
    for (const flow of ['technical', 'marketing'] as const) {
      if (action[flow] === 'submit') setFlow(pkg, flow, flow === 'technical' ? 'in_automation' : 'awaiting_marketing_review');
      if (action[flow] === 'recall') setFlow(pkg, flow, 'recalled');
    }
    if (action.overall === 'cancel') pkg.record.eqp_status = { ...pkg.record.eqp_status!, overall: 'canceled_by_developer' };
    if (action.overall === 'remove') pkg.record.eqp_status = { ...pkg.record.eqp_status!, overall: 'developer_removed_from_store' };
  }

  function submitItem(owner: string, item: Record<string, unknown>, index: number): Record<string, unknown> {
    const echo = item['item_id'] === undefined ? {} : { item_id: item['item_id'] };
    const injected = failureFor(item, index);
    if (injected) return { code: injected, message: injected === 1208 ? ERROR_1208 : ERROR_1210, ...echo };
    const invalid = validateFields(item, item['sku']);
    if (invalid) return { ...invalid, ...echo };
    const { action, ...fields } = item as PackageFields & Record<string, unknown>;
    const at = timestamp(now());
    const submissionId = `sub${nextId()}`;
    const sku = (fields['sku'] as string | undefined) ?? `${String(profiles.get(owner)?.['vendor_name'] ?? 'vendor')}/${String(fields['name'] ?? 'package').toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    const record = { ...fields, sku, submission_id: submissionId, eqp_status: initialStatus(undefined), short_description: '', created_at: at, modified_at: at } as StoredPackage['record'];
    const pkg: StoredPackage = { owner, record, runs: [] };
    packages.set(submissionId, pkg);
    applyActions(pkg, action);
    return { code: 200, message: 'Success', submission_id: submissionId, ...echo, eqp_status: record.eqp_status, created_at: at, modified_at: at };
  }

  function updateItem(owner: string, item: Record<string, unknown>, index: number, byPath?: string): Record<string, unknown> {
    const id = byPath ?? item['submission_id'];
    const pkg = typeof id === 'string' ? (packages.get(id) ?? [...packages.values()].find((p) => p.record.item_id === id)) : undefined;
    const echo = item['item_id'] === undefined ? {} : { item_id: item['item_id'] };
    if (!pkg || pkg.owner !== owner) return { code: 404, message: 'Unknown submission_id', ...echo };
    const injected = failureFor(item, index);
    if (injected) return { code: injected, message: injected === 1208 ? ERROR_1208 : ERROR_1210, ...echo };
    const { action, submission_id: _s, sku: _sku, ...fields } = item as PackageFields & Record<string, unknown>;
    const isRecall = action?.technical === 'recall' || action?.marketing === 'recall';
    if (!isRecall && !isEditable(pkg.record.eqp_status!)) return { code: 409, message: 'A package cannot be modified during the EQP process, except to recall it', ...echo };
    const invalid = validateFields({ ...pkg.record, ...fields, action }, undefined);
    if (invalid) return { ...invalid, ...echo };
    Object.assign(pkg.record, fields, { modified_at: timestamp(now()) });
    applyActions(pkg, action);
    return { code: 200, message: 'Success', ...pkg.record };
  }

  async function uploadFiles(owner: string, request: Request): Promise<Response> {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return error(400, 'Expected multipart/form-data with parts named file[]');
    }
    const parts = form.getAll('file[]').filter((p): p is File => typeof p !== 'string');
    if (parts.length === 0 || [...form.keys()].some((k) => k !== 'file[]')) return error(400, 'Every part must be named file[] and carry a file');
    const results = [];
    for (const part of parts) {
      const id = `${Date.now().toString(16)}.${nextId()}.1`;
      const record = { owner, file_upload_id: id, filename: part.name, content_type: part.type, size: part.size, malware_status: 'in-progress' as const, submission_ids: [], url: `https://fake-static.invalid/${id}/${encodeURIComponent(part.name)}` };
      files.set(id, record);
      const bytes = new Uint8Array(await part.arrayBuffer());
      later(scanDelay, async () => {
        const passed = verdict({ filename: record.filename, content_type: record.content_type, size: record.size }) === 'pass';
        // The service stores an MD5; WebCrypto has none, so the fake uses the first 128 bits of a SHA-256.
        const hash = [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].slice(0, 16).map((b) => b.toString(16).padStart(2, '0')).join('');
        Object.assign(record, { malware_status: passed ? 'pass' : 'fail' }, passed ? { file_hash: hash } : {});
        await deliver(owner, { callback_event: 'malware_scan_complete', update_info: { file_upload_id: id, tool_result: passed ? 'passed' : 'failed', modified_at: timestamp(now()) } });
      });
      results.push({ filename: record.filename, content_type: record.content_type, size: record.size, file_upload_id: id });
    }
    return json(200, results);
  }

  const visible = (owner: string) => [...packages.values()].filter((p) => p.owner === owner);
  const list = (rows: Record<string, unknown>[], query: URLSearchParams) => {
    const { page, total } = queryPackages(rows, query);
    return json(200, page, { 'x-total-count': String(total) });
  };
  const clean = ({ owner: _owner, ...record }: FileRecord & { owner: string }) => record;

  async function readJson(request: Request): Promise<{ ok: true; body: unknown } | { ok: false }> {
    const text = await request.text();
    if (!text) return { ok: true, body: undefined };
    try {
      return { ok: true, body: JSON.parse(text) };
    } catch {
      return { ok: false };
    }
  }

  async function handle(request: Request): Promise<Response> {
    stats.requests += 1;
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/rest/v1/')) return error(404, 'Not found');
    const path = url.pathname.slice('/rest/v1'.length);
    const route = matchRoute(request.method, path);
    if (!route) {
      stats.unmatched.push(`${request.method} ${path}`);
      return error(404, `No route ${request.method} ${path}`);
    }
    const routeKey = routeById(route.id).key;
    stats.byRoute.set(routeKey, (stats.byRoute.get(routeKey) ?? 0) + 1);
    const injected = nextFailure.get(route.id);
    if (injected) {
      nextFailure.delete(route.id);
      return error(injected.status, injected.message);
    }
    const isJson = (request.headers.get('content-type') ?? '').includes('application/json');
    const parsed = route.id === 'files.upload' || !isJson ? { ok: true as const, body: undefined } : await readJson(request);
    if (!parsed.ok) return error(400, 'Malformed JSON body');
    const body = parsed.body;
    if (route.id === 'session.create') return issueToken(request, body);

    const owner = sessionOf(request);
    if (owner instanceof Response) return owner;
    const p = route.params;
    if (p['mage_id'] !== undefined && p['mage_id'] !== owner) return error(403, 'The session belongs to another mage_id');
    const q = url.searchParams;

    switch (route.id) {
      case 'users.get':
        return json(200, publicProfile(owner, q.get('style') === 'summary'));
      case 'users.update':
        return body && typeof body === 'object' && !Array.isArray(body) ? updateProfile(owner, body as Record<string, unknown>) : error(400, 'Expected a profile object');
      case 'users.keys.list': {
        const mine = keys.get(owner) ?? [];
        const type = q.get('type') ?? 'all';
        return json(200, { m2: type === 'm1' ? [] : mine.filter((k) => !q.get('label') || k['label'] === q.get('label')), m1: [] });
      }
      case 'users.keys.create': {
        const requested = (body as { m2?: unknown } | undefined)?.m2;
        if (!Array.isArray(requested)) return error(400, 'Expected {m2: [{label, uid?}]}');
        const mine = keys.get(owner)!;
        const m2 = requested.map((k: { label?: unknown; uid?: unknown }) => {
          if (typeof k?.label !== 'string' || !k.label) return { code: 400, message: 'label is required' };
          if (mine.some((x) => x['label'] === k.label)) return { code: 409, message: 'A key with this label exists', label: k.label };
          const key = { label: k.label, user_key: nextId(), password_key: nextId() + nextId(), is_enabled: true, uid: typeof k.uid === 'string' ? k.uid : owner };
          mine.push(key);
          return { code: 200, message: 'Success', ...key };
        });
        return json(200, { m2 });
      }
      case 'users.keys.update': {
        const key = keys.get(owner)!.find((k) => k['label'] === p['label']);
        const change = (body as { m2?: { is_enabled?: unknown }[] } | undefined)?.m2?.[0];
        if (!key) return error(404, 'No key with this label');
        if (typeof change?.is_enabled !== 'boolean') return error(400, 'Expected {m2: [{is_enabled}]}');
        key['is_enabled'] = change.is_enabled;
        return json(200, { m2: [key] });
      }
      case 'users.keys.delete': {
        const mine = keys.get(owner)!;
        const at = mine.findIndex((k) => k['label'] === p['label']);
        if (at === -1) return error(404, 'No key with this label');
        mine.splice(at, 1);
        return new Response(null, { status: 204 });
      }
      case 'reports.users.pageviews':
      case 'reports.users.totals':
      case 'reports.users.sales':
      case 'reports.users.refunds':
      case 'reports.metrics.list':
      case 'reports.metrics.get':
        // The sandbox has no store, so reports are empty there (and their shape is undocumented).
        return json(200, []);
      case 'files.upload':
        return uploadFiles(owner, request);
      case 'files.get': {
        const file = files.get(p['file_upload_id']!);
        return file && file.owner === owner ? json(200, clean(file)) : error(404, 'No such file');
      }
      case 'files.list':
        return list([...files.values()].filter((f) => f.owner === owner).map(clean), new URLSearchParams([...q].filter(([k]) => k === 'offset' || k === 'limit')));
      case 'packages.submit':
      case 'packages.update': {
        // A batch body must be an array: anything else fails as a whole, and nothing is processed.
        if (!Array.isArray(body) || body.length === 0 || body.some((i) => !i || typeof i !== 'object' || Array.isArray(i))) return error(400, 'The body must be a non-empty array of packages');
        const items = body as Record<string, unknown>[];
        return json(200, items.map((item, i) => (route.id === 'packages.submit' ? submitItem(owner, item, i) : updateItem(owner, item, i))));
      }
      case 'packages.updateOne': {
        if (!body || typeof body !== 'object' || Array.isArray(body)) return error(400, 'The body must be one package object');
        const result = updateItem(owner, body as Record<string, unknown>, 0, p['submission_id']);
        const { code, message, ...rest } = result as { code: number; message: string };
        return code === 200 ? json(200, rest) : error(code >= 1000 ? 400 : code, message, code);
      }
      case 'packages.list':
        return list(visible(owner).map((x) => x.record), q);
      case 'packages.get': {
        const pkg = packages.get(p['submission_id']!);
        return pkg && pkg.owner === owner ? json(200, pkg.record) : error(404, 'No such package');
      }
      case 'packages.skus.list':
        return list(visible(owner).filter((x) => x.record.sku).map((x) => x.record), q);
      case 'packages.skus.get': {
        const rows = visible(owner).filter((x) => x.record.sku === p['sku'] && (!q.get('version') || x.record.version === q.get('version')));
        return rows.length ? json(200, rows.map((x) => x.record), { 'x-total-count': String(rows.length) }) : error(404, 'No such SKU');
      }
      case 'packages.items.list':
        return list(visible(owner).filter((x) => x.record.item_id).map((x) => x.record), q);
      case 'packages.items.get': {
        const pkg = visible(owner).filter((x) => x.record.item_id === p['item_id']).at(-1);
        return pkg ? json(200, pkg.record) : error(404, 'No such item');
      }
      case 'testResults.list':
      case 'testResults.listBySku':
      case 'testResults.listByItem': {
        const pkg = route.id === 'testResults.list'
          ? packages.get(p['submission_id']!)
          : visible(owner).filter((x) => (route.id === 'testResults.listBySku' ? x.record.sku === p['sku'] : x.record.item_id === p['item_id'])).at(-1);
        if (!pkg || pkg.owner !== owner) return error(404, 'No such package');
        return json(200, pkg.runs.map(({ report: _report, ...summary }) => summary));
      }
      case 'testResults.get': {
        const pkg = packages.get(p['submission_id']!);
        const run = pkg?.owner === owner ? pkg.runs.find((r) => r.name === p['tool_name'] && r.tool_run_id === p['tool_run_id']) : undefined;
        if (!run || run.name === 'phpcpd') return error(404, 'No report for this tool run');
        return json(200, run.report);
      }
      default:
        stats.unmatched.push(`${request.method} ${path} (no fake for ${route.id})`);
        return error(501, `The fake does not implement ${route.id}`);
    }
  }

  const handleSafely = async (request: Request) => {
    try {
      return await handle(request);
    } catch {
      return error(500, 'Internal error in the fake');
    }
  };

  return {
    environment,
    url: BASE_URLS[environment],
    baseUrl: BASE_URLS[environment],
    app: apps[0]!,
    handle: handleSafely,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => handleSafely(new Request(input, init))) as typeof fetch,
    stats,
    deliveries,
    failItems(rule, code = 1208) {
      itemRules.push(typeof rule === 'string' ? (item) => (item['item_id'] === rule ? code : undefined) : rule);
    },
    failReview(rule, flow = 'technical', reasons = flow === 'marketing' ? ['The gallery images do not show the extension'] : ['phpcs: coding standard violations']) {
      const matches = typeof rule === 'string' ? (pkg: Package) => pkg.item_id === rule : rule;
      reviewRules.push({ flow, matches, reasons });
    },
    failNextRequest(operationId, status, message = `Injected failure (${status})`) {
      nextFailure.set(operationId, { status, message });
    },
    expireSessions() {
      sessions.clear();
    },
    setStatus(submissionId, flow, status) {
      const pkg = packages.get(submissionId);
      if (!pkg) throw new Error(`No package ${submissionId}`);
      setFlow(pkg, flow, status);
    },
    getPackage: (id) => packages.get(id)?.record,
    getFile: (id) => {
      const file = files.get(id);
      return file ? clean(file) : undefined;
    },
    registeredCallbacks: (mageId = apps[0]!.mageId) => (callbacks.get(mageId) ?? []).map((cb) => ({ ...cb })),
    async settle() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
