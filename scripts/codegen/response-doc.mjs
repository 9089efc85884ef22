// The document openapi-typescript reads for a target whose responses follow the platform's REST
// serializer: each operation's success body and the schemas it reaches are given their response shape
// (packages/commerce/src/swagger/response-shape.ts, shared with `types pull`), request bodies keep the
// published one. The route table and the other emitters read the published document.
import { responseShapes } from '../../packages/commerce/src/swagger/response-shape.ts';
import { operationsOf, resolve } from './load-spec.mjs';

const SUCCESS = /^2\d\d$/;

/** A copy of `doc` with response shapes, and how many response fields became `T | null`. */
export function withResponseShapes(doc) {
  const out = structuredClone(doc);
  const media = [];
  for (const o of operationsOf(out)) {
    for (const [code, response] of Object.entries(o.op.responses ?? {})) {
      if (!SUCCESS.test(code)) continue;
      if (response.$ref) throw new Error(`${o.key}: a success response by $ref (${response.$ref}) would be shared by requests' error paths; write it inline`);
      const json = resolve(out, response).content?.['application/json'];
      if (json?.schema) media.push(json);
    }
  }
  const shapes = responseShapes(out.components?.schemas ?? {}, media.map((m) => m.schema));
  media.forEach((m, i) => (m.schema = shapes.responses[i]));
  out.components.schemas = { ...out.components.schemas, ...shapes.schemas };
  return { doc: out, nullableFields: shapes.nullableFields, outputSchemas: Object.keys(shapes.schemas).length };
}
