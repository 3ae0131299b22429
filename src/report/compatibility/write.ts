// Writes the five outputs of reports/compatibility/ from one report object (junit.xml: a case per
// defect and per cell, for CI servers). Every text goes through the redactor once more on its way
// to disk: the evidence was redacted when recorded, and a second pass costs nothing next to a
// leaked password.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Redactor } from '../../client/redact.js';
import { badgeSvg } from './badge.js';
import { badgeLabel } from './meta.js';
import { renderHtml } from './render-html.js';
import { renderJUnit } from './junit.js';
import { renderMarkdown } from './render-md.js';
import { scopedLabel } from './scope.js';
import { SCHEMA_VERSION, type CompatibilityReport } from './types.js';

export const OUTPUT_FILES = ['report.json', 'report.md', 'index.html', 'badge.svg', 'junit.xml'] as const;

export function writeCompatibilityReport(dir: string, report: CompatibilityReport, redactor: Redactor): string[] {
  mkdirSync(dir, { recursive: true });
  const files: Record<(typeof OUTPUT_FILES)[number], string> = {
    'report.json': `${JSON.stringify(report, null, 2)}\n`,
    'report.md': renderMarkdown(report),
    'index.html': renderHtml(report),
    'badge.svg': badgeSvg(
      scopedLabel(badgeLabel(report), report.scope),
      report.score.conformant,
      report.score.inScope,
      report.scope ? `${report.score.inScope} of ${report.score.declared} declared in scope` : undefined,
    ),
    'junit.xml': renderJUnit(report),
  };
  return OUTPUT_FILES.map((name) => {
    const file = path.join(dir, name);
    writeFileSync(file, redactor.text(files[name]));
    return file;
  });
}

export function readCompatibilityReport(file: string): CompatibilityReport {
  const report = JSON.parse(readFileSync(file, 'utf8')) as CompatibilityReport;
  if (report.schemaVersion !== SCHEMA_VERSION) throw new Error(`${file} has report schema ${String(report.schemaVersion)}; this harness reads schema ${SCHEMA_VERSION}`);
  return report;
}
