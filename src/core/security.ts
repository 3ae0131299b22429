// Security findings: what the security pack (src/security/) says about a target, as its own class
// beside Fail and advisory. The vendor's description says nothing of most of it, so a security
// finding never fails a conformance cell and never moves the score; it carries an OWASP API
// Security Top 10 (2023) id and a severity, and the gate takes it only at SECURITY_GATE.
// Plain types every layer reads (the worker's verdict record, the report, the gate).
import type { Evidence } from './finding.js';

/** The OWASP API Security Top 10 (2023) categories the pack maps its checks to. */
export const OWASP_API_2023 = {
  'API2:2023': 'Broken Authentication',
  'API3:2023': 'Broken Object Property Level Authorization',
  'API5:2023': 'Broken Function Level Authorization',
  'API8:2023': 'Security Misconfiguration',
  'API10:2023': 'Unsafe Consumption of APIs',
} as const;
export type OwaspId = keyof typeof OWASP_API_2023;

/** Worst first: the order of the page, the console line and the gate's thresholds. */
export const SECURITY_SEVERITIES = ['high', 'medium', 'low'] as const;
export type SecuritySeverity = (typeof SECURITY_SEVERITIES)[number];

/** At or above which severity a new security finding fails the gate; `off` (the default): never. */
export const SECURITY_GATES = ['off', ...SECURITY_SEVERITIES] as const;
export type SecurityGate = (typeof SECURITY_GATES)[number];

/** Whether a finding of this severity reaches the gate's threshold. */
export function reachesGate(severity: SecuritySeverity, gate: SecurityGate): boolean {
  if (gate === 'off') return false;
  return SECURITY_SEVERITIES.indexOf(severity) <= SECURITY_SEVERITIES.indexOf(gate);
}

export interface SecurityFinding {
  /** What kind of weakness, e.g. `leak:stack-trace`, `header:nosniff`: one check each (src/security/kinds.ts). */
  kind: string;
  owasp: OwaspId;
  severity: SecuritySeverity;
  /**
   * The cause, stable across runs and shops' data: the code place a trace names, the header and
   * value, the cookie's name. With the kind it is the finding's signature, so twenty operations
   * leaking the same frame are one finding, not twenty.
   */
  cause: string;
  /** One line in the shop's terms. */
  title: string;
  /** Why it matters and what was seen. */
  message: string;
  /** The operation whose answer showed it, when the request was sent by operation. */
  operationId?: string;
  /** The answer that showed it: curl (credentials redacted), status, every header, body excerpt. */
  evidence: Evidence;
}

/** `kind | cause`: what the report groups by and the baseline names. */
export function securitySignature(f: Pick<SecurityFinding, 'kind' | 'cause'>): string {
  return `${f.kind} | ${f.cause}`;
}

/**
 * The password of the registree the run makes to try another user's credentials (fixtures/
 * other-user.ts): derived from the run id, so every redactor of the run knows it and scrubs it
 * like the admin's (src/client/redact.ts forConfig), though the account is deleted with the worker.
 */
export function ownUserPassword(runId: string): string {
  return `Qa-${runId}-Other9`;
}
