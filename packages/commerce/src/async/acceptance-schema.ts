/**
 * The zod validator of an async acceptance, in a module of its own: one of the parts queued writes
 * are given (parts.ts), so zod is loaded only by apps that queue async or bulk writes.
 */
import * as z from 'zod/mini';
import type { AcceptanceBody, AcceptanceCheck } from './acceptance.ts';

// Typed with the interface above rather than inferred, so the published declarations do not pull
// zod's types into every user's type-check.
const requestItemSchema = z.object({
  id: z.number(),
  data_hash: z.nullable(z.string()),
  status: z.enum(['accepted', 'rejected']),
  error_message: z.optional(z.nullable(z.string())),
  error_code: z.optional(z.nullable(z.number())),
});

const acceptanceSchema: z.ZodMiniType<AcceptanceBody> = z.object({
  bulk_uuid: z.string(),
  request_items: z.array(requestItemSchema),
  errors: z.boolean(),
});

export function checkAcceptanceBody(body: unknown): AcceptanceCheck {
  const result = acceptanceSchema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  // Each issue as `path: message` (zod's prettifyError would bring its own formatter into every bulk app).
  return { ok: false, problem: result.error.issues.map((issue) => `${issue.path.length ? `${issue.path.map(String).join('.')}: ` : ''}${issue.message}`).join('; ') };
}
