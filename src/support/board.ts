// What the run has learnt about the target's support, shared by every worker of the run through
// `${reportDir}/support.jsonl` (one JSON line per fact, appended with O_APPEND like the ledger):
//
//   route        a literal path segment is (not) routed (src/support/routes.ts)
//   unsupported  an operation is not implemented (405, undeclared 501, path unknown, a sub-path the
//                target ignores, a search that created a record)
//   5xx          a create answered 5xx: after BREAKER_LIMIT of them the run stops calling it
//
// A fact learnt by one worker spares the others the requests, and the compatibility report lists
// what the run found unsupported and which operations it stopped calling.
import { readJsonl } from '../core/jsonl.js';
import { appendFileSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Exchange } from '../core/exchange.js';

/** A create that answered 5xx this many times is not called again in the run. */
export const BREAKER_LIMIT = 2;

interface Base {
  run: string;
  target: string;
  time: string;
}

export type BoardFact =
  | (Base & { kind: 'route'; prefix: string; routed: boolean; reason?: string })
  | (Base & { kind: 'unsupported'; operationId: string; reason: string; exchange?: Exchange })
  | (Base & { kind: '5xx'; operationId: string; status: number; exchange: Exchange });

export function boardFile(reportDir: string): string {
  return path.join(reportDir, 'support.jsonl');
}

/** Keeps the evidence of a fact short: a body excerpt is all a report shows (a short body stays parsed too). */
function trimmed(ex: Exchange): Exchange {
  const long = ex.response.text.length > 2000;
  const text = long ? `${ex.response.text.slice(0, 2000)}…` : ex.response.text;
  const { json, ...rest } = ex.response;
  const response = !long && json !== undefined ? { ...rest, json } : rest;
  const request = { ...ex.request };
  if (request.rawBody && request.rawBody.length > 2000) request.rawBody = `${request.rawBody.slice(0, 2000)}…`;
  return { ...ex, request, response: { ...response, text } };
}

/** Every fact of a board file (unreadable lines skipped: a crash can cut the last one). */
export function readBoard(file: string): BoardFact[] {
  return readJsonl<BoardFact>(file);
}

export class SupportBoard {
  private readonly routes = new Map<string, { routed: boolean; reason?: string }>();
  private readonly unsupported = new Map<string, { reason: string; exchange?: Exchange }>();
  private readonly fiveXX = new Map<string, Exchange[]>();
  private readSize = -1;

  constructor(
    readonly file: string,
    readonly runId: string,
    readonly target: string,
  ) {
    mkdirSync(path.dirname(file), { recursive: true });
  }

  /** Takes in what other workers appended since the last look (a stat when nothing changed). */
  refresh(): void {
    let size: number;
    try {
      size = statSync(this.file).size;
    } catch {
      return;
    }
    if (size === this.readSize) return;
    this.readSize = size;
    this.routes.clear();
    this.unsupported.clear();
    this.fiveXX.clear();
    for (const f of readBoard(this.file)) this.take(f);
  }

  private take(f: BoardFact): void {
    if (f.run !== this.runId || f.target !== this.target) return;
    if (f.kind === 'route') this.routes.set(f.prefix, { routed: f.routed, ...(f.reason ? { reason: f.reason } : {}) });
    else if (f.kind === 'unsupported') {
      if (!this.unsupported.has(f.operationId)) this.unsupported.set(f.operationId, { reason: f.reason, ...(f.exchange ? { exchange: f.exchange } : {}) });
    } else this.fiveXX.set(f.operationId, [...(this.fiveXX.get(f.operationId) ?? []), f.exchange]);
  }

  private add(f: BoardFact): void {
    appendFileSync(this.file, JSON.stringify(f) + '\n');
    this.take(f);
  }

  private base(): Base {
    return { run: this.runId, target: this.target, time: new Date().toISOString() };
  }

  route(prefix: string): { routed: boolean; reason?: string } | undefined {
    return this.routes.get(prefix);
  }

  recordRoute(prefix: string, routed: boolean, reason?: string): void {
    if (this.routes.has(prefix)) return;
    this.add({ ...this.base(), kind: 'route', prefix, routed, ...(reason ? { reason } : {}) });
  }

  unsupportedOp(operationId: string): { reason: string; exchange?: Exchange } | undefined {
    return this.unsupported.get(operationId);
  }

  recordUnsupported(operationId: string, reason: string, exchange?: Exchange): void {
    if (this.unsupported.has(operationId)) return;
    this.add({ ...this.base(), kind: 'unsupported', operationId, reason, ...(exchange ? { exchange: trimmed(exchange) } : {}) });
  }

  serverErrors(operationId: string): Exchange[] {
    return this.fiveXX.get(operationId) ?? [];
  }

  record5xx(operationId: string, exchange: Exchange): void {
    this.add({ ...this.base(), kind: '5xx', operationId, status: exchange.response.status, exchange: trimmed(exchange) });
  }
}
