// The Security section of report.json: the run's security findings grouped by cause, their counts
// by severity and OWASP id, and the security gate. Its own class beside the matrix's Fail cells and
// the advisories: it never moves a cell, an operation's status or the score.
import type { Evidence } from '../../core/finding.js';
import type { OwaspId, SecurityGate, SecuritySeverity } from '../../core/security.js';

/** One cause of a weakness, however many answers and operations showed it. */
export interface SecurityReportFinding {
  /** `S-` and 8 hex digits of the signature: the page's anchor. */
  id: string;
  /** `kind | cause`: stable across runs; what a baseline entry names. */
  signature: string;
  kind: string;
  owasp: OwaspId;
  /** The OWASP category's name. */
  owaspName: string;
  severity: SecuritySeverity;
  cause: string;
  title: string;
  message: string;
  /** Operations whose answers showed it (sorted); `(other)` for requests sent by path. */
  operations: string[];
  /** Answers that showed it, counted once per test and operation. */
  seen: number;
  /** The first answer that showed it: curl with credentials redacted, status, every header, body excerpt. */
  evidence: Evidence;
  /** Tests that met it (the first few). */
  tests: { title: string; file: string; line: number }[];
  /** The baseline names its signature. */
  known?: boolean;
  /** The baseline entry's reason. */
  reason?: string;
}

export interface SecurityBaselineEntry {
  /** A security finding's signature (report.json security.findings[].signature). */
  signature: string;
  reason: string;
}

export interface SecurityGateReport {
  /** SECURITY_GATE of the run: at or above which severity a finding the baseline does not know fails the gate. */
  threshold: SecurityGate;
  ok: boolean;
  /** Ids of findings at or above the threshold that the baseline does not know. */
  failing: string[];
  /** Baseline entries no finding of this run matched. */
  unmatched: SecurityBaselineEntry[];
}

export interface SecurityReport {
  /** Worst first: severity, then the number of operations. */
  findings: SecurityReportFinding[];
  counts: { total: number; bySeverity: Record<SecuritySeverity, number>; byOwasp: Partial<Record<OwaspId, number>>; known: number };
  gate: SecurityGateReport;
}
