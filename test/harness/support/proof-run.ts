// Runs a proof config (a Playwright config that runs suites against in-process reference shops,
// clean and with faults) as a child process with its own REPORT_DIR, and reads back every test's
// result from the JSON reporter: project, own title, tags, status and the outcome annotation.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../src/config/config.js';

export interface ProofTest {
  project: string;
  /** The test's own title (no describe titles). */
  title: string;
  tags: string[];
  status: string;
  /** The `outcome` annotation (pass, fail, skip, disabled, ...), when the test set one. */
  outcome: string | undefined;
  /** Skip reasons and other annotations, `type: description`. */
  notes: string[];
  /** First line of the first error, for failure messages. */
  error: string | undefined;
}

export interface ProofRun {
  reportDir: string;
  tests: ProofTest[];
  output: string;
  exitCode: number | null;
}

interface JsonResult {
  status: string;
  errors?: { message?: string }[];
}
interface JsonTest {
  projectName: string;
  annotations: { type: string; description?: string }[];
  results: JsonResult[];
}
interface JsonSpec {
  title: string;
  tags: string[];
  tests: JsonTest[];
}
interface JsonSuite {
  specs: JsonSpec[];
  suites?: JsonSuite[];
}

function flatten(suites: readonly JsonSuite[], out: ProofTest[] = []): ProofTest[] {
  for (const s of suites) {
    for (const spec of s.specs) {
      for (const t of spec.tests) {
        const r = t.results[0];
        out.push({
          project: t.projectName,
          title: spec.title,
          tags: spec.tags.map((x) => (x.startsWith('@') ? x : `@${x}`)),
          status: r?.status ?? 'none',
          outcome: t.annotations.find((a) => a.type === 'outcome')?.description,
          notes: t.annotations.map((a) => `${a.type}: ${a.description ?? ''}`),
          error: r?.errors?.[0]?.message?.split('\n').find((l) => l.trim() !== ''),
        });
      }
    }
    flatten(s.suites ?? [], out);
  }
  return out;
}

/** Runs `playwright test -c <config> ...args` (config relative to the project) with `env` on top of the harness defaults. */
export async function runProof(config: string, env: Record<string, string> = {}, args: readonly string[] = []): Promise<ProofRun> {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'proof-'));
  const cli = path.join(PROJECT_ROOT, 'node_modules/@playwright/test/cli.js');
  const child = spawn(process.execPath, [cli, 'test', '-c', config, ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, BASE_URL: '', REPORT_DIR: reportDir, PROFILE: 'standard', FORCE_COLOR: '0', ...env },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const file = path.join(reportDir, 'results.json');
  const tests = existsSync(file) ? flatten((JSON.parse(readFileSync(file, 'utf8')) as { suites: JsonSuite[] }).suites) : [];
  return { reportDir, tests, output, exitCode };
}
