// CPU seconds, from /proc: what a real-shop run costs the machine, apart from its wall time. On the
// shared 2-core machine the wall time also measures the neighbours; the CPU of the harness (the
// run's reaped child processes) and of the shop (its web server, workers and database) does not.
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (the kernel's USER_HZ, 100 on Linux). */
const CLK_TCK = 100;

/** utime, stime, cutime, cstime of one /proc/<pid>/stat (or 'self'), in seconds; 0 when gone. */
function statCpu(pid: number | 'self', withChildren: boolean, ownToo = true): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
    const own = ownToo ? (f[11] ?? 0) + (f[12] ?? 0) : 0;
    const kids = withChildren ? (f[13] ?? 0) + (f[14] ?? 0) : 0;
    return (own + kids) / CLK_TCK;
  } catch {
    return 0;
  }
}

/** CPU of the child processes this process has reaped so far (a conformance run, once it ended). */
export function reapedChildrenCpu(): number {
  return statCpu('self', true, false);
}

/** CPU of running processes (and of the children each has reaped): a shop's servers and workers. */
export function processesCpu(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + statCpu(pid, true), 0);
}
