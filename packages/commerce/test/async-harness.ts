/** A client with the async features attached (as createCommerceClient will once they are merged). */
import { attachAsync, type AsyncFeatures } from '../src/async/attach.ts';
import { bundledParts } from '../src/async/bundled-parts.ts';
import { createCommerceClient, none, type CommerceClient, type CommerceClientOptions } from '../src/index.ts';
import { runtimeOf } from '../src/calls/runtime.ts';

export const BASE = 'https://shop.async.test';

export type AsyncClient = Omit<CommerceClient, 'bulk'> & AsyncFeatures;

export function asyncClient(options: Partial<CommerceClientOptions> = {}): AsyncClient {
  const client = createCommerceClient({ baseUrl: BASE, auth: none(), ...options });
  return Object.assign(client, attachAsync(runtimeOf(client), bundledParts)) as unknown as AsyncClient;
}

export interface Captured {
  method: string;
  pathname: string;
  search: string;
  body: unknown;
}

export async function capture(request: Request): Promise<Captured> {
  const url = new URL(request.url);
  const text = request.method === 'GET' ? '' : await request.text();
  return { method: request.method, pathname: url.pathname, search: url.search, body: text ? JSON.parse(text) : undefined };
}

/** An acceptance body for `count` elements, all accepted unless listed in `rejected`. */
export function acceptanceBody(uuid: string, count: number, rejected: Record<number, string> = {}) {
  const request_items = Array.from({ length: count }, (_, id) =>
    rejected[id] !== undefined
      ? { id, data_hash: `h${id}`, status: 'rejected', error_message: rejected[id], error_code: 400 }
      : { id, data_hash: `h${id}`, status: 'accepted', error_message: null, error_code: null },
  );
  return { bulk_uuid: uuid, request_items, errors: Object.keys(rejected).length > 0 };
}
