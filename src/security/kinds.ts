// The security pack's checks, one kind each: its OWASP API Security Top 10 (2023) id, its
// severity and what it looks for. The one home of these; scanners, probes, faults and the report
// name a kind and read the rest here.
import type { OwaspId, SecuritySeverity } from '../core/security.js';

export interface SecurityKind {
  owasp: OwaspId;
  severity: SecuritySeverity;
  /** What the check looks for, in one line (the page's legend, `--help`). */
  about: string;
}

export const SECURITY_KINDS = {
  // Leaks in answers (API8): scanned in every answer the run receives, no request of their own.
  'leak:stack-trace': { owasp: 'API8:2023', severity: 'medium', about: 'an answer carries stack frames (a trace array, "#0 file(line)" lines, "at x (file:line)")' },
  'leak:server-path': { owasp: 'API8:2023', severity: 'medium', about: "an answer names a file of the server's code by its absolute path" },
  'leak:class-name': { owasp: 'API8:2023', severity: 'low', about: "an error text names the implementation's classes or methods (Class::method(), a language type error)" },
  'leak:sql': { owasp: 'API8:2023', severity: 'medium', about: 'an answer carries SQL text or a database driver message (SQLSTATE, "syntax error near")' },
  'leak:version-header': { owasp: 'API8:2023', severity: 'low', about: 'X-Powered-By or Server discloses a software version' },
  'cookie:session': { owasp: 'API8:2023', severity: 'low', about: 'an answer of the stateless Basic-auth API sets a cookie' },
  // Secrets in answers (API3): fields or values that look like password hashes, tokens, session ids or keys.
  'secret:answer': { owasp: 'API3:2023', severity: 'high', about: 'an answer carries a password (hash), token, session id or key, whatever the schema says' },
  // Headers (API8): what every answer of an API holding personal data should say.
  'header:nosniff': { owasp: 'API8:2023', severity: 'low', about: 'a JSON answer lacks X-Content-Type-Options: nosniff' },
  'header:cache-control': { owasp: 'API8:2023', severity: 'medium', about: "an answer with the admin's data lets caches keep it (no Cache-Control: no-store)" },
  'header:hsts': { owasp: 'API8:2023', severity: 'medium', about: 'an answer over https lacks Strict-Transport-Security (or sets max-age=0)' },
  // Other credentials refused (API2 / API5): a non-admin user's credentials on one read per resource.
  'auth:other-user-accepted': { owasp: 'API5:2023', severity: 'high', about: "a non-admin user's credentials (SECOND_USER, or a registree the run made) are answered otherwise than 401/403" },
  // Injection-shaped input (API8 / API10): fixed inert classes in sort, fields, search and path ids.
  'inject:server-error': { owasp: 'API8:2023', severity: 'medium', about: 'an injection-shaped value (quote, comment, keyword expression, traversal, NUL, overlong) is answered 5xx' },
  'inject:reflected': { owasp: 'API8:2023', severity: 'low', about: 'an injection-shaped value is repeated in the error text' },
  'inject:more-records': { owasp: 'API10:2023', severity: 'high', about: 'an injection-shaped search value returns records a plain unknown value does not' },
  // Mass assignment (API3): a create's readOnly fields (counters, dates) are not stored.
  'assign:read-only-stored': { owasp: 'API3:2023', severity: 'medium', about: 'a create stores a field the spec marks readOnly (a counter or date only the shop may set)' },
  'header:cors': { owasp: 'API8:2023', severity: 'high', about: 'an unknown Origin is echoed in Access-Control-Allow-Origin with credentials allowed' },
} as const satisfies Record<string, SecurityKind>;

export type SecurityKindName = keyof typeof SECURITY_KINDS;
