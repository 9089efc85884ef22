/**
 * Credential redaction. Two layers, because either alone leaks:
 * - by value: every secret an auth provider handles is registered, and any text leaving the SDK
 *   (error messages, URLs, bodies, hook payloads) has those exact values replaced;
 * - by name: JSON keys and query parameters that conventionally hold secrets are masked even when
 *   their value was never registered (a token echoed back by a proxy, say).
 */
const REDACTED = '[redacted]';
const secrets = new Set<string>();

/** Minimum length of a registered secret: shorter strings would mask ordinary words. */
const MIN_SECRET_LENGTH = 4;

export function registerSecret(value: string | undefined | null): void {
  if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) return;
  secrets.add(value);
  // Secrets also travel percent-encoded (query strings) and base64-encoded (Basic auth).
  const encoded = encodeURIComponent(value);
  if (encoded !== value) secrets.add(encoded);
}

const SECRET_KEY = /^(password|passwd|pass|secret|token|access_?token|refresh_?token|ust|otp|api_?key|authorization|consumer_?secret|access_?token_?secret|token_?secret|app_?secret|client_?secret|oauth_signature|oauth_token|bearer)$/i;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

export function redactText(text: string): string {
  let out = text;
  for (const secret of secrets) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  // Authorization header values and secret-named query parameters, wherever they appear.
  out = out.replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g, `$1 ${REDACTED}`);
  out = out.replace(/\bOAuth\s+(?:\w+="[^"]*"(?:,\s*)?)+/g, `OAuth ${REDACTED}`);
  out = out.replace(/([?&])([^=&#\s]+)=([^&#\s"']*)/g, (match, sep: string, key: string) =>
    isSecretKey(decodeSafe(key)) ? `${sep}${key}=${REDACTED}` : match,
  );
  return out;
}

/** A deep copy of a JSON-like value with secret-named keys masked and registered secrets removed. */
export function redactValue<T>(value: T, depth = 0): T {
  if (depth > 32) return value;
  if (typeof value === 'string') return redactText(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = isSecretKey(k) && v != null ? REDACTED : redactValue(v, depth + 1);
    return out as T;
  }
  return value;
}

export function redactHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key] = /^(authorization|cookie|set-cookie|x-api-key)$/i.test(key) ? REDACTED : redactText(value);
  });
  return out;
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
