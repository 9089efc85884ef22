/**
 * Credential redaction. Two layers, because either alone leaks:
 * - by value: each client owns a Redactor holding the secrets it handles (passwords, tokens, the
 *   Authorization values it sent), and every error leaving the client has those exact values
 *   replaced, in every form they travel in (raw, percent- and form-encoded, JSON-escaped as
 *   JavaScript and PHP write it, twice over, HTML-escaped, base64: encodedForms);
 * - by name: JSON keys and query parameters that conventionally hold secrets are masked even when
 *   their value was never registered (a token echoed back by a proxy, say). This layer needs no
 *   state and applies everywhere, including errors built outside any client.
 *
 * Secrets are per client, not per process: one client's password does not mask words in another
 * client's errors, and a discarded client's secrets go with it.
 */
const REDACTED = '[redacted]';

/** Minimum length of a registered secret: shorter strings would mask ordinary words. */
const MIN_SECRET_LENGTH = 4;

// The name patterns are literals inside their functions rather than module constants: a literal is
// compiled once either way, and this way a mutation test sees each one (a constant is read at import).
export function isSecretKey(key: string): boolean {
  return /^(password|passwd|pass|secret|token|access_?token|refresh_?token|ust|otp|api_?key|authorization|consumer_?secret|access_?token_?secret|token_?secret|app_?secret|client_?secret|oauth_signature|oauth_token|bearer)$/i.test(key);
}

/** The by-name layer: Authorization values and secret-named query parameters, wherever they appear. */
export function redactText(text: string): string {
  let out = text.replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g, `$1 ${REDACTED}`);
  out = out.replace(/\bOAuth\s+(?:\w+="[^"]*"(?:,\s*)?)+/g, `OAuth ${REDACTED}`);
  out = out.replace(/([?&])([^=&#\s]+)=([^&#\s"']*)/g, (match, sep: string, key: string) =>
    isSecretKey(decodeSafe(key)) ? `${sep}${key}=${REDACTED}` : match,
  );
  // user:password@host in a URL, with or without a scheme.
  out = out.replace(/(^|[\s"'(=]|\/\/)([^\s"'/:@()]+):([^\s"'/@()]+)@(?=[^\s"'/@])/g, `$1${REDACTED}@`);
  return out;
}

/** A deep copy of a JSON-like value with secret-named keys masked and `text` applied to strings. */
export function redactValue<T>(value: T, text: (s: string) => string = redactText, depth = 0): T {
  if (depth > 32) return value;
  if (typeof value === 'string') return text(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, text, depth + 1)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = isSecretKey(k) && v != null ? REDACTED : redactValue(v, text, depth + 1);
    return out as T;
  }
  return value;
}

export function isSecretHeader(name: string): boolean {
  return /^(authorization|cookie|set-cookie|x-api-key)$/i.test(name);
}

/** One client's secrets, and the functions that remove them from anything leaving that client. */
export interface Redactor {
  /** Registers a secret (and the forms it travels in). Short values are ignored. */
  add(secret: string | undefined | null): void;
  text(text: string): string;
  value<T>(value: T): T;
  headers(headers: Headers): Record<string, string>;
  /**
   * Removes secrets from every property of an error (message, stack, url, template, parameters,
   * errors[], body, raw, hint) and from its cause chain, in place; returns it. For the error path
   * only: a successful call never pays for it.
   */
  error<E>(error: E): E;
}

export function createRedactor(): Redactor {
  const secrets = new Set<string>();
  // Longest first, so a secret that contains another is replaced whole.
  let ordered = longestFirst(secrets);

  function text(input: string): string {
    let out = input;
    for (const secret of ordered) out = out.replaceAll(secret, REDACTED);
    return redactText(out);
  }

  function value<T>(input: T): T {
    return redactValue(input, text);
  }

  function scrub(target: unknown, seen: Set<unknown>): void {
    if (!target || typeof target !== 'object' || seen.has(target) || seen.size > 16) return;
    seen.add(target);
    const keys = new Set(Object.getOwnPropertyNames(target));
    // The cause is done below, wherever it is (own, inherited or behind a getter).
    // Stryker disable next-line CallExpression,StringLiteral: doing it here as well gives the same result (an error scrubbed once, anything else redacted idempotently); only the order of visits would change, which matters only past the 16-object bound
    keys.delete('cause');
    for (const key of keys) {
      // By descriptor, so a getter is not run (an accessor's descriptor has no value: nothing changes).
      const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
      const before: unknown = descriptor.value;
      const after = before instanceof Error ? (scrub(before, seen), before) : value(before);
      if (after !== before) Object.defineProperty(target, key, { ...descriptor, value: after });
    }
    // Read as a property: a cause may be inherited or behind a getter. Anything but an error becomes
    // an own, redacted copy, shaped as the Error constructor makes a cause.
    const cause = (target as { cause?: unknown }).cause;
    if (cause instanceof Error) scrub(cause, seen);
    else if (cause !== undefined) Object.defineProperty(target, 'cause', { value: value(cause), writable: true, configurable: true, enumerable: false });
  }

  return {
    add(secret) {
      if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH || secrets.has(secret)) return;
      // No form is shorter than the secret itself, so none is short enough to mask ordinary words.
      for (const form of encodedForms(secret)) secrets.add(form);
      ordered = longestFirst(secrets);
    },
    text,
    value,
    headers(headers) {
      const out: Record<string, string> = {};
      headers.forEach((v, key) => {
        out[key] = isSecretHeader(key) ? REDACTED : text(v);
      });
      return out;
    },
    error(error) {
      scrub(error, new Set());
      return error;
    },
  };
}

function longestFirst(secrets: Set<string>): string[] {
  return [...secrets].sort((a, b) => b.length - a.length);
}

/**
 * A text sink (a CLI's stdout or stderr) whose every write first passes through `redact`, so no
 * output path, text or --json, success or failure, can print a secret the client holds.
 */
export function redactingSink(sink: { write(text: string): unknown }, redact: (text: string) => string): { write(text: string): unknown } {
  return { write: (text) => sink.write(redact(text)) };
}

/**
 * The forms a value takes on its way into a message or an output: a query string (percent- and
 * form-encoded), a JSON document as JavaScript and as PHP's json_encode write it (quotes and
 * backslashes escaped; PHP also writes `\/` and `\u00e9`), an HTML page (PHP's htmlspecialchars),
 * base64; and each of those inside a JSON string (a document quoted in another, a CLI's --json of a
 * message that quotes one).
 */
function encodedForms(secret: string): Set<string> {
  const json = (text: string) => JSON.stringify(text).slice(1, -1);
  const phpJson = json(secret).replace(/\//g, '\\/').replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const html = secret.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#039;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const base = [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2), json(secret), phpJson, html, base64(secret)];
  return new Set([...base, ...base.map(json), encodeURIComponent(json(secret))]);
}

/** Standard base64 of the UTF-8 bytes (btoa alone throws past Latin-1): a Basic value, a secret's encoded form. */
export function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  }
  // Stryker disable next-line BlockStatement: a key whose percent-encoding is broken keeps a "%", which no secret name has, so it is not secret whether it comes back as is or as undefined
  catch {
    return text;
  }
}
