/**
 * The platform's error bodies: `{ message, parameters }` where the message is a template the
 * client fills in. Handlers throw PlatformError; the fake turns it into the response.
 */
import { renderPhrase } from '../platform/phrase.ts';

export const MESSAGES = {
  noRoute: 'Request does not match any route.',
  productMissing: "The product that was requested doesn't exist. Verify the product and try again.",
  required: '"%fieldName" is required. Enter and try again.',
  noSuchEntity: 'No such entity with %fieldName = %fieldValue',
  entityMissing: "The entity that was requested doesn't exist. Verify the entity and try again.",
  sourceMissing: 'Source with code "%value" does not exist.',
  stockMissing: 'Stock with id "%value" does not exist.',
  noLinkedStock: 'No linked stock found',
  unmodeled: 'The fake platform does not model %route, and answers no made-up data in its place: test this call against an installation.',
  unmodeledCase: 'The fake platform does not model %route for %case, and answers no made-up data in its place: test this call against an installation.',
  bulkMissing: 'Bulk with UUID %1 does not exist.',
  notAuthorized: "The consumer isn't authorized to access %resources.",
  decoding: 'Decoding error: %1',
  invalidValue: 'The "%1" value is invalid. Enter a valid value and try again.',
  internal: 'Internal Error. Details are available in Magento log file. Report ID: %1',
} as const;

export class PlatformError extends Error {
  constructor(
    readonly status: number,
    readonly template: string,
    readonly parameters?: Record<string, unknown> | unknown[],
    readonly code?: number,
    /** An input exception's several errors, each a template with its parameters (`errors` in the body). */
    readonly errors?: { message: string; parameters?: Record<string, unknown> | unknown[] }[],
  ) {
    super(renderPhrase(template, parameters));
    this.name = 'PlatformError';
  }
}

/** Messages are filled as the platform's renderer fills them (one renderer for the SDK and the fake). */
export { renderPhrase as fill } from '../platform/phrase.ts';

function errorBody(error: PlatformError): Record<string, unknown> {
  const body: Record<string, unknown> = { message: error.template };
  if (error.parameters !== undefined) body['parameters'] = error.parameters;
  if (error.code) body['code'] = error.code;
  if (error.errors) body['errors'] = error.errors;
  return body;
}

export function errorResponse(error: PlatformError): Response {
  return Response.json(errorBody(error), { status: error.status });
}

/** Errors from collaborators (the search parser) that carry a status and a template. */
export function asPlatformError(error: unknown): PlatformError | undefined {
  if (error instanceof PlatformError) return error;
  if (error && typeof error === 'object' && typeof (error as { status?: unknown }).status === 'number' && typeof (error as { template?: unknown }).template === 'string') {
    const e = error as { status: number; template: string; parameters?: Record<string, unknown> };
    return new PlatformError(e.status, e.template, e.parameters);
  }
  return undefined;
}
