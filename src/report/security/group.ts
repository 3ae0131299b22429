// The run's security findings, grouped by cause (their signature: kind and cause, as defects are
// grouped by theirs in src/report/defects/), ranked worst first, marked known where the baseline
// names them, and judged by the security gate (SECURITY_GATE). Pure, over the test records.
import { createHash } from 'node:crypto';
import { OWASP_API_2023, reachesGate, SECURITY_SEVERITIES, securitySignature, type OwaspId, type SecurityFinding, type SecurityGate, type SecuritySeverity } from '../../core/security.js';
import type { SecurityBaselineEntry, SecurityReport, SecurityReportFinding } from './types.js';

const TESTS_KEPT = 5;
const OTHER = '(other)';

export function securityId(signature: string): string {
  return `S-${createHash('sha256').update(signature).digest('hex').slice(0, 8)}`;
}

interface Tested {
  title: string;
  file: string;
  line: number;
  security?: readonly SecurityFinding[];
}

/** Every test's security findings, one per signature. */
export function groupSecurity(records: readonly Tested[]): SecurityReportFinding[] {
  const bySig = new Map<string, SecurityReportFinding>();
  for (const rec of records) {
    for (const f of rec.security ?? []) {
      const signature = securitySignature(f);
      let g = bySig.get(signature);
      if (!g) {
        g = { id: securityId(signature), signature, kind: f.kind, owasp: f.owasp, owaspName: OWASP_API_2023[f.owasp], severity: f.severity, cause: f.cause, title: f.title, message: f.message, operations: [], seen: 0, evidence: f.evidence, tests: [] };
        bySig.set(signature, g);
      }
      // The worker keeps an answer's headers and body once per cause and operation (fixtures/verdict.ts):
      // show a finding with them.
      if (!Object.keys(g.evidence.headers).length && Object.keys(f.evidence.headers).length) g.evidence = f.evidence;
      g.seen++;
      const op = f.operationId ?? OTHER;
      if (!g.operations.includes(op)) g.operations.push(op);
      if (g.tests.length < TESTS_KEPT && !g.tests.some((t) => t.title === rec.title)) g.tests.push({ title: rec.title, file: rec.file, line: rec.line });
    }
  }
  const rank = (s: SecuritySeverity): number => SECURITY_SEVERITIES.indexOf(s);
  return [...bySig.values()]
    .map((g) => ({ ...g, operations: [...g.operations].sort() }))
    .sort((a, b) => rank(a.severity) - rank(b.severity) || b.operations.length - a.operations.length || a.signature.localeCompare(b.signature));
}

/** The Security section: the findings marked by the baseline, counted, and the gate at its threshold. */
export function securityReport(findings: readonly SecurityReportFinding[], baseline: readonly SecurityBaselineEntry[], threshold: SecurityGate): SecurityReport {
  const marked = findings.map(({ known: _k, reason: _r, ...f }): SecurityReportFinding => {
    const entry = baseline.find((e) => e.signature === f.signature);
    return entry ? { ...f, known: true, reason: entry.reason } : { ...f };
  });
  const bySeverity = Object.fromEntries(SECURITY_SEVERITIES.map((s) => [s, 0])) as Record<SecuritySeverity, number>;
  const byOwasp: Partial<Record<OwaspId, number>> = {};
  for (const f of marked) {
    bySeverity[f.severity]++;
    byOwasp[f.owasp] = (byOwasp[f.owasp] ?? 0) + 1;
  }
  const failing = marked.filter((f) => !f.known && reachesGate(f.severity, threshold)).map((f) => f.id);
  const unmatched = baseline.filter((e) => !marked.some((f) => f.signature === e.signature));
  return {
    findings: marked,
    counts: { total: marked.length, bySeverity, byOwasp, known: marked.filter((f) => f.known).length },
    gate: { threshold, ok: failing.length === 0, failing, unmatched },
  };
}

/** `Security: 3 findings (1 high, 1 medium, 1 low); gate off (SECURITY_GATE=off).` */
export function securityLine(r: SecurityReport | undefined): string | undefined {
  if (!r) return undefined;
  const c = r.counts;
  const by = SECURITY_SEVERITIES.map((s) => `${c.bySeverity[s]} ${s}`).join(', ');
  const known = c.known ? `, ${c.known} known to the baseline` : '';
  const gate = r.gate.threshold === 'off' ? 'not gated (SECURITY_GATE=off)' : r.gate.ok ? `security gate passed (SECURITY_GATE=${r.gate.threshold})` : `security gate failed: ${r.gate.failing.length} finding(s) at ${r.gate.threshold} or worse not in the baseline (SECURITY_GATE=${r.gate.threshold})`;
  return `Security: ${c.total} finding${c.total === 1 ? '' : 's'} (${by}${known}); ${gate}; never a conformance failure.`;
}
