/**
 * The body of a request our receivers accept (the marketplace's callbacks, the platform's
 * integration activation), read with bounds: at most `maxBytes`, stopping the read there instead of
 * buffering the rest, and within `deadlineMs` when given, so a sender that trickles or stalls is cut
 * off. The text must be UTF-8 (`fatal`): a body that is not is refused, never read with replacement
 * characters. Each receiver maps the typed failures to its own status codes.
 */

/** The body was longer than the receiver accepts. */
export class IncomingBodyTooLarge extends Error {}

/** The body did not arrive within the deadline. */
export class IncomingBodyTooSlow extends Error {}

interface IncomingBodyLimits {
  maxBytes: number;
  /** Milliseconds for the whole body; unbounded when absent. */
  deadlineMs?: number | undefined;
}

/** Throws IncomingBodyTooLarge, IncomingBodyTooSlow, or a TypeError for text that is not UTF-8. */
export async function readIncomingText(request: Request, limits: IncomingBodyLimits): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired =
    limits.deadlineMs === undefined
      ? undefined
      : new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new IncomingBodyTooSlow()), limits.deadlineMs)));
  expired?.catch(() => undefined);
  try {
    for (;;) {
      const { done, value } = await (expired ? Promise.race([reader.read(), expired]) : reader.read());
      if (done) break;
      size += value.byteLength;
      if (size > limits.maxBytes) throw new IncomingBodyTooLarge();
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
