// The Security section of the compatibility page and of report.md: findings ranked by severity,
// grouped by cause, each with its OWASP id, the operations whose answers showed it, one curl
// (credentials redacted) and the answer with every header. Apart from the matrix: never a cell.
import { formatEvidence } from '../../checks/evidence.js';
import { SECURITY_SEVERITIES, type SecuritySeverity } from '../../core/security.js';
import { esc } from '../compatibility/escape.js';
import { pill } from '../compatibility/render-parts.js';
import type { SecurityReport, SecurityReportFinding } from './types.js';

const COLOUR: Record<SecuritySeverity, string> = { high: '#b71c1c', medium: '#e65100', low: '#546e7a' };
const OPS_SHOWN = 12;

export const SECURITY_CSS = '.security { border-left-color: #6a1b9a; } .security.known { opacity: .8; } table.security-list td { vertical-align: top; }';

function severityPill(s: SecuritySeverity): string {
  return pill(s, COLOUR[s]);
}

function ops(f: SecurityReportFinding): string {
  const shown = f.operations.slice(0, OPS_SHOWN).join(', ');
  return f.operations.length > OPS_SHOWN ? `${shown}, … ${f.operations.length - OPS_SHOWN} more` : shown;
}

function findingHtml(f: SecurityReportFinding): string {
  const known = f.known ? `<p><strong>Known</strong> (baseline): ${esc(f.reason ?? '')}</p>` : '';
  const tests = f.tests.map((t) => `<li><code>${esc(t.title)}</code> <span class="muted">${esc(t.file)}:${t.line}</span></li>`).join('');
  return `<section class="apart security${f.known ? ' known' : ''}" id="${esc(f.id)}" data-security="${esc(f.id)}" data-kind="${esc(f.kind)}" data-severity="${esc(f.severity)}">
<h3>${severityPill(f.severity)} ${esc(f.title)}</h3>
<p class="sig">${esc(f.id)} · ${esc(f.owasp)} ${esc(f.owaspName)} · signature: ${esc(f.signature)}</p>
${known}<p>${esc(f.message)}</p>
<p>${f.operations.length} operation(s), ${f.seen} answer(s): ${esc(ops(f))}.</p>
<p>Reproduce (set <code>API_USER</code> and <code>API_PASSWORD</code> first):</p><pre class="repro-cmd">${esc(f.evidence.curl)}</pre>
<details><summary>The answer (every header)</summary><pre class="evidence">${esc(formatEvidence(f.evidence))}</pre></details>
<ul class="muted">${tests}</ul>
</section>`;
}

export function securityHtml(r: SecurityReport | undefined): string {
  const intro = '<p class="muted">Weaknesses of the deployment, mapped to the OWASP API Security Top 10 (2023), each one cause however many answers showed it, worst first. Their own class: the vendor describes none of this, so they are never a conformance failure and never change the score; <code>SECURITY_GATE</code> decides whether they fail the run.</p>';
  if (!r) return `<h2 id="security">Security</h2>\n${intro}\n<p class="muted">This report was written before the security pack.</p>`;
  const c = r.counts;
  const by = SECURITY_SEVERITIES.map((s) => `${c.bySeverity[s]} ${s}`).join(', ');
  const gate = r.gate.threshold === 'off' ? 'Security gate off (SECURITY_GATE=off): reported, not gated.' : r.gate.ok ? `Security gate passed (SECURITY_GATE=${r.gate.threshold}).` : `Security gate failed (SECURITY_GATE=${r.gate.threshold}): ${r.gate.failing.length} finding(s) not in the baseline: ${r.gate.failing.join(', ')}.`;
  const rows = r.findings.map((f) => `<tr><td>${severityPill(f.severity)}</td><td>${esc(f.owasp)}</td><td><a href="#${esc(f.id)}">${esc(f.title)}</a></td><td class="n">${f.operations.length}</td><td>${f.known ? 'known' : 'new'}</td></tr>`).join('');
  const unmatched = r.gate.unmatched.length ? `<p class="muted">Baseline security entries this run did not meet: ${esc(r.gate.unmatched.map((e) => e.signature).join('; '))}.</p>` : '';
  if (!r.findings.length) return `<h2 id="security">Security (0)</h2>\n${intro}\n<p>${esc(gate)}</p>\n<p class="muted">None: no answer of the run showed a weakness the pack checks.</p>${unmatched}`;
  return `<h2 id="security">Security (${c.total}: ${by})</h2>
${intro}
<p>${esc(gate)}</p>${unmatched}
<table class="security-list"><tr><th>severity</th><th>OWASP</th><th>finding</th><th>operations</th><th>baseline</th></tr>${rows}</table>
${r.findings.map(findingHtml).join('\n')}`;
}

export function securityMd(r: SecurityReport | undefined): string[] {
  if (!r) return [];
  const c = r.counts;
  const out = [`## Security (${c.total}: ${SECURITY_SEVERITIES.map((s) => `${c.bySeverity[s]} ${s}`).join(', ')})`, ''];
  out.push('OWASP API Security Top 10 (2023); never a conformance failure, never in the score. Gate: `SECURITY_GATE=' + r.gate.threshold + '`' + (r.gate.threshold === 'off' ? '.' : r.gate.ok ? ' (passed).' : ` (failed: ${r.gate.failing.join(', ')}).`), '');
  if (!r.findings.length) out.push('None.');
  for (const f of r.findings) {
    out.push(`- **${f.severity}** ${f.owasp} ${f.title} (\`${f.id}\`${f.known ? ', known' : ''}; ${f.operations.length} operation(s): ${ops(f)})`);
    out.push(`  \`${f.evidence.curl.replace(/`/g, "'")}\``);
  }
  out.push('');
  return out;
}
