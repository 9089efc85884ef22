/**
 * What both packages' HTTP error mappers (commerce `commerceHttpError`, marketplace
 * `marketplaceHttpError`) take from any non-2xx response before reading their service's own body shape.
 */
import type { Service } from './errors.ts';
import { redactValue } from './redact.ts';

/** The fields every HttpError carries: where the request went, the status, and the body (secrets masked by name). */
export function httpErrorFields<M extends string>(status: number, body: unknown, context: { service: Service; method: M; url: string }) {
  return { service: context.service, status, method: context.method, url: context.url, body: redactValue(body) };
}
