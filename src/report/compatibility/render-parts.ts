// Small parts of the page (src/report/compatibility/render-html.ts) that its sections share: an
// outcome's pill, an operation's label, a finding with its evidence, a cell's tests.
import type { Outcome } from '../../core/finding.js';
import { formatEvidence } from '../../checks/evidence.js';
import { OUTCOME_COLOUR } from './colours.js';
import { esc } from './escape.js';
import type { ReportFinding } from './test-record.js';
import type { CellReport } from './rows.js';
import type { CompatibilityReport } from './types.js';

export function pill(text: string, colour: string): string {
  return `<span class="pill" style="background:${colour}">${esc(text)}</span>`;
}

export function outcomePill(o: Outcome): string {
  return pill(o, OUTCOME_COLOUR[o]);
}

export function opLabel(report: CompatibilityReport, id: string): string {
  const row = report.operations.find((r) => r.id === id);
  return row && row.method ? `${row.method} ${row.path}` : '';
}

export function findingHtml(f: ReportFinding): string {
  const head = `<div class="finding"><strong>${esc(f.title)}</strong> <span class="muted">(${esc(f.outcome)}, ${esc(f.severity)})</span><div>${esc(f.message)}</div></div>`;
  return f.evidence ? `${head}\n<pre class="evidence">${esc(formatEvidence(f.evidence))}</pre>` : head;
}

export function testsHtml(cell: CellReport): string {
  if (!cell.tests.length) return '';
  const items = cell.tests.slice(0, 5).map((t) => `<li><code>${esc(t.title)}</code> <span class="muted">${esc(t.file)}:${t.line}</span></li>`);
  return `<ul class="muted">${items.join('')}${cell.tests.length > 5 ? `<li>… ${cell.tests.length - 5} more</li>` : ''}</ul>`;
}

export function listOrNone(items: string[], none: string): string {
  return items.length ? items.join('\n') : `<p class="muted">${esc(none)}</p>`;
}
