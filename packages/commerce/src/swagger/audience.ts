/**
 * Whom a schema document was generated for. The platform never answers a schema request with 401:
 * it filters the services by what the caller may use (magento2
 * app/code/Magento/Webapi/Model/AbstractSchemaGenerator.php, getAllowedServicesMetadata: each service
 * method is kept only when `$this->authorization->isAllowed(<its ACL resources>)`), and a bearer token
 * it does not know, that expired or was revoked yields no user at all, i.e. an anonymous caller
 * (app/code/Magento/Webapi/Model/Authorization/TokenUserContext.php, processRequest: an unknown or revoked
 * token returns without setting a user). So a stale admin token gets the anonymous subset and a customer
 * token the customer subset, both with status 200.
 *
 * The markers: every platform route of the guest subset is also in the customer subset, and every
 * route of that in an admin schema (the published 2.4.9 schemas: guest 78 ⊂ customer 117 ⊂ admin 614).
 * A document is an admin one when it lists a platform route outside the customer subset, or a route of
 * its own modules that needs authorisation (the generator gives it a 401 response,
 * app/code/Magento/Webapi/Model/Rest/Swagger/Generator.php, generateMethodResponses: a resource other
 * than `anonymous`) outside the customer's `mine`/`me` paths. Otherwise it is a customer one when it
 * lists a route only customers may call (one of the customer subset outside the guest one, or a
 * `mine`/`me` path), else an anonymous one. A restricted admin role still lists
 * the routes of its resources, so it reads as admin.
 */
import { routeKeyOf } from './route-key.ts';

export type SchemaAudience = 'admin' | 'customer' | 'guest';

/** What the SDK knows of the platform's own routes, by route key (trailing slash trimmed). */
export interface AudienceMarkers {
  /** Routes anonymous callers see. */
  guest: ReadonlySet<string>;
  /** Routes a customer token sees (including the anonymous ones). */
  customer: ReadonlySet<string>;
  /** Every platform route the SDK knows of (any release). */
  platform: ReadonlySet<string>;
}

export interface AudienceVerdict {
  audience: SchemaAudience;
  /** Operations in the document. */
  operations: number;
  /** A route that decided it (for the message), when one did. */
  evidence?: string;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
const SELF_PATH = /\/(mine|me)(\/|$)/;

export function schemaAudience(document: unknown, markers: AudienceMarkers): AudienceVerdict {
  const paths = (document as { paths?: Record<string, Record<string, unknown>> } | null)?.paths ?? {};
  let operations = 0;
  let customerEvidence: string | undefined;
  for (const [path, item] of Object.entries(paths)) {
    if (!item || typeof item !== 'object') continue;
    for (const method of METHODS) {
      const op = item[method] as { responses?: Record<string, unknown> } | undefined;
      if (!op || typeof op !== 'object') continue;
      operations += 1;
      const key = routeKeyOf(`${method.toUpperCase()} ${path}`);
      // The customer's own routes (`self` resource: /mine, /me) are a customer's, whatever the published
      // customer schema happens to list (it leaves out some, e.g. GET /V1/customers/me).
      if (SELF_PATH.test(path)) {
        if (!markers.guest.has(key)) customerEvidence ??= key;
        continue;
      }
      if (markers.platform.has(key)) {
        if (!markers.customer.has(key)) return { audience: 'admin', operations: countOperations(paths), evidence: key };
        if (!markers.guest.has(key)) customerEvidence ??= key;
        continue;
      }
      if (op.responses !== undefined && '401' in op.responses) return { audience: 'admin', operations: countOperations(paths), evidence: key };
    }
  }
  return customerEvidence ? { audience: 'customer', operations, evidence: customerEvidence } : { audience: 'guest', operations };
}

function countOperations(paths: Record<string, Record<string, unknown>>): number {
  let n = 0;
  for (const item of Object.values(paths)) if (item && typeof item === 'object') for (const method of METHODS) if (item[method] && typeof item[method] === 'object') n += 1;
  return n;
}
