/**
 * createLeanClient: `request()` over the route modules an app names, and nothing else. Its own cost
 * is the transport, the auth strategy and the call path; the route table, the method tree, the
 * `fields` and searchCriteria encoders, async and bulk, paginate, the schema endpoints and zod stay
 * out of the bundle unless the app imports them (from `@magekit/commerce/modules`, `/fields`,
 * `/search`, `/bulk`, `/paginate`, `/schema`).
 */
import { ConfigurationError } from '@magekit/core';
import { buildLeanClient, type LeanClient, type LeanClientOptions } from './bare.ts';
import type { EncodedParameter, QueryEncoder } from '../query/encoders.ts';

/** Where each encoder is exported, for the messages that name the import a lean client lacks. */
const ENCODER_IMPORTS: Record<EncodedParameter, string> = {
  fields: "import { fieldsEncoder } from '@magekit/commerce/fields'",
  searchCriteria: "import { searchCriteriaEncoder } from '@magekit/commerce/search'",
};

/** Stands in for an encoder the client was not given: the call is refused before anything is sent. */
const refusal = (parameter: EncodedParameter): QueryEncoder => ({
  parameter,
  encode(_value, route) {
    throw new ConfigurationError(
      `${route.key} was given ${parameter}, which this client cannot encode: a lean client encodes only what it is given. ${ENCODER_IMPORTS[parameter]} and pass it to createLeanClient({ encoders: [...] }) (createCommerceClient has every encoder). Nothing was sent.`,
      { service: 'commerce' },
    );
  },
});

export function createLeanClient(options: LeanClientOptions): LeanClient {
  const given = options && typeof options === 'object' ? options.encoders : undefined;
  if (given !== undefined && !(Array.isArray(given) && given.every((e) => typeof e?.encode === 'function' && Object.hasOwn(ENCODER_IMPORTS, e.parameter)))) {
    throw new ConfigurationError(`encoders takes an array of what these give: ${Object.values(ENCODER_IMPORTS).join('; ')}.`, { service: 'commerce' });
  }
  // The encoders given come last: the client keeps the last one per parameter.
  return buildLeanClient(options, {}, [refusal('fields'), refusal('searchCriteria'), ...(given ?? [])]);
}
