// The floor: lets one worker send requests while every other worker of the run waits, so a
// failure can be replayed *alone* (a failure that shows only when requests overlap is a
// concurrency defect of the target, not a failure of the rule it happened to hit).
//
// Workers are processes, so the floor lives in files under `${reportDir}/floor/`:
//   busy-<pid>   exists while that worker has a request on the wire
//   lock         the pid of the worker holding the floor (created with O_EXCL)
// A worker about to send marks itself busy first and only then looks at the lock; the holder
// takes the lock first and only then waits for the busy marks to go. In that order no request
// can slip past a holder unseen. A mark or lock whose process is gone counts as absent (a crashed
// worker must not stop the run).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** How long a holder waits for the other workers' requests on the wire before replaying anyway. */
const SETTLE_LIMIT_MS = 30_000;
/** How often a waiting worker looks again. */
const POLL_MS = 20;
/** A lock older than this is a holder that hung: it is taken over. */
const STALE_LOCK_MS = 120_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, owned by someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface FloorOptions {
  /** The run's report folder (shared by its workers). */
  reportDir: string;
  /** This worker's id; the process id unless a test says otherwise. */
  pid?: number;
  settleLimitMs?: number;
}

export class Floor {
  private readonly dir: string;
  private readonly pid: number;
  private readonly mark: string;
  private readonly lock: string;
  private readonly settleLimitMs: number;
  private inFlight = 0;
  /** This worker holds the floor: its own requests go on without waiting. */
  private holding = false;

  constructor(opts: FloorOptions) {
    this.dir = path.join(opts.reportDir, 'floor');
    this.pid = opts.pid ?? process.pid;
    this.mark = path.join(this.dir, `busy-${this.pid}`);
    this.lock = path.join(this.dir, 'lock');
    this.settleLimitMs = opts.settleLimitMs ?? SETTLE_LIMIT_MS;
  }

  /** Before a request goes on the wire: waits while another worker holds the floor. */
  async enter(): Promise<void> {
    for (;;) {
      this.markBusy();
      if (this.holding || !this.heldByOther()) return;
      this.unmarkBusy();
      await sleep(POLL_MS);
    }
  }

  /** After the answer (or none). */
  leave(): void {
    this.unmarkBusy();
  }

  /**
   * Runs `fn` while no other worker sends: takes the floor, waits until the others' requests on
   * the wire have come back, runs, gives the floor back. `alone` is false when the others did not
   * settle within the limit (the replay then ran beside them, and says so).
   */
  async hold<T>(fn: () => Promise<T>): Promise<{ value: T; alone: boolean }> {
    if (this.holding) return { value: await fn(), alone: true };
    await this.take();
    this.holding = true;
    try {
      const alone = await this.settle();
      return { value: await fn(), alone };
    } finally {
      this.holding = false;
      rmSync(this.lock, { force: true });
    }
  }

  private markBusy(): void {
    if (this.inFlight++ > 0) return;
    mkdirSync(this.dir, { recursive: true });
    writeFileSync(this.mark, String(Date.now()));
  }

  private unmarkBusy(): void {
    if (this.inFlight === 0) return;
    if (--this.inFlight === 0) rmSync(this.mark, { force: true });
  }

  /** The pid holding the floor when it is another live worker that took it recently. */
  private heldByOther(): boolean {
    let raw: string;
    try {
      raw = readFileSync(this.lock, 'utf8');
    } catch {
      return false;
    }
    const [pidText, sinceText] = raw.split(' ');
    const pid = Number(pidText);
    if (pid === this.pid) return false;
    if (!alive(pid) || Date.now() - Number(sinceText) > STALE_LOCK_MS) {
      rmSync(this.lock, { force: true });
      return false;
    }
    return true;
  }

  private async take(): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    for (;;) {
      try {
        writeFileSync(this.lock, `${this.pid} ${Date.now()}`, { flag: 'wx' });
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      // Another holder: wait for it (heldByOther clears a dead one).
      if (this.heldByOther()) await sleep(POLL_MS);
    }
  }

  /** Waits until no other live worker has a request on the wire; false when the limit passed first. */
  private async settle(): Promise<boolean> {
    const until = Date.now() + this.settleLimitMs;
    for (;;) {
      const others = this.busyOthers();
      if (!others.length) return true;
      if (Date.now() > until) return false;
      await sleep(POLL_MS);
    }
  }

  /**
   * How many other workers of the run have a request on the wire now: a breakdown met while some
   * did may be the overlap's (a create that collided with another worker's).
   */
  othersOnTheWire(): number {
    try {
      return this.busyOthers().length;
    } catch {
      return 0;
    }
  }

  private busyOthers(): number[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((f) => f.startsWith('busy-'))
      .map((f) => Number(f.slice(5)))
      .filter((pid) => {
        if (pid === this.pid) return false;
        if (alive(pid)) return true;
        rmSync(path.join(this.dir, `busy-${pid}`), { force: true });
        return false;
      });
  }
}
