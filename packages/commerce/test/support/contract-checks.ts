// What the fake platform checks on each captured request, as a list of problems (empty when the request
// is what the spec describes and what the caller asked for), so a failure names every difference at once.
import { isDeepStrictEqual } from 'node:util';
import type { SpecOperation } from './spec.ts';
import { schemaErrors } from './validate.ts';
import { readPath, readQuery, type PlannedCall } from './wire.ts';

export interface CapturedRequest {
  method: string;
  url: URL;
  contentType: string | null;
  body: string;
}

const show = (value: unknown) => JSON.stringify(value);

export function requestProblems(op: SpecOperation, planned: PlannedCall, request: CapturedRequest, base: string, { cloudService = false } = {}): string[] {
  const problems: string[] = [];
  if (request.method !== op.method) problems.push(`method ${request.method}, expected ${op.method}`);
  if (request.url.origin !== new URL(base).origin) problems.push(`origin ${request.url.origin}`);

  // Path: /rest (the cloud service: /<tenant>) + the template, each parameter one segment that decodes
  // (as PHP does) to the value sent.
  const prefix = cloudService ? new URL(base).pathname.replace(/\/$/, '') : '/rest';
  const pathname = request.url.pathname;
  const decoded = pathname.startsWith(`${prefix}/`) && /^\/V\d+\//.test(pathname.slice(prefix.length)) ? readPath(op.path, pathname.slice(prefix.length)) : undefined;
  const expected = Object.fromEntries(Object.entries(planned.pathValues).map(([k, v]) => [k, String(v)]));
  if (!decoded) problems.push(`path ${pathname} does not fill ${prefix}${op.path}`);
  else if (!isDeepStrictEqual(decoded, expected)) problems.push(`path parameters read back as ${show(decoded)}, sent ${show(expected)}`);

  // Query: declared parameters only, required ones present, each valid and equal to the input.
  const query = readQuery(op, request.url.searchParams);
  if (query.undeclared.length) problems.push(`query keys the spec does not declare: ${query.undeclared.join(', ')}`);
  for (const param of op.queryParams) {
    if (!(param.name in query.values)) {
      if (param.required) problems.push(`required query parameter ${param.name} missing`);
      continue;
    }
    for (const error of schemaErrors(param.schema, query.values[param.name])) problems.push(`query ${param.name}: ${error}`);
  }
  if (!isDeepStrictEqual(query.values, planned.query)) problems.push(`query read back as ${show(query.values)}, sent ${show(planned.query)}`);

  // Body: JSON valid against the requestBody schema and exactly the input's body fields.
  if (op.body) {
    if (!/^application\/json/.test(request.contentType ?? '')) problems.push(`content-type ${request.contentType}`);
    let body: unknown;
    try {
      body = JSON.parse(request.body);
    } catch {
      problems.push(`body is not JSON: ${request.body.slice(0, 80)}`);
      return problems;
    }
    for (const error of schemaErrors(op.body.schema, body)) problems.push(`body: ${error}`);
    if (!isDeepStrictEqual(body, planned.body)) problems.push(`body ${show(body)} differs from the input's body fields ${show(planned.body)}`);
  } else if (op.method === 'GET' ? request.body !== '' : request.body !== '' && request.body !== '{}') {
    // Writes without a body go out as `{}` (the platform refuses a JSON POST with an empty body); anything
    // more is fields the spec does not have.
    problems.push(`body ${request.body.slice(0, 80)} on a route without one`);
  }
  return problems;
}
