// reports/fault-matrix.md: the score, every fault with the tests that caught it (and which faults
// an advisory caught) and the defects its failures make in the compatibility report, then everything
// that needs a look (not caught, clean failures, grouping, extra failures, harness errors), never hidden.
import type { FaultVerdict, MatrixResult, TestRef } from './analyse.js';

const SHOWN = 3;

/** `contract/contract-<n> › getCustomers (GET /customers) › should ...` */
export function shortId(id: string): string {
  return id.replace(/^suites\//, '').replace(/\.spec\.ts(?= ›)/, '');
}

function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** The error's gist: its first two lines (`ConformanceError: 1 finding:` alone says nothing). */
function firstLine(s: string | undefined): string {
  return (s ?? '').split('\n').map((l) => l.trim()).filter(Boolean).slice(0, 2).join(' / ').slice(0, 240);
}

function refs(list: TestRef[], max = SHOWN): string {
  const shown = list.slice(0, max).map((r) => `${shortId(r.id)}${r.outcome === 'unsupported' ? ' (Unsupported)' : r.outcome === 'advisory' ? ' (advisory)' : ''}`);
  return list.length > max ? `${shown.join('; ')}; … ${list.length - max} more` : shown.join('; ');
}

function bullets(list: TestRef[], max = 20): string[] {
  const out = list.slice(0, max).map((r) => `  - ${shortId(r.id)} [${r.outcome}]${r.error ? `: ${firstLine(r.error)}` : ''}`);
  if (list.length > max) out.push(`  - … ${list.length - max} more (see fault-matrix.json)`);
  return out;
}

function row(f: FaultVerdict): string {
  const result = f.caught ? `caught${f.shows === 'advisory' ? ' by an advisory' : f.shows === 'security' ? ' by a security finding' : ''} (${f.caughtBy.length})` : '**NOT CAUGHT**';
  const by = f.caught ? refs(f.caughtBy) : f.reason;
  const defects = f.defects.length === 1 ? cell(f.defects[0]?.title ?? '') : `${f.grouping.ok ? '' : '**'}${f.defects.length}${f.grouping.ok ? '' : '**'}`;
  return `| \`${f.fault}\` | ${f.area} | ${f.catches.map((t) => `\`${t}\``).join(' ')} | ${result} | ${cell(by)} | ${defects} |`;
}

export function renderMarkdown(m: MatrixResult): string {
  const out: string[] = [];
  out.push('# Fault matrix', '');
  out.push(`**${m.summary}**${m.ok ? '' : ' (FAILED)'}`, '');
  const mode = m.settings.quick ? 'quick (one fault per area)' : m.settings.only.length ? `only ${m.settings.only.join(', ')}` : 'every fault';
  out.push(`Generated ${m.generatedAt} in ${(m.durationMs / 1000).toFixed(0)} s; ${mode}; PROFILE=${m.settings.profile}, FC_RUNS=${m.settings.fcRuns}${m.settings.fcSeed !== undefined ? `, FC_SEED=${m.settings.fcSeed}` : ''}.`);
  out.push(
    'Each fault runs the reference shop with that one fault on, and the tests carrying its expected tags plus a smoke set. A fault is caught when one of its tagged tests fails (or turns Unsupported) while the same test passes on the clean shop.',
    "A fault that breaks only a demand the vendor does not describe (`shows: 'advisory'`) is caught instead when a tagged test records an advisory finding of one of its rules/checks with it on and none on the clean shop, and no tagged test fails over it; an advisory never catches a fault that expects a Fail.",
    "A weakness of a deployment (`shows: 'security'`, issue 33) is caught the same way by a security finding of one of the kinds it names (`finds`); the clean shop must have no security finding at all.",
    '',
  );

  if (m.errors.length) {
    out.push('## Run errors', '');
    for (const e of m.errors) out.push('```', e, '```');
    out.push('');
  }

  out.push('## Clean shop', '');
  for (const c of m.clean) out.push(`- \`${c.project}\`: ${c.ran} tests, ${c.failures.length} failed${c.security?.length ? `, ${c.security.length} with security findings (the clean shop must have none)` : ''}`, ...bullets(c.failures), ...bullets(c.security ?? []));
  out.push('');

  out.push('## Faults', '', '| Fault | Area | Expected tags | Result | Caught by / why not | Defect in the compatibility report |', '|---|---|---|---|---|---|');
  for (const f of m.faults) out.push(row(f));
  out.push('');

  const advisory = m.faults.filter((f) => f.shows === 'advisory' && f.caught);
  if (advisory.length) {
    out.push('## Caught by advisories', '', 'Faults that break only a demand the vendor does not describe; a tagged test reported each as an advisory (never a Fail):', '');
    for (const f of advisory) out.push(`- \`${f.fault}\` (${f.description}): ${cell(refs(f.caughtBy))}`);
    out.push('');
  }

  const missed = m.faults.filter((f) => !f.caught);
  if (missed.length) {
    out.push('## Not caught', '');
    for (const f of missed) {
      out.push(`- \`${f.fault}\` (${f.description}) ${f.reason}.`);
      out.push(...bullets(f.failedInstead, 5));
      out.push(...bullets(f.harnessErrors, 5));
    }
    out.push('');
  }

  const grouped = m.faults.filter((f) => f.defects.length !== 1);
  if (grouped.length) {
    out.push('## Grouping: faults that make more or fewer than one defect', '', 'The compatibility report groups every Fail into defects by signature; each fault should make exactly one, or say why not (test/faults/defect-reasons.ts).', '');
    for (const f of grouped) {
      out.push(`- \`${f.fault}\`: ${f.grouping.ok ? '' : '**'}${f.grouping.note}${f.grouping.ok ? '' : '**'}`);
      out.push(...f.defects.slice(0, 8).map((d) => `  - ${d.id} ${cell(d.title)} (${d.tests} test(s))`));
    }
    out.push('');
  }

  const extra = m.faults.filter((f) => f.extraFailures.length);
  if (extra.length) {
    out.push('## Extra failures', '', 'Tests without the fault\'s expected tags that failed with it on (the fault breaks more than its rule, or a test is sensitive to it):', '');
    for (const f of extra) out.push(`- \`${f.fault}\`: ${f.extraFailures.length}`, ...bullets(f.extraFailures, 10));
    out.push('');
  }

  const harness = m.faults.filter((f) => f.caught && f.harnessErrors.length);
  if (harness.length) {
    out.push('## Harness errors under faults', '', 'Tagged tests that ended in a harness error or timeout (not counted as catching):', '');
    for (const f of harness) out.push(`- \`${f.fault}\`: ${f.harnessErrors.length}`, ...bullets(f.harnessErrors, 5));
    out.push('');
  }
  return `${out.join('\n')}\n`;
}
