// Runs one command as a child process and measures it: wall time, the process tree's peak memory
// and CPU (support/proc-tree.ts). Output goes to a log file, not to the bench's own output.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { descendants, TreeSampler, type TreeStats } from './proc-tree.js';

export interface Measured {
  exitCode: number;
  wallMs: number;
  startedAt: number;
  endedAt: number;
  tree: TreeStats;
  /** Stopped at `timeoutMs`: the whole tree was killed. */
  timedOut: boolean;
}

export interface MeasureOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  logFile: string;
  /** Group of a process of the tree from its command line (see TreeSampler). */
  classify?: (cmdline: string) => string;
  /** Stop the command and every process under it after this long (a hung tool must not hang the bench). */
  timeoutMs?: number;
}

export async function measure(command: string, args: readonly string[], opts: MeasureOptions): Promise<Measured> {
  const startedAt = Date.now();
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const sampler = new TreeSampler(child.pid ?? 0, opts.classify).start();
  const log: Buffer[] = [];
  child.stdout.on('data', (b: Buffer) => log.push(b));
  child.stderr.on('data', (b: Buffer) => log.push(b));
  let timedOut = false;
  // The whole tree, read before anything dies (orphans would be re-parented out of it): killing the
  // child alone leaves e.g. Playwright's runner, its workers and its webServer (a process group of
  // its own) running, holding the output pipes open, so the child never counts as closed. Workers
  // stuck in a synchronous loop ignore SIGTERM, hence SIGKILL.
  const killTree = (): void => {
    timedOut = true;
    log.push(Buffer.from(`\n[bench] stopped after ${opts.timeoutMs ?? 0} ms: killing the process tree\n`));
    for (const pid of descendants(child.pid ?? 0).keys()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  };
  const timer = opts.timeoutMs ? setTimeout(killTree, opts.timeoutMs) : undefined;
  const exitCode = await new Promise<number>((resolve) => {
    child.on('error', (err) => {
      log.push(Buffer.from(`\n[bench] could not start ${command}: ${err.message}\n`));
      resolve(127);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
  if (timer) clearTimeout(timer);
  const endedAt = Date.now();
  const tree = sampler.stop();
  writeFileSync(opts.logFile, Buffer.concat(log));
  return { exitCode, wallMs: endedAt - startedAt, startedAt, endedAt, tree, timedOut };
}
