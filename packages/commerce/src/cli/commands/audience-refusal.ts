/**
 * The refusal of a schema answered for the wrong audience (see swagger/audience.ts for how the platform
 * answers and how it is recognised), shared by `types pull` and `types diff`. It names the credential
 * that sees everything.
 */
import type { AudienceVerdict, SchemaAudience } from '../../swagger/audience.ts';
import { CliError } from '../errors.ts';

/** A schema and where it came from, plus the credential kind used (for messages). */
export interface SchemaSource {
  document: unknown;
  from: string;
  authMethod: string | undefined;
}

export const AUDIENCE_NAME: Record<SchemaAudience, string> = { admin: 'admin', customer: 'customer', guest: 'anonymous (guest)' };
const ADMIN_CREDENTIALS = 'an admin user (MAGEKIT_ADMIN_USERNAME and MAGEKIT_ADMIN_PASSWORD), an integration (MAGEKIT_CONSUMER_KEY, MAGEKIT_CONSUMER_SECRET, MAGEKIT_ACCESS_TOKEN, MAGEKIT_ACCESS_TOKEN_SECRET) or a current admin or integration token (MAGEKIT_TOKEN)';

/** Why a schema is the subset of an audience, naming the credential that would see everything. */
export function audienceRefusal(verdict: AudienceVerdict, source: SchemaSource, asked: SchemaAudience, consequence = 'Nothing was written.'): CliError {
  const seen = `${source.from} ${source.authMethod === undefined ? 'is' : 'answered'} the ${AUDIENCE_NAME[verdict.audience]} subset of its schema (${verdict.operations} operation(s)${verdict.evidence ? `, e.g. ${verdict.evidence}` : ''})`;
  const cause =
    source.authMethod === undefined
      ? 'it was saved with credentials that were not an admin\'s or an integration\'s'
      : verdict.audience === 'customer'
        ? 'the credentials are a customer\'s: the platform lists what a customer may call'
        : source.authMethod === 'token'
          ? 'the platform does not know the token (expired, revoked, or from another installation) and answers as to an anonymous caller, with status 200'
          : 'the credentials were accepted but see no admin route (an admin role or integration without resources)';
  const wanted = asked === 'admin' ? `It lacks every route only an admin sees.` : `You asked for --audience ${asked}.`;
  return new CliError(
    `${seen}: ${cause}. ${wanted} ${consequence}`,
    asked === 'admin'
      ? `Use ${ADMIN_CREDENTIALS}; to type what ${verdict.audience === 'customer' ? 'a customer' : 'an anonymous caller'} sees on purpose, pass --audience ${verdict.audience}.`
      : `Use credentials of that audience, or leave out --audience for an admin schema.`,
  );
}

