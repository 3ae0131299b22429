// The page's response-time and coverage sections, from report.json's `latency` and
// `coverage` (latency.ts, coverage.ts): kept apart from render-html.ts, which lays out the page.
import type { ResponseBudgets } from '../../config/budgets.js';
import { OUTCOME_COLOUR } from './colours.js';
import { esc } from './escape.js';
import type { CoverageReport, OperationCoverage } from './coverage.js';
import type { LatencyReport, OperationLatency } from './latency.js';
import type { CompatibilityReport } from './types.js';

/** Rows shown before the rest folds into a <details>. */
const SHOWN = 20;
/** Items of a list shown in a cell before "… n more". */
const LIST = 12;

export const FIGURES_CSS = `
table.latency td.n, table.coverage td.n { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
tr.over td { background: #fff3e0; }
.bar { display: inline-block; height: 8px; background: #43a047; border-radius: 2px; vertical-align: middle; }
.bar.back { background: var(--line); width: 80px; position: relative; }
.bar.back .bar { position: absolute; left: 0; top: 0; }
`;

export function budgetsText(b: ResponseBudgets): string {
  const base = b.default ? `MAX_RESPONSE_MS=${b.default} ms` : 'MAX_RESPONSE_MS=0 (no budget)';
  const more = Object.entries(b.overrides).map(([k, v]) => `${k} ${v ? `${v} ms` : 'none'}`);
  return more.length ? `${base}; RESPONSE_BUDGETS: ${more.join(', ')}` : base;
}

function pill(text: string, colour: string): string {
  return `<span class="pill" style="background:${colour}">${esc(text)}</span>`;
}

function latencyRow(o: OperationLatency): string {
  const budget = o.budgetMs ? `${o.budgetMs} ms` : 'none';
  const check = o.check ? pill(o.check, OUTCOME_COLOUR[o.check]) : '<span class="muted">not run</span>';
  return `<tr class="${o.overBudget ? 'over' : ''}" data-operation="${esc(o.operation)}"><td><code>${esc(o.operation)}</code></td><td>${esc(o.group)}</td><td class="n">${o.count}</td><td class="n">${o.p50}</td><td class="n">${o.p95}</td><td class="n">${o.max}</td><td class="n" title="${esc(o.budgetSource)}">${esc(budget)}</td><td>${check}</td></tr>`;
}

function latencyTable(rows: readonly OperationLatency[]): string {
  return `<table class="latency"><tr><th>operation</th><th>group</th><th>answers</th><th>p50 ms</th><th>p95 ms</th><th>max ms</th><th>budget</th><th>responseTime</th></tr>${rows.map(latencyRow).join('')}</table>`;
}

export function latencyHtml(r: CompatibilityReport): string {
  const l: LatencyReport | undefined = r.latency;
  if (!l) return '';
  const over = l.operations.filter((o) => o.overBudget);
  const failing = l.operations.filter((o) => o.check === 'fail');
  const head = `<h2 id="latency">Response times (${l.operations.length} operations, ${l.answers} answers)</h2>
<p class="muted">${esc(l.definition)}</p>
<p id="latency-budget">Budget: ${esc(budgetsText(l.budgets))}. ${over.length ? `<strong>${over.length} operation(s) over their budget over the run's answers</strong>` : 'No operation is over its budget over the run\'s answers'}; the responseTime check failed ${failing.length}.</p>`;
  if (!l.operations.length) return `${head}\n<p class="muted">No answer was timed.</p>`;
  const rest = l.operations.slice(SHOWN);
  const slowest = l.slowest
    .map((s) => `<tr data-operation="${esc(s.operation)}"><td class="n">${s.durationMs} ms</td><td><code>${esc(s.operation)}</code></td><td class="n">${s.status}</td><td>${esc(s.label ? `${s.intent}: ${s.label}` : s.intent)}</td><td><code>${esc(s.curl)}</code></td></tr>`)
    .join('');
  return `${head}
${latencyTable(l.operations.slice(0, SHOWN))}
${rest.length ? `<details><summary>${rest.length} more operation(s), slower p95 first</summary>${latencyTable(rest)}</details>` : ''}
<h3 id="latency-slowest" style="margin-top:14px">The slowest answers of the run</h3>
<table class="latency"><tr><th>took</th><th>operation</th><th>status</th><th>request</th><th>curl (credentials redacted)</th></tr>${slowest}</table>`;
}

function list(items: readonly string[]): string {
  if (!items.length) return '<span class="muted">none</span>';
  const shown = items.slice(0, LIST).map((i) => `<code>${esc(i)}</code>`).join(' ');
  return items.length > LIST ? `${shown} <span class="muted">… ${items.length - LIST} more</span>` : shown;
}

function bar(percent: number): string {
  return `<span class="bar back"><span class="bar" style="width:${Math.round(Math.max(0, Math.min(100, percent)) * 0.8)}px"></span></span>`;
}

function coverageRow(o: OperationCoverage): string {
  const never = [...o.statuses.never.map((s) => `status ${s}`), ...o.params.never, ...o.fields.never];
  return `<tr data-operation="${esc(o.operation)}"><td><code>${esc(o.operation)}</code>${o.unsupported ? ' <span class="muted">(unsupported: counts 0)</span>' : ''}</td><td class="n">${o.percent}%</td><td class="n">${o.met}/${o.items}</td><td>${list(o.statuses.observed)}${o.undeclared.length ? ` <span class="muted">undeclared: ${esc(o.undeclared.join(', '))}</span>` : ''}</td><td>${list(never)}</td></tr>`;
}

export function coverageHtml(r: CompatibilityReport): string {
  const c: CoverageReport | undefined = r.coverage;
  if (!c) return '';
  const min = c.min === undefined ? '' : `<div class="gate ${c.belowMin ? 'bad' : 'ok'}" id="coverage-min">MIN_COVERAGE=${c.min}%: ${c.belowMin ? `the index is below it; the run fails` : 'the index is at or above it'}.</div>`;
  const groups = c.groups
    .map((g) => `<tr data-group="${esc(g.name)}"><td><strong>${esc(g.name)}</strong></td><td class="n">${g.operations}</td><td class="n">${g.index}%</td><td>${bar(g.index)}</td><td class="n">${g.score}%</td></tr>`)
    .join('');
  const byGroup = c.groups
    .map((g) => {
      const ops = c.operations.filter((o) => o.group === g.name);
      return `<details><summary><strong>${esc(g.name)}</strong> <span class="muted">${g.index}% covered, score ${g.score}%</span></summary><table class="coverage"><tr><th>operation</th><th>coverage</th><th>items met</th><th>statuses answered</th><th>never provoked / never sent</th></tr>${ops.map(coverageRow).join('')}</table></details>`;
    })
    .join('\n');
  return `<h2 id="coverage">Coverage: index ${c.index}%, score ${c.score}%</h2>
<p class="muted">How much of the description this run could judge on this target. ${esc(c.definition)}</p>
${min}
<table class="coverage" id="coverage-groups"><tr><th>group</th><th>operations</th><th>coverage index</th><th></th><th>score</th></tr>${groups}<tr><td><strong>whole run</strong></td><td class="n">${c.operations.length}</td><td class="n" id="coverage-index">${c.index}%</td><td>${bar(c.index)}</td><td class="n">${c.score}%</td></tr></table>
${byGroup}`;
}
