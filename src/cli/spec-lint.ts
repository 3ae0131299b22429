// `npm run spec:lint [-- [spec-file] [--fail-on-findings] [--json]]`: loads SPEC (or the file
// given) with its errata overlay and prints the spec findings grouped by kind, then the applied
// errata. Findings do not change the exit code unless --fail-on-findings is given (for CI); a spec
// that cannot be read at all, or bad configuration, ends with one line and exit code 2.
import path from 'node:path';
import { CONFIG_FIELDS, loadConfigOrExit } from '../config/config.js';
import { printHelpAndExit, variableRows, type Help } from '../core/help.js';
import { SpecLoadError, loadCatalogue } from '../spec/load.js';
import type { Catalogue, SpecFinding } from '../spec/types.js';

const USAGE = 'usage: npm run spec:lint -- [spec-file] [--fail-on-findings] [--json]';

const HELP: Help = {
  usage: 'npm run spec:lint -- [spec-file] [--fail-on-findings] [--json]',
  about: 'Loads SPEC (or the file given) with its errata overlay and prints its findings grouped by kind, then the errata applied.',
  sections: [
    {
      title: 'Options',
      rows: [
        ['[spec-file]', 'the spec to lint instead of SPEC'],
        ['--fail-on-findings', 'exit 1 when there are findings (for CI)'],
        ['--json', 'print JSON: the spec, its operation count, findings and errata'],
        ['--help, -h', 'this help; loads nothing'],
      ],
    },
    { title: 'Variables', rows: variableRows(CONFIG_FIELDS.filter((f) => ['SPEC', 'ERRATA'].includes(f.env))) },
    { title: 'Exit codes', rows: ['0    linted (findings do not fail without --fail-on-findings)', '1    findings, with --fail-on-findings', '2    a bad argument or configuration, or a spec that cannot be read at all'] },
  ],
};

function parseArgs(argv: readonly string[]): { file?: string; failOnFindings: boolean; json: boolean } {
  const out: { file?: string; failOnFindings: boolean; json: boolean } = { failOnFindings: false, json: false };
  for (const a of argv) {
    if (a === '--fail-on-findings') out.failOnFindings = true;
    else if (a === '--json') out.json = true;
    else if (a === '--help' || a === '-h') printHelpAndExit(HELP);
    else if (!a.startsWith('-') && out.file === undefined) out.file = a;
    else {
      process.stderr.write(`spec:lint: unknown argument ${a}\n${USAGE}\n`);
      process.exit(2);
    }
  }
  return out;
}

function render(c: Catalogue): string {
  const lines: string[] = [];
  const dialect = c.info.dialect === 'swagger2' ? `Swagger ${c.info.specVersion}` : `OpenAPI ${c.info.specVersion}`;
  lines.push(`${path.relative(process.cwd(), c.info.file) || c.info.file}: ${c.info.title} ${c.info.version} (${dialect}), ${c.operations.length} operations`);
  const byKind = new Map<string, SpecFinding[]>();
  for (const f of c.findings) byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), f]);
  lines.push('', `Findings: ${c.findings.length}`);
  for (const [kind, list] of [...byKind.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`  ${kind} (${list.length})`);
    for (const f of list) lines.push(`    ${f.pointer || '/'}: ${f.message}${f.operationId ? ` [${f.operationId}]` : ''}`);
  }
  lines.push('', `Errata applied: ${c.errataApplied.length}`);
  for (const a of c.errataApplied) lines.push(`  ${a}`);
  return lines.join('\n');
}

const args = parseArgs(process.argv.slice(2));
const config = loadConfigOrExit(args.file === undefined ? process.env : { ...process.env, SPEC: args.file });
let catalogue: Catalogue;
try {
  catalogue = await loadCatalogue(config.spec, { errata: config.errata });
} catch (err) {
  if (!(err instanceof SpecLoadError)) throw err;
  process.stderr.write(`spec:lint: ${err.message}\n`);
  process.exit(2);
}
if (args.json) {
  const { info, findings, errataApplied } = catalogue;
  process.stdout.write(`${JSON.stringify({ spec: info, operations: catalogue.operations.length, findings, errataApplied }, null, 2)}\n`);
} else {
  process.stdout.write(`${render(catalogue)}\n`);
}
process.exit(args.failOnFindings && catalogue.findings.length > 0 ? 1 : 0);
