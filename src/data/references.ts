// What a body must take from the target instead of making it up: the ids of its reference fields
// (`taxClassId`, `countryId`, `statusId` ...). The target's own formats are read beside them
// (src/data/shop-formats.ts), and both through src/data/target-reads.ts.
//
// A reference id is allowed when it was read from the target, in this order:
//   1. a list of records of that kind (`GET /tax_classes`, or `GET /order_statuses` for the
//      `statusId` of an order);
//   2. a field of the same name in records the target shows (the `taxClassId` of an existing
//      product, the `countryId` of an existing address), confirmed by a single read of the record
//      where the spec has one and the target implements it (`GET /countries/{id}`). A 0 the target's
//      own records carry is its "none" and counts as read. Fields that name nothing specific
//      (`statusId`, `parentId`, `optionId`: no collection of that name) are only taken from records
//      of the same resource as the body, so an order never gets a customer's status.
// Fields that appear together in one record (`countryId` + `zoneId`) are taken from the same one,
// so they stay consistent. Own records (a customer for an address) are the resolver's business
// (src/data/resolver.ts); this module only reads. Nothing found is a reason, never a guess; the
// one exception is data (NONE_WHEN_UNREAD, src/spec/particulars.ts): a reference to a kind the API
// lists nowhere (an item attribute's product option) that the target shows none of is the none, 0.
import type { ApiClient } from '../client/api-client.js';
import type { StoreKey } from '../client/session-store.js';
import { notImplementedReason } from '../checks/rules/not-implemented.js';
import { fieldNoun, firstSegment, kindNouns, nounsFor, pathParams } from '../spec/nouns.js';
import { NONE_WHEN_UNREAD } from '../spec/particulars.js';
import { hasCollection, lastParam, listAbove, recordReads, shownFields, singleReadOfKind, singleReadPath, topListsOf } from '../spec/record-ops.js';
import { walk } from '../spec/shop-facts.js';
import type { Operation } from '../spec/types.js';
import { TargetReads, toRef, type RefValue } from './target-reads.js';

type Json = Record<string, unknown>;

export type RefLookup = { ok: true; value: RefValue; source: string } | { ok: false; reason: string };

export interface LookupOptions {
  /** Paths of the operations whose body needs the value (their resource comes first, and decides for unspecific names). */
  context?: readonly string[];
  /**
   * Only the shop's "none" (a 0 its records carry): for kinds the harness must not borrow (a
   * customer, a product), where 0 names no record and anything else must be an own record.
   */
  noneOnly?: boolean;
}

interface Seen {
  field: string;
  value: RefValue;
  /** Shown in a record (not listed as a record of the kind). */
  shown: boolean;
  /** The object the value was in (so fields of one record can be taken together). */
  holder: Json;
  source: string;
}

/** Whether the target has a record, by kind and id: asked once per worker's session. */
const CONFIRMED: StoreKey<Map<string, Promise<boolean>>> = { name: 'records of the target confirmed by a single read', create: () => new Map() };

/** Reference values read from one target, shared by every client of the worker that talks to it. */
export class ShopReferences {
  private readonly reads: TargetReads;
  private readonly confirmed: Map<string, Promise<boolean>>;

  constructor(private readonly client: ApiClient) {
    this.reads = new TargetReads(client);
    this.confirmed = client.store.get(CONFIRMED);
  }

  private get ops(): readonly Operation[] {
    return this.client.catalogue.operations;
  }

  /** Does the target have this record? Only asked where the spec has a single read of the kind. */
  private confirm(noun: string, value: RefValue): Promise<boolean> {
    const key = `${noun} ${String(value)}`;
    let hit = this.confirmed.get(key);
    if (!hit) {
      hit = (async () => {
        const one = singleReadOfKind(this.ops, noun);
        if (!one) return true; // nothing to ask: the value stands as the shop showed it
        const r = await this.reads.get(singleReadPath(one, String(value)));
        if (r.status >= 200 && r.status < 300) return true;
        // The target shows the id but does not implement the read: it stands as shown.
        return r.status === 0 ? false : notImplementedReason(r) !== undefined;
      })();
      this.confirmed.set(key, hit);
    }
    return hit;
  }

  /**
   * A record of the kind found by asking for it: where no list and no record shows one but the spec
   * has a single read of the kind (`GET /members/{id}`), the example id of that read, then 1 to 3;
   * the first the target answers with 2xx is read from the shop, not invented.
   */
  private async probed(field: string, nouns: readonly string[]): Promise<RefLookup | undefined> {
    for (const noun of nouns) {
      const one = singleReadOfKind(this.ops, noun);
      if (!one) continue;
      const name = lastParam(one.path);
      const example = one.parameters.find((x) => x.in === 'path' && x.name === name)?.schema.example;
      const ids = [...new Set([...(typeof example === 'number' || typeof example === 'string' ? [String(example)] : []), '1', '2', '3'])];
      for (const id of ids) {
        const path = singleReadPath(one, id);
        const r = await this.reads.get(path);
        if (r.status >= 200 && r.status < 300) return { ok: true, value: /^\d+$/.test(id) ? Number(id) : id, source: `GET ${path} answered ${r.status}` };
        if (r.status === 0 || notImplementedReason(r) !== undefined) break;
      }
    }
    return undefined;
  }

  /** Ids a list of records of the kind answers (`GET /tax_classes`), parameterless lists only. */
  private async listed(field: string, nouns: readonly string[]): Promise<Seen[]> {
    const out: Seen[] = [];
    for (const noun of nouns) {
      for (const list of topListsOf(this.ops, noun)) {
        for (const item of await this.reads.items(list.path)) {
          const id = toRef(item.id);
          if (id !== undefined) out.push({ field, value: id, shown: false, holder: item, source: `a record listed at GET ${list.path}` });
        }
      }
    }
    return out;
  }

