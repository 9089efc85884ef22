/**
 * The platform's answer to an asynchronous or bulk write (202): a bulk UUID and one status per
 * request item. It is validated with zod because everything downstream (waiting, mapping outcomes
 * back to inputs) leans on it; a shape the SDK does not recognise is reported, not guessed at.
 * The validator (and zod with it) is one of the parts queued writes are given (parts.ts): the
 * full client loads it on the first acceptance, so importing the SDK or making a plain call never loads zod.
 */
import { ResponseError } from '@magekit/core';

/** The body as the platform sends it (`asynchronous-operations-data-async-response-interface`). */
export interface AcceptanceBody {
  bulk_uuid: string;
  request_items: Array<{ id: number; data_hash: string | null; status: 'accepted' | 'rejected'; error_message?: string | null | undefined; error_code?: number | null | undefined }>;
  errors: boolean;
}

export interface AcceptanceItem {
  /** The item's index in the request (0 for a single async call; the array index in a bulk). */
  id: number;
  dataHash: string | null;
  status: 'accepted' | 'rejected';
  errorMessage: string | null;
  errorCode: number | null;
}

/** A queued asynchronous write: wait for it with `waitForBulk(acceptance)`. */
export interface AsyncAcceptance<K extends string = string> {
  readonly route: K;
  readonly bulkUuid: string;
  readonly requestItems: readonly AcceptanceItem[];
  /** True when any item was rejected (then the call threw, unless it was a bulk chunk). */
  readonly errors: boolean;
}

/** What the zod check says of a body: the acceptance, or what is wrong with it. */
export type AcceptanceCheck = { ok: true; data: AcceptanceBody } | { ok: false; problem: string };

export async function parseAcceptanceBody(body: unknown, context: { method: string; url: string; status?: number }, check: (body: unknown) => AcceptanceCheck | Promise<AcceptanceCheck>): Promise<AcceptanceBody> {
  const checked = await check(body);
  if (checked.ok) return checked.data;
  const raw = typeof body === 'string' ? body : JSON.stringify(body) ?? String(body);
  throw new ResponseError(
    `${context.method} ${context.url} answered with a body that is not an async acceptance ({bulk_uuid, request_items, errors}): ${checked.problem}`,
    raw,
    { service: 'commerce', method: context.method, url: context.url, status: context.status },
  );
}

export function toAcceptance<K extends string>(route: K, body: AcceptanceBody): AsyncAcceptance<K> {
  return {
    route,
    bulkUuid: body.bulk_uuid,
    errors: body.errors || body.request_items.some((item) => item.status === 'rejected'),
    requestItems: body.request_items.map((item) => ({
      id: item.id,
      dataHash: item.data_hash,
      status: item.status,
      errorMessage: item.error_message ?? null,
      errorCode: item.error_code ?? null,
    })),
  };
}
