/**
 * Error bodies are read up to a bound. A server (or a proxy in front of it) can answer an error with
 * a body of any size: a 30 MB stack dump, an endless HTML page. The SDK keeps at most
 * MAX_ERROR_BODY_BYTES of it (the HttpError's `body`), stops reading there instead of buffering the
 * rest, and puts at most MESSAGE_EXCERPT_CHARS of server text into a message, saying how much was
 * left out, so loggers and error trackers get an error of a bounded size.
 */

/** The most of an error body the SDK keeps (HttpError.body); the rest is not read. */
export const MAX_ERROR_BODY_BYTES = 1024 * 1024;

/** The most of a server's text an error message quotes. */
const MESSAGE_EXCERPT_CHARS = 2048;

/** An error body as far as it was read. */
export interface BoundedBody {
  text: string;
  /** False when the body was longer than the bound and the rest was not read. */
  complete: boolean;
  /** Bytes left unread, when the response declared its length; undefined when unknown. */
  unreadBytes: number | undefined;
}

/**
 * Reads at most `maxBytes` of a body under `signal`, then cancels the rest. The race with the signal
 * is for custom fetch implementations, whose body stream may not be tied to the request's signal.
 */
export async function readBoundedText(response: Response, signal: AbortSignal, maxBytes = MAX_ERROR_BODY_BYTES): Promise<BoundedBody> {
  if (signal.aborted) throw signal.reason;
  const reader = response.body?.getReader();
  let text = '';
  let size = 0;
  let complete = true;
  if (reader) {
    // The signal is this attempt's own, discarded after it: its listener needs no removal.
    const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
    aborted.catch(() => undefined);
    const decoder = new TextDecoder();
    try {
      for (let chunk; !(chunk = await Promise.race([reader.read(), aborted])).done; ) {
        let bytes = chunk.value;
        if (size + bytes.byteLength > maxBytes) {
          bytes = bytes.subarray(0, maxBytes - size);
          complete = false;
        }
        size += bytes.byteLength;
        text += decoder.decode(bytes, { stream: complete });
        if (!complete) break;
      }
      text += decoder.decode();
    } finally {
      // Whatever is left (past the bound, or after a failure) is not wanted: cancel it rather than download it.
      reader.cancel().catch(() => undefined);
    }
  }
  if (complete) return { text, complete, unreadBytes: 0 };
  const declared = Number(response.headers.get('content-length') ?? NaN);
  // A compressed body declares its compressed length, which says nothing about the decoded rest.
  const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
  return { text, complete, unreadBytes: !encoded && declared > size ? declared - size : undefined };
}

/**
 * At most `max` characters of a server's text, for a message; when there is more, says how many
 * bytes were left out (`… 31457280 bytes more`), counting what was not read when that is known.
 */
export function excerpt(text: string, max = MESSAGE_EXCERPT_CHARS, unread: Omit<BoundedBody, 'text'> = { complete: true, unreadBytes: 0 }): string {
  const fits = text.length <= max;
  if (fits && unread.complete) return text;
  const shown = fits ? text : text.slice(0, max);
  const rest = fits ? 0 : new TextEncoder().encode(text.slice(max)).length;
  if (!unread.complete && unread.unreadBytes === undefined) return `${shown}… over ${rest} bytes more`;
  return `${shown}… ${rest + (unread.unreadBytes ?? 0)} bytes more`;
}

/**
 * What an error keeps of a value it carries (a body, parameters, errors[]): the value itself when
 * its JSON form fits in `maxChars`, else a copy cut to fit, each cut marked with how much it left
 * out (`… 912345 characters more`, `… 40 more items`, `"…": "12 more keys"`). Every rendering of an
 * error (message, JSON, util.inspect) stays a few kilobytes whatever the server sent.
 */
export function boundedValue<T>(value: T, maxChars: number): T {
  if (value === undefined) return value;
  if (typeof value === 'string') return cut(value, maxChars) as T;
  const json = JSON.stringify(value) ?? '';
  if (json.length <= maxChars) return value;
  // Each step keeps less of every string, array and object, until the copy fits.
  for (const [chars, items, depth] of [[maxChars / 4, 20, 6], [256, 10, 4], [64, 5, 3], [16, 3, 2]] as const) {
    const copy = shrink(value, Math.floor(chars), items, depth);
    if ((JSON.stringify(copy) ?? '').length <= maxChars) return copy as T;
  }
  const marker = `… ${json.length} characters of JSON left out`;
  return (Array.isArray(value) ? [marker] : value !== null && typeof value === 'object' ? { '…': marker } : value) as T;
}

function shrink(value: unknown, chars: number, items: number, depth: number): unknown {
  if (typeof value === 'string') return cut(value, chars);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (depth === 0) return [`… ${value.length} items`];
    const kept = value.slice(0, items).map((item) => shrink(item, chars, items, depth - 1));
    return value.length > items ? [...kept, `… ${value.length - items} more items`] : kept;
  }
  const entries = Object.entries(value);
  if (depth === 0) return { '…': `${entries.length} keys` };
  const kept = entries.slice(0, items).map(([key, item]) => [cut(key, chars), shrink(item, chars, items, depth - 1)]);
  if (entries.length > items) kept.push(['…', `${entries.length - items} more keys`]);
  return Object.fromEntries(kept);
}

/** At most `max` characters of `text`, saying how many more there were. */
export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… ${text.length - max} characters more`;
}
