// Secrets in answers (OWASP API3:2023, excessive data exposure): no answer carries a field or a
// value that looks like a password or its hash, a token, a session id or a key, whatever the schema
// declares. Pure, over the JSON body. The cause is the field (its path with list positions folded,
// `[].password`), so a list of a hundred customers that each carry a hash is one finding.
import type { Exchange } from '../core/exchange.js';
import type { SecurityFinding } from '../core/security.js';
import { securityFinding } from './finding.js';

/** Field names that hold secrets. */
const SECRET_KEY = /^(?:pass(?:word)?|passwd|pwd|pass(?:word)?_?hash|hashed_?password|secret|client_?secret|api_?key|apikey|private_?key|(?:access|refresh|auth|api|session|reset|remember)_?token|token|session_?id|sess_?id|salt)$/i;
/** Values that are secrets whatever their field: password hashes, JWTs, private keys, cloud keys. */
const SECRET_VALUES: readonly [RegExp, string][] = [
  [/^\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}$/, 'a bcrypt password hash'],
  [/^\$argon2(?:id|i|d)\$/, 'an Argon2 password hash'],
  [/^\$[156]\$[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{22,}$/, 'a crypt(3) password hash'],
  [/^eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}$/, 'a JSON web token'],
  [/-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/, 'a private key'],
  [/^AKIA[0-9A-Z]{16}$/, 'an AWS access key id'],
];
/** A value that carries nothing: empty, a redaction, a boolean-ish flag. */
const EMPTY = /^(?:|\[REDACTED\]|\*+|null|true|false|0|1)$/i;

interface Hit {
  field: string;
  why: string;
  value: string;
}

function walk(v: unknown, at: string, out: Hit[], depth: number): void {
  if (depth > 30 || out.length) return;
  if (Array.isArray(v)) {
    for (const x of v) walk(x, `${at}[]`, out, depth + 1);
    return;
  }
  if (!v || typeof v !== 'object') return;
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    const field = at ? `${at}.${k}` : k;
    if (typeof x === 'string') {
      const value = SECRET_VALUES.find(([re]) => re.test(x));
      if (value) out.push({ field, why: value[1], value: x });
      else if (SECRET_KEY.test(k) && !EMPTY.test(x.trim())) out.push({ field, why: `a value in a field named "${k}"`, value: x });
    } else walk(x, field, out, depth + 1);
    if (out.length) return;
  }
}

export function scanSecrets(ex: Exchange): SecurityFinding[] {
  const json = ex.response.json;
  if (json === undefined || ex.response.status === 0) return [];
  const hits: Hit[] = [];
  walk(json, '', hits, 0);
  const hit = hits[0];
  if (!hit) return [];
  return [
    securityFinding('secret:answer', ex, {
      cause: hit.field,
      title: `a ${ex.response.status} answer carries ${hit.why} (${hit.field})`,
      message: `The answer hands out ${hit.why} in ${hit.field}; no client of the API needs it, and anyone who reads the answer (a log, a cache, another admin tool) can use it. The value is not repeated here.`,
      mask: hit.value,
    }),
  ];
}
