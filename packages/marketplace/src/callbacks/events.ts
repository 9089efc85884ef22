/**
 * Callback bodies: `{callback_event, update_info}`. Two events are documented; anything else is
 * passed on intact as an unknown event rather than rejected, because the service may add events.
 * Field drift seen in the wild is absorbed here: `eqp_state` is an older name of `current_status`.
 * The validators are generated from the spec's `webhooks` section (generated/webhooks.ts).
 */
import type { components } from '../generated/schema.ts';
import { callbackEnvelopeSchema, updateInfoSchemas } from '../generated/webhooks.ts';

// The public shapes: written out (rather than derived from the generated types, whose index
// signatures would swallow the named fields under Omit) and held to the spec by a type test.
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

/** The spec's update_info types, for the type test that keeps the two in step. */
export type SpecUpdateInfo = { malware_scan_complete: components['schemas']['MalwareScanCompleteInfo']; eqp_status_update: components['schemas']['EqpStatusUpdateInfo'] };

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
  const envelope = callbackEnvelopeSchema.safeParse(body);
  if (!envelope.success) return { ok: false, problem: 'the body must be {callback_event: string, update_info: object}' };
  const { callback_event, update_info } = envelope.data;
  if (callback_event === 'malware_scan_complete') {
    const info = updateInfoSchemas.malware_scan_complete.safeParse(update_info);
    if (!info.success) return { ok: false, problem: 'malware_scan_complete needs update_info.file_upload_id and tool_result as strings' };
    return { ok: true, known: true, event: { callback_event, update_info: info.data } };
  }
  if (callback_event === 'eqp_status_update') {
    const info = updateInfoSchemas.eqp_status_update.safeParse(update_info);
    const status = info.success ? (info.data.current_status ?? info.data.eqp_state) : undefined;
    if (!info.success || status === undefined) return { ok: false, problem: 'eqp_status_update needs update_info.submission_id and current_status (or eqp_state) as strings' };
    const { item_id, ...rest } = info.data;
    const normalized: EqpStatusUpdate = { ...rest, current_status: status, ...(item_id === undefined ? {} : { item_id: String(item_id) }) };
    return { ok: true, known: true, event: { callback_event, update_info: normalized } };
  }
  return { ok: true, known: false, event: { callback_event, update_info, body: body as Record<string, unknown> } };
}
