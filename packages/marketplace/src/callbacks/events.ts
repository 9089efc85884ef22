/**
 * Callback bodies: `{callback_event, update_info}`. Two events are documented; anything else is
 * passed on intact as an unknown event rather than rejected, because the service may add events.
 * Field drift seen in the wild is absorbed here: `eqp_state` is an older name of `current_status`.
 */
import * as z from 'zod/mini';

const envelopeSchema = z.object({ callback_event: z.string(), update_info: z.record(z.string(), z.unknown()) });

const malwareScanSchema = z.looseObject({
  file_upload_id: z.string(),
  tool_result: z.string(),
  modified_at: z.optional(z.string()),
});

const eqpStatusSchema = z.looseObject({
  submission_id: z.string(),
  item_id: z.optional(z.union([z.string(), z.number()])),
  eqp_flow: z.optional(z.string()),
  current_status: z.optional(z.string()),
  eqp_state: z.optional(z.string()),
  eqp_status: z.optional(z.looseObject({ overall: z.optional(z.string()), technical: z.optional(z.string()), marketing: z.optional(z.string()) })),
  modified_at: z.optional(z.string()),
});

export interface MalwareScanComplete {
  file_upload_id: string;
  /** `passed` in the docs' example, while file records say pass/fail: kept as sent. */
  tool_result: string;
  modified_at?: string | undefined;
  [extra: string]: unknown;
}

export interface EqpStatusUpdate {
  submission_id: string;
  item_id?: string | undefined;
  /** `technical` or `marketing` (only `marketing` is shown in the docs). */
  eqp_flow?: string | undefined;
  /** The new status of that flow; filled from `eqp_state` when that is what was sent. */
  current_status: string;
  eqp_state?: string | undefined;
  eqp_status?: { overall?: string | undefined; technical?: string | undefined; marketing?: string | undefined; [extra: string]: unknown } | undefined;
  modified_at?: string | undefined;
  [extra: string]: unknown;
}

export interface MalwareScanCompleteEvent {
  callback_event: 'malware_scan_complete';
  update_info: MalwareScanComplete;
}
export interface EqpStatusUpdateEvent {
  callback_event: 'eqp_status_update';
  update_info: EqpStatusUpdate;
}
/** An event this SDK does not know, exactly as received. */
export interface UnknownCallbackEvent {
  callback_event: string;
  update_info: Record<string, unknown>;
  body: Record<string, unknown>;
}
export type CallbackEvent = MalwareScanCompleteEvent | EqpStatusUpdateEvent;

export type ParseResult =
  | { ok: true; known: true; event: CallbackEvent }
  | { ok: true; known: false; event: UnknownCallbackEvent }
  | { ok: false; problem: string };

/** Validates a parsed JSON body; never throws. */
export function parseCallbackBody(body: unknown): ParseResult {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) return { ok: false, problem: 'the body must be {callback_event: string, update_info: object}' };
  const { callback_event, update_info } = envelope.data;
  if (callback_event === 'malware_scan_complete') {
    const info = malwareScanSchema.safeParse(update_info);
    if (!info.success) return { ok: false, problem: 'malware_scan_complete needs update_info.file_upload_id and tool_result as strings' };
    return { ok: true, known: true, event: { callback_event, update_info: info.data } };
  }
  if (callback_event === 'eqp_status_update') {
    const info = eqpStatusSchema.safeParse(update_info);
    const status = info.success ? (info.data.current_status ?? info.data.eqp_state) : undefined;
    if (!info.success || status === undefined) return { ok: false, problem: 'eqp_status_update needs update_info.submission_id and current_status (or eqp_state) as strings' };
    const { item_id, ...rest } = info.data;
    const normalized: EqpStatusUpdate = { ...rest, current_status: status, ...(item_id === undefined ? {} : { item_id: String(item_id) }) };
    return { ok: true, known: true, event: { callback_event, update_info: normalized } };
  }
  return { ok: true, known: false, event: { callback_event, update_info, body: body as Record<string, unknown> } };
}
