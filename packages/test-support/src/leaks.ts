/**
 * The leak finder of the secret-echo suites (both packages): every text an error or a hook event
 * exposes, and every form a secret travels in. A case is (a secret, a form, a surface); a test that
 * finds one fails with the list.
 */
import { inspect } from 'node:util';

/**
 * A secret in the forms a server may echo it: raw, percent-, form- and JSON-escaped (as JavaScript
 * and as PHP's json_encode writes it: `\/` and `\u00e9`), JSON-escaped twice (a JSON document quoted
 * inside another, or a CLI's --json of a message that quotes one), HTML-escaped (PHP's
 * htmlspecialchars) and base64. Written here independently of the SDK's redactor, so a form the
 * redactor forgets is a failing case, not a shared blind spot.
 */
function secretForms(secret: string): { form: string; text: string }[] {
  const percent = encodeURIComponent(secret);
  const formEncoded = new URLSearchParams({ s: secret }).toString().slice(2);
  const json = JSON.stringify(secret).slice(1, -1);
  const phpJson = json.replace(/\//g, '\\/').replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const html = secret.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#039;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const base64 = Buffer.from(secret).toString('base64');
  const forms = [
    { form: 'raw', text: secret },
    { form: 'percent', text: percent },
    { form: 'form', text: formEncoded },
    { form: 'json', text: json },
    { form: 'php-json', text: phpJson },
    { form: 'json-twice', text: JSON.stringify(json).slice(1, -1) },
    { form: 'html', text: html },
    { form: 'base64', text: base64 },
  ];
  // A form equal to an earlier one (a secret with nothing to escape) is one case, not two.
  return forms.filter((f, i) => forms.findIndex((g) => g.text === f.text) === i);
}

/** Echo text holding every secret in every form, as an adversarial server or proxy would send it. */
export function echoOf(secrets: Record<string, string>): string {
  return Object.values(secrets)
    .flatMap((secret) => secretForms(secret).map((f) => f.text))
    .join(' | ');
}

const PROPERTIES = ['message', 'stack', 'parameters', 'body', 'template', 'raw', 'errors', 'hint', 'url', 'location', 'fullBody', 'bodyText'];

/** Every surface of an error, its own properties and its cause chain, by name. */
export function errorSurfaces(error: unknown, path = 'error', depth = 0): Record<string, string> {
  if (!(error instanceof Error) || depth > 6) return { [path]: typeof error === 'string' ? error : inspect(error, { depth: 12 }) };
  const out: Record<string, string> = {
    [`${path}.message`]: error.message,
    [`${path}.stack`]: error.stack ?? '',
    [`String(${path})`]: String(error),
    [`JSON(${path})`]: JSON.stringify(error) ?? '',
    [`inspect(${path})`]: inspect(error, { depth: 12 }),
  };
  for (const key of new Set([...PROPERTIES, ...Object.keys(error)])) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (value === undefined) continue;
    out[`${path}.${key}`] = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  }
  if (error.cause !== undefined) Object.assign(out, errorSurfaces(error.cause, `${path}.cause`, depth + 1));
  return out;
}

/** Hook events as a logger would write them: JSON and util.inspect, errors included. */
export function eventSurfaces(events: readonly unknown[]): Record<string, string> {
  const out: Record<string, string> = {};
  events.forEach((event, i) => {
    out[`event[${i}]`] = inspect(event, { depth: 12 });
    out[`JSON(event[${i}])`] = JSON.stringify(event) ?? '';
    const error = (event as { error?: unknown } | null)?.error;
    if (error !== undefined) Object.assign(out, errorSurfaces(error, `event[${i}].error`));
  });
  return out;
}

/** `secret-name/form in surface` for each secret form found in a surface. */
export function findLeaks(surfaces: Record<string, string>, secrets: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [name, secret] of Object.entries(secrets)) {
    for (const { form, text } of secretForms(secret)) {
      for (const [surface, content] of Object.entries(surfaces)) if (content.includes(text)) found.push(`${name}/${form} in ${surface}`);
    }
  }
  return [...new Set(found)];
}

/** Records what the transport hooks are given. */
export function recordingHooks() {
  const events: unknown[] = [];
  const push = (event: unknown) => void events.push(event);
  return { events, hooks: { onRequest: push, onResponse: push, onRetry: push } };
}
