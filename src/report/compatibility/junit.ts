// junit.xml of the compatibility report, for CI servers that read JUnit: one test case per defect
// (suite "defects", worst first) and one per (operation, check) cell that ran (suite "cells"), from
// the same report.json as the page. A new failure is a <failure>, a known one (baseline) a
// <skipped> that says so, as are Unsupported, Skip and Disabled cells: only what fails the gate
// is red. Playwright's own junit.xml (one case per test) stays beside it in the report folder.
import { formatEvidence } from '../../checks/evidence.js';
import type { CompatibilityReport, Defect } from './types.js';

function x(s: string | number): string {
  // XML 1.0 allows no control characters but tab, newline and carriage return.
  // eslint-disable-next-line no-control-regex
  return String(s).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function defectText(d: Defect): string {
  const lines = [
    `${d.id} · ${d.severity} · signature: ${d.signature}`,
    `operations: ${d.operations.join(', ')}`,
    `cells: ${d.cells.map((c) => `${c.operation} · ${c.check}${c.beyondBaseline ? ' (beyond the baseline: fails the gate)' : c.tolerated ? ' (beyond the baseline: spread tolerated)' : ''}`).join(', ')}`,
  ];
  if (d.reproduction.curl) lines.push(`reproduce: ${d.reproduction.curl}`);
  if (d.reproduction.replay) lines.push(`again: ${d.reproduction.replay}`);
  if (d.example?.evidence) lines.push('', formatEvidence(d.example.evidence));
  return lines.join('\n');
}

function defectCase(d: Defect): string {
  const name = x(`#${d.rank} ${d.title} [${d.id}]`);
  // A known defect that reached cells the baseline does not name fails there: a failure, not a skip.
  const body = d.known && !d.cells.some((c) => c.beyondBaseline) ? `<skipped message="${x(`known defect (baseline): ${d.reason ?? ''}`)}"/>` : `<failure message="${x(d.title)}" type="defect">${x(defectText(d))}</failure>`;
  return `    <testcase classname="defects.${x(d.kind)}" name="${name}">${body}</testcase>`;
}

export function renderJUnit(r: CompatibilityReport): string {
  const failures = new Map([...r.failures, ...r.other].map((c) => [`${c.operation}\u0000${c.check}`, c]));
  const skipped = new Map([...r.unsupported].map((c) => [`${c.operation}\u0000${c.check}`, c]));
  const cellCases: string[] = [];
  let cellFailures = 0;
  let cellSkipped = 0;
  for (const row of r.operations) {
    for (const [check, outcome] of Object.entries(row.cells)) {
      const key = `${row.id}\u0000${check}`;
      const cell = failures.get(key) ?? skipped.get(key);
      let body = '';
      if (outcome === 'fail' || outcome === 'error') {
        const defects = cell?.defects?.length ? ` (defect ${cell.defects.join(', ')})` : '';
        if (cell?.known) {
          body = `<skipped message="${x(`known deviation (baseline): ${cell.reason ?? ''}${defects}`)}"/>`;
          cellSkipped++;
        } else {
          const f = cell?.findings[0];
          const text = f ? `${f.title}: ${f.message}${f.evidence ? `\n${formatEvidence(f.evidence)}` : ''}` : (cell?.message ?? outcome);
          body = `<${outcome === 'error' ? 'error' : 'failure'} message="${x(`${f?.title ?? outcome}${defects}`)}" type="${outcome}">${x(text)}</${outcome === 'error' ? 'error' : 'failure'}>`;
          cellFailures++;
        }
      } else if (outcome !== 'pass') {
        body = `<skipped message="${x(`${outcome}${cell?.note ? `: ${cell.note}` : ''}`)}"/>`;
        cellSkipped++;
      }
      cellCases.push(`    <testcase classname="cells.${x(row.group)}.${x(row.id)}" name="${x(check)}">${body}</testcase>`);
    }
  }
  const newDefects = r.defects.filter((d) => !d.known).length;
  const knownDefects = r.defects.length - newDefects;
  const tests = r.defects.length + cellCases.length;
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${x(`${r.spec.title} ${r.spec.version}: compatibility`)}" tests="${tests}" failures="${newDefects + cellFailures}" skipped="${knownDefects + cellSkipped}">
  <testsuite name="defects" tests="${r.defects.length}" failures="${newDefects}" skipped="${knownDefects}">
${r.defects.map(defectCase).join('\n')}
  </testsuite>
  <testsuite name="cells" tests="${cellCases.length}" failures="${cellFailures}" skipped="${cellSkipped}">
${cellCases.join('\n')}
  </testsuite>
</testsuites>
`;
}
