/** A response body, already read in full by the attempt, as the route promises it: JSON, text or nothing. */
import { ResponseError, type Service } from '../errors.ts';
import type { Redactor } from '../redact.ts';
import type { HttpMethod, ResponseKind } from './options.ts';

export interface BodyContext {
  service: Service;
  redactor: Redactor;
  method: HttpMethod;
  url: string;
  issuesCredential?: boolean | undefined;
}

export function parseBody<T>(text: string, response: Response, expect: ResponseKind, context: BodyContext): T {
  if (expect === 'void') return undefined as T;
  if (expect === 'text') return text as T;
  if (!/\S/.test(text)) {
    if (expect === 'json-or-void') return undefined as T;
    const { url, base } = failure(response, context);
    throw new ResponseError(`${context.method} ${url} answered ${response.status} with an empty body where JSON was expected.`, text, base);
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    const { url, base } = failure(response, context);
    const type = response.headers.get('content-type') ?? 'no content type';
    const looksHtml = /^\s*</.test(text);
    throw new ResponseError(
      `${context.method} ${url} answered ${response.status} with ${looksHtml ? 'HTML' : 'text that is not JSON'} (${type}): a proxy, a maintenance page or a wrong baseUrl, usually.`,
      // A credential route's text may be the credential itself (a token without its JSON quotes).
      context.issuesCredential ? `<text of ${text.length} characters>` : text,
      base,
    );
  }
}

/** Redaction is for the error path only: a successful call never pays for it. */
function failure(response: Response, context: BodyContext) {
  const url = context.redactor.text(context.url);
  return { url, base: { service: context.service, method: context.method, url, status: response.status } };
}
