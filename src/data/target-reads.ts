// Reads (only reads) of the target's lists and records, for the reference values and the shop's
// formats a body takes from it (src/data/references.ts, src/data/shop-formats.ts). Each answer is
// kept for the worker's session (src/client/session-store.ts), shared by every client of the
// worker, so the harness asks each question once per worker.
import type { ApiClient } from '../client/api-client.js';
import type { StoreKey } from '../client/session-store.js';
import { listItems } from '../core/answers.js';
import { isObj } from '../core/json.js';
import { pathMatcher } from '../spec/catalogue.js';
import { singleReadPath } from '../spec/record-ops.js';
import type { Operation } from '../spec/types.js';

type Json = Record<string, unknown>;

/** What a read answered; status 0 when it was not sent (the target lacks it) or got no answer. */
export interface ReadAnswer {
  status: number;
  json: unknown;
  text: string;
}

/** A value a reference field may take: a record's id as the target writes it. */
export type RefValue = number | string;

const ANSWERS: StoreKey<Map<string, Promise<ReadAnswer>>> = { name: 'answers of the target to reads of reference data', create: () => new Map() };

/** A non-negative integer id, as a number (`'12'` -> 12), or undefined. */
export function toRef(v: unknown): RefValue | undefined {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return undefined;
}

export class TargetReads {
  private readonly answers: Map<string, Promise<ReadAnswer>>;

  constructor(private readonly client: ApiClient) {
    this.answers = client.store.get(ANSWERS);
  }

  private get ops(): readonly Operation[] {
    return this.client.catalogue.operations;
  }

  /** The answer to a GET of the path, read once per session. */
  get(path: string): Promise<ReadAnswer> {
    let hit = this.answers.get(path);
    if (!hit) {
      // A read the run knows the target lacks is not sent: the support gate would refuse it, and a
      // refusal ends the test that happened to ask (reference data is nobody's subject).
      const op = this.ops.find((o) => o.method === 'get' && pathMatcher(o.path)(path) !== undefined);
      const lacking = op ? this.client.knownUnsupported(op) : undefined;
      if (lacking) return Promise.resolve({ status: 0, json: undefined, text: lacking.reason });
      hit = this.client.send('GET', path, { intent: 'setup', noAnswer: 'return', label: 'read reference data / the shop\'s formats' }).then(
        (ex) => ({ status: ex.response.status, json: ex.response.json, text: ex.response.text }),
        // A read the support gate refuses (the target lacks the operation) or that fails: nothing to learn.
        (err: unknown) => ({ status: 0, json: undefined, text: err instanceof Error ? err.message : String(err) }),
      );
      this.answers.set(path, hit);
    }
    return hit;
  }

  /** The records a list answers; none when it answered no success. */
  async items(path: string): Promise<Json[]> {
    const r = await this.get(path);
    return r.status >= 200 && r.status < 300 ? listItems(r.json) : [];
  }

  /** The first records of a list, and each read whole through its single read where there is one (ids from the list). */
  async firstRecords(list: Operation, single: Operation | undefined, max = 1): Promise<{ path: string; record: Json }[]> {
    const items = await this.items(list.path);
    const out: { path: string; record: Json }[] = items.slice(0, max).map((record) => ({ path: list.path, record }));
    if (!single) return out;
    for (const item of items.slice(0, max)) {
      const id = toRef(item.id);
      if (id === undefined) continue;
      const path = singleReadPath(single, String(id));
      const r = await this.get(path);
      const rec = Array.isArray(r.json) ? (r.json as unknown[]).find(isObj) : r.json;
      if (r.status >= 200 && r.status < 300 && isObj(rec)) out.push({ path, record: rec });
    }
    return out;
  }
}
