// The contract suite's proof run (proof/proof.config.ts: clean, TLS, one project per fault, the
// leaky tests) happens once per self-test run and serves contract-proof.spec.ts and
// redaction.spec.ts, whichever worker asks first; a worker that replaces a failed one, or the
// other file's worker, waits for it and reads the same results.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runProof, type ProofRun } from './proof-run.js';

export const PROOF_USER = 'admin@example.test';
export const PROOF_PASSWORD = 'Proof-Secret-4bT9q';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The runner process: its pid, plus its start time where /proc tells it (pids are reused). */
function runnerKey(): string {
  try {
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return `${process.ppid}-${start ?? ''}`;
  } catch {
    return String(process.ppid);
  }
}

export async function contractProofRun(): Promise<ProofRun> {
  // Workers of one self-test run share the runner as parent.
  const dir = path.join(tmpdir(), `contract-proof-${runnerKey()}`);
  const done = path.join(dir, 'run.json');
  try {
    mkdirSync(dir);
  } catch {
    for (let waited = 0; waited < 600_000; waited += 500) {
      if (existsSync(done)) return JSON.parse(readFileSync(done, 'utf8')) as ProofRun;
      await sleep(500);
    }
    throw new Error(`the proof run in ${dir} did not finish`);
  }
  const run = await runProof('test/harness/proof/proof.config.ts', { RUN_ID: 'rproof', API_USER: PROOF_USER, API_PASSWORD: PROOF_PASSWORD });
  writeFileSync(done, JSON.stringify(run));
  return run;
}
