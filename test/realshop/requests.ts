// Requests the real shop answered, counted from its web server's own log, independently of the
// harness: PHP's built-in server logs one line per answered request,
//   [12851] [Tue Nov 24 06:46:19 2026] 127.0.0.1:40144 [200]: GET /api.php/v2/orders
// The log position is taken before and after a run; the lines between are the run's.
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';

export interface RequestCount {
  /** Answered API requests (paths under /api.php). */
  requests: number;
  /** Status code -> count. */
  statuses: Record<string, number>;
  /** Lines for other paths (the shop's pages): counted apart, they should not occur. */
  other: number;
}

const LINE = /\[(\d{3})\]: ([A-Z]+) (\S+)/;

/** The log's current size: the position the next run's lines start at. */
export function logPosition(file: string): number {
  return existsSync(file) ? statSync(file).size : 0;
}

function readFrom(file: string, start: number, end: number): string {
  if (end <= start) return '';
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(end - start);
    let off = 0;
    while (off < buf.length) {
      const n = readSync(fd, buf, off, buf.length - off, start + off);
      if (n === 0) break;
      off += n;
    }
    return buf.subarray(0, off).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

export function countRequests(text: string): RequestCount {
  const c: RequestCount = { requests: 0, statuses: {}, other: 0 };
  for (const line of text.split('\n')) {
    const m = LINE.exec(line);
    if (!m) continue;
    if (!(m[3] ?? '').startsWith('/api.php')) {
      c.other++;
      continue;
    }
    c.requests++;
    const s = m[1] ?? '?';
    c.statuses[s] = (c.statuses[s] ?? 0) + 1;
  }
  return c;
}

/** Requests logged between two positions of the log. */
export function requestsBetween(file: string, start: number, end: number): RequestCount {
  return countRequests(existsSync(file) ? readFrom(file, start, end) : '');
}
