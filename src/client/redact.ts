// Redaction: credentials must never reach an artefact. Every place that turns a request into text
// (evidence, curl, errors, reporter output) goes through these helpers, and the redacting reporter
// applies the same secret list to whatever Playwright itself produced.
import { ownUserPassword } from '../core/security.js';

export const REDACTED = '[REDACTED]';

/** Header names whose values are secrets whatever they contain. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);

/**
 * Shortest secret that is scrubbed from free text. Redacting a one- or two-letter password would
 * garble every report while protecting nothing; such a password is rejected nowhere, only not
 * searched for in prose (headers are still redacted by name).
 */
export const MIN_SECRET_LENGTH = 4;

function b64(s: string): string {
  return Buffer.from(s, 'utf8').toString('base64');
}

/** Every textual form in which the credentials could leak: plain, Basic token, URL-encoded, JSON-escaped. */
export function secretForms(user: string, password: string): string[] {
  const forms = new Set<string>();
  const add = (s: string): void => {
    if (s.length >= MIN_SECRET_LENGTH) forms.add(s);
  };
  add(password);
  add(encodeURIComponent(password));
  add(JSON.stringify(password).slice(1, -1));
  const token = b64(`${user}:${password}`);
  add(token);
  // The token without padding, as some tools print it.
  add(token.replace(/=+$/, ''));
  add(b64(password));
  add(encodeURIComponent(`${user}:${password}`));
  // Longest first so a token is replaced whole before a substring of it could be.
  return [...forms].sort((a, b) => b.length - a.length);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A reusable scrubber for one set of secrets. */
export class Redactor {
  private readonly pattern: RegExp;

  constructor(readonly secrets: readonly string[]) {
    const parts = secrets.filter((s) => s.length >= MIN_SECRET_LENGTH).map(escapeRegExp);
    // Basic/Bearer tokens are scrubbed whatever they contain: a wrong-credential probe carries one too.
    parts.push('(?<=\\b(?:Basic|Bearer)\\s+)[A-Za-z0-9+/=._~-]{6,}');
    this.pattern = new RegExp(parts.join('|'), 'g');
  }

  static forCredentials(user: string, password: string): Redactor {
    return new Redactor(secretForms(user, password));
  }

  /** The configured credentials, and the second user's when SECOND_USER/SECOND_PASSWORD are set. */
  static forConfig(c: { apiUser: string; apiPassword: string; secondUser?: string | undefined; secondPassword?: string | undefined; runId?: string }): Redactor {
    const second = c.secondUser !== undefined && c.secondPassword !== undefined ? secretForms(c.secondUser, c.secondPassword) : [];
    // The registree the run makes for the security pack has a password derived from the run id.
    const own = c.runId !== undefined ? [ownUserPassword(c.runId)] : [];
    return new Redactor([...new Set([...secretForms(c.apiUser, c.apiPassword), ...second, ...own])].sort((a, b) => b.length - a.length));
  }

  text(s: string): string {
    return s.replace(this.pattern, REDACTED);
  }

  /** True when the text still contains a secret (used by tests and the artefact scan). */
  leaks(s: string): boolean {
    return this.secrets.some((secret) => secret.length >= MIN_SECRET_LENGTH && s.includes(secret));
  }

  headers(h: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(h)) out[k] = SECRET_HEADERS.has(k.toLowerCase()) ? redactHeaderValue(k, v) : this.text(v);
    return out;
  }

  /** Deep copy of a JSON-like value with every string scrubbed. */
  value<T>(v: T): T {
    if (typeof v === 'string') return this.text(v) as T;
    if (Array.isArray(v)) return v.map((x: unknown) => this.value(x)) as T;
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = this.value(x);
      return out as T;
    }
    return v;
  }
}

/** Keeps the scheme of an Authorization header (useful evidence) and drops the credentials. */
export function redactHeaderValue(name: string, value: string): string {
  if (/^(proxy-)?authorization$/i.test(name)) {
    const scheme = /^\s*(\S+)\s+/.exec(value)?.[1];
    return scheme ? `${scheme} ${REDACTED}` : REDACTED;
  }
  // A cookie's name and attributes are evidence (the security pack names the cookie an API sets);
  // its value, a session id, is not kept. Repeated headers arrive joined with ", ".
  if (/^set-cookie$/i.test(name)) return value.replace(/(^|,\s*)([!#$%&'*+\-.^_`|~0-9A-Za-z]+)=[^;,]*/g, `$1$2=${REDACTED}`);
  return REDACTED;
}