  /** Values of `field` in records the shop shows, read through the reads whose answers declare it. */
  private async shown(field: string, opts: LookupOptions): Promise<Seen[]> {
    const context = opts.context ?? [];
    const tops = new Set(context.map(firstSegment));
    // A name that says nothing specific is only trusted within the body's own resource.
    const own = fieldNoun(field);
    const specific = own !== '' && (kindNouns(field).some((n) => hasCollection(this.ops, n)) || own.includes('_'));
    const reads = recordReads(this.ops).filter((o) => shownFields(o).has(field) && (specific || tops.has(firstSegment(o.path))));
    // The body's own resource first, lists before single reads.
    reads.sort((a, b) => Number(!tops.has(firstSegment(a.path))) - Number(!tops.has(firstSegment(b.path))) || pathParams(a.path) - pathParams(b.path));
    const out: Seen[] = [];
    const seenPaths = new Set<string>();
    for (const read of reads) {
      const list = pathParams(read.path) === 0 ? read : listAbove(this.ops, read);
      if (!list) continue;
      const records = pathParams(read.path) === 0 ? (await this.reads.items(read.path)).slice(0, 20).map((record) => ({ path: read.path, record })) : (await this.reads.firstRecords(list, read, 2)).filter((r) => r.path !== list.path);
      for (const { path, record } of records) {
        walk(record, (o) => {
          const v = toRef(o[field]);
          if (v !== undefined) out.push({ field, value: v, shown: true, holder: o, source: `${field} of a record at GET ${path}` });
        });
        seenPaths.add(path);
      }
      if (out.some((s) => s.value !== 0) && seenPaths.size >= 2) break;
    }
    return out;
  }

  private async usable(nouns: readonly string[], seen: Seen): Promise<boolean> {
    if (seen.value === 0) return true; // the shop's own "none"
    for (const noun of nouns) if (hasCollection(this.ops, noun)) return this.confirm(noun, seen.value);
    return true;
  }

  /** Every allowed value the target offers for a field (a list of the kind, or values its records show), confirmed; up to `max`. */
  async values(field: string, opts: LookupOptions = {}, max = 10): Promise<RefValue[]> {
    const nouns = nounsFor(field, opts.context);
    const seen = [...(await this.listed(field, nouns)), ...(await this.shown(field, opts))];
    const out: RefValue[] = [];
    for (const s of seen) {
      if (out.length >= max) break;
      if (out.includes(s.value) || (opts.noneOnly && s.value !== 0)) continue;
      if (await this.usable(nouns, s)) out.push(s.value);
    }
    return out;
  }

  /** One allowed value for a reference field, or why there is none. */
  async lookup(field: string, opts: LookupOptions = {}): Promise<RefLookup> {
    const all = await this.lookupTogether([field], opts);
    return all[field] ?? { ok: false, reason: `nothing read for ${field}` };
  }

  /**
   * Allowed values for several reference fields of one body. Fields a record of the shop holds
   * together are taken from the same record (a country with its own zone).
   */
  async lookupTogether(fields: readonly string[], opts: LookupOptions = {}): Promise<Record<string, RefLookup>> {
    const out: Record<string, RefLookup> = {};
    const candidates = new Map<string, Seen[]>();
    for (const field of fields) {
      const nouns = nounsFor(field, opts.context);
      const listed = opts.noneOnly ? [] : await this.listed(field, nouns);
      const shown = await this.shown(field, opts);
      // The shop's "none" first (least intrusive), then listed records, then values records show.
      const none = shown.filter((s) => s.value === 0);
      candidates.set(field, opts.noneOnly ? none : [...none, ...listed, ...shown.filter((s) => s.value !== 0)]);
    }
    // Fields held together by one record (countryId + zoneId of an address).
    if (fields.length > 1) {
      const holders = new Map<Json, Seen[]>();
      for (const f of fields) for (const s of candidates.get(f) ?? []) if (s.shown) holders.set(s.holder, [...(holders.get(s.holder) ?? []), s]);
      const best = [...holders.values()].filter((s) => s.length > 1).sort((a, b) => b.length - a.length);
      for (const seen of best) {
        const ok = await Promise.all(seen.map((s) => this.usable(nounsFor(s.field, opts.context), s)));
        if (!ok.every(Boolean)) continue;
        for (const s of seen) out[s.field] = { ok: true, value: s.value, source: `${s.source} (with ${seen.map((x) => x.field).join(', ')} of the same record)` };
        break;
      }
    }
    for (const field of fields) {
      if (out[field]) continue;
      const nouns = nounsFor(field, opts.context);
      let found: RefLookup | undefined;
      for (const s of candidates.get(field) ?? []) {
        if (await this.usable(nouns, s)) {
          found = { ok: true, value: s.value, source: s.source };
          break;
        }
      }
      if (!found && !opts.noneOnly) found = await this.probed(field, nouns);
      // A kind this API has no collection of, which a client naming none fills with the none (NONE_WHEN_UNREAD).
      if (!found && NONE_WHEN_UNREAD.includes(field)) found = { ok: true, value: 0, source: `the none (0): the target shows no ${field} of its own, and the API lists no record of the kind` };
      out[field] = found ?? {
        ok: false,
        reason: `no ${field} could be read from the target: it lists no ${nouns.join('/') || 'record'} and no record it shows carries a ${field}${opts.context?.length ? ` (looked beside ${opts.context.join(', ')})` : ''}`,
      };
    }
    return out;
  }
}

/** The reference values of one target for this client (read once per worker's session). */
export function shopReferences(client: ApiClient): ShopReferences {
  return new ShopReferences(client);
}
