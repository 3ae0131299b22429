// Collections the writing properties create their own records in. The operations come from the
// loaded spec by path shape (POST /x, GET /x/{id}, DELETE /x/{id}, GET /x); what the spec cannot
// say is which ids a body may name: the arbitraries' ids are random int64 values no shop has. Bodies
// are drawn for a live shop (ArbOptions.live, src/arbitraries/live.ts): reference fields hold only
// ids read from the target (a country with its zone, a category's "no parent") or of records the
// test made (OWN: a guest customer for an address), no `id` is sent, and dates, codes and the keys
// of multi-language objects are the target's. Every create goes through the test's `api` client,
// so the ledger has the record before the answer returns; runs delete their own records as they go.
import fc from 'fast-check';
import { OMIT, validBody, type ArbOptions, type LiveOptions } from '../../../src/arbitraries/index.js';
import type { ApiClient } from '../../../src/client/api-client.js';
import { BlockedError } from '../../../src/core/errors.js';
import { referenceFields } from '../../../src/data/bodies.js';
import { CLIENT_OMITS, CLIENT_SENDS } from '../../../src/spec/particulars.js';
import { isSearchOperation } from '../../../src/spec/operation-kinds.js';
import { collectionNoun, kindNouns } from '../../../src/spec/nouns.js';
import type { NewRecord } from '../../../src/client/ledger.js';
import { shopReferences } from '../../../src/data/references.js';
import type { Exchange } from '../../../src/core/exchange.js';
import type { Catalogue, Operation, SpecSchema } from '../../../src/spec/types.js';
import { isObj } from '../../../src/core/json.js';
import { recordOf, type FactoryKit, type Json } from '../../../fixtures/factories/index.js';
import { createGuest } from '../../../fixtures/factories/customers.js';
import { shopFacts } from '../../../fixtures/factories/references.js';
import { skipBecause } from '../../../fixtures/outcome.js';

export type Overrides = NonNullable<ArbOptions['overrides']>;

export interface Writable {
  path: string;
  group: string;
  create: Operation;
  read: Operation;
  remove: Operation;
  list: Operation | undefined;
  /** Path parameter of the read/delete (`customer_id`). */
  idParam: string;
  /** The create takes an array (bulk); properties send one record. */
  bulk: boolean;
  /** First-level fields a client writes and the single read answers (not readOnly, not write-only). */
  comparable: string[];
}

/** Own records a create body of the collection must name, as arbitrary overrides (a guest the test made for an address). */
const OWN: Readonly<Record<string, (kit: FactoryKit) => Promise<Overrides>>> = {
  '/customers': () => Promise.resolve({ '/*/addressId': OMIT }),
  '/addresses': async (kit) => ({ '/customerId': fc.constant((await createGuest(kit)).id) }),
};

/** Fields that make generated records unique and attributable (run id inside). */
export const UNIQUE_FIELDS = ['email', 'name', 'names', 'firstname', 'lastname', 'city', 'title'] as const;

function successSchema(op: Operation): SpecSchema | undefined {
  const s = op.responses.find((r) => /^2\d\d$/.test(r.status) && r.schema !== undefined)?.schema;
  return s?.type === 'array' && isObj(s.items) ? s.items : s;
}

function comparableFields(read: Operation, create: Operation): string[] {
  const rec = successSchema(read);
  const props = rec && isObj(rec.properties) ? rec.properties : {};
  const body = create.body?.schema;
  const item = body?.type === 'array' && isObj(body.items) ? body.items : body;
  const inputs = item && isObj(item.properties) ? item.properties : {};
  return Object.keys(inputs).filter((k) => {
    const p = props[k];
    return isObj(p) && p.readOnly !== true && p.writeOnly !== true && p['x-writeOnly'] !== true && !k.startsWith('_');
  });
}

/** The collection's operations in the loaded spec, when it has all four. */
export function writable(catalogue: Catalogue, path: string): Writable | undefined {
  const ops = catalogue.operations;
  const create = ops.find((o) => o.method === 'post' && o.path === path && !isSearchOperation(o));
  const one = (m: string) => ops.find((o) => o.method === m && o.path.startsWith(`${path}/{`) && /^\/\{[^}/]+\}$/.test(o.path.slice(path.length)));
  const read = one('get');
  const remove = one('delete');
  if (!create || !read || !remove) return undefined;
  const idParam = /\{([^}]+)\}$/.exec(read.path)?.[1] ?? 'id';
  return {
    path,
    group: create.group,
    create,
    read,
    remove,
    list: ops.find((o) => o.method === 'get' && o.path === path),
    idParam,
    bulk: create.body?.schema?.type === 'array',
    comparable: comparableFields(read, create),
  };
}

/**
 * What a live target gives the collection's bodies: its formats, and for each reference field of
 * the create body the values read from it (taken together where one record holds them, a country
 * with its zone). Kinds the spec creates (customers, products ...) are never borrowed: only the
 * target's own "none" (0), else the field is left out or pinned to an own record (OWN). Skips the
 * test when a required reference has no value.
 */
export async function liveOptions(kit: FactoryKit, w: Writable, pinned: Overrides = {}): Promise<LiveOptions> {
  const schema = w.create.body?.schema;
  const facts = await shopFacts(kit, [w.path]);
  const required = new Set(referenceFields(schema));
  const pinnedNames = new Set(Object.keys(pinned).map((p) => p.split('/').pop() ?? ''));
  const fields = referenceFields(schema, { all: true }).filter((f) => !pinnedNames.has(f));
  const creatable = (f: string): boolean => kit.api.catalogue.operations.some((o) => o.method === 'post' && !/\}$/.test(o.path) && !isSearchOperation(o) && kindNouns(f).includes(collectionNoun(o.path)));
  const refs = shopReferences(kit.api);
  const found = {
    ...(await refs.lookupTogether(fields.filter((f) => !creatable(f)), { context: [w.path] })),
    ...(await refs.lookupTogether(fields.filter(creatable), { context: [w.path], noneOnly: true })),
  };
  const references: Record<string, (number | string)[]> = {};
  for (const f of fields) {
    const r = found[f];
    if (r?.ok) references[f] = [r.value];
    else if (required.has(f)) skipBecause(`a ${w.create.id} body needs ${f}: ${r?.reason ?? 'nothing was read'}`);
  }
  return { facts, references };
}

/**
 * Arbitrary options for the collection's create bodies: realistic for a live target, own records
 * pinned, unique fields with the run id, and no long strings where the schema sets no maxLength:
 * no real client sends a 300-character street, and GX 4.8 refuses one (its columns are VARCHAR:
 * street 64, company 255), which the spec does not declare. Drawn, such strings made a property's
 * verdict on a real shop depend on FC_SEED; the round trip sends them as one fixed
 * class, judged as an advisory (LONG_CLASS). Strings up to a declared maxLength stay.
 */
export async function bodyOptions(kit: FactoryKit, w: Writable, catalogue: Catalogue): Promise<ArbOptions> {
  const overrides = (await OWN[w.path]?.(kit)) ?? {};
  // What a real client always sends (a customer's personal fields and new address) is present,
  // and what it leaves out is absent, whatever the seed draws.
  const present = CLIENT_SENDS[w.create.id];
  const omitted: Overrides = Object.fromEntries((CLIENT_OMITS[w.create.id] ?? []).map((p) => [p, OMIT]));
  const all = { ...omitted, ...overrides };
  return { catalogue, runId: kit.runId, uniqueFields: UNIQUE_FIELDS, overrides: all, live: await liveOptions(kit, w, all), longStrings: false, ...(present ? { present } : {}) };
}

/** Valid create bodies for the collection; one record when the body is a list. `extra` tunes the generator (e.g. the run's tag alone in unique fields where the body is incidental). */
export async function validCreateBody(kit: FactoryKit, w: Writable, catalogue: Catalogue, extra: Partial<ArbOptions> = {}): Promise<fc.Arbitrary<unknown>> {
  return createBodyArb(w, { ...(await bodyOptions(kit, w, catalogue)), ...extra });
}

/** Valid create bodies from options already read from the target (bodyOptions): one record when the body is a list. */
export function createBodyArb(w: Writable, opts: ArbOptions): fc.Arbitrary<unknown> {
  const arb = validBody(w.create, opts);
  if (!w.bulk) return arb;
  // Bulk bodies may be [] (the schema sets no minItems); a property sends exactly one record. Where
  // no record can be drawn at all (its items need references the target shows nowhere: every read
  // failed), filtering for one would never end: such a test has nothing to send.
  const oneRecord = (b: unknown): boolean => Array.isArray(b) && b.length > 0;
  if (!fc.sample(arb, { numRuns: 30, seed: 1 }).some(oneRecord)) skipBecause(`no ${w.create.id} body with a record can be built: its records need references the target shows nowhere`);
  return arb.filter(oneRecord).map((b) => [(b as unknown[])[0]]);
}

/** The one record a (bulk) body sends. */
export function sentRecord(w: Writable, body: unknown): Json {
  const one: unknown = w.bulk && Array.isArray(body) ? (body as unknown[])[0] : body;
  return isObj(one) ? one : {};
}

export interface Made {
  exchange: Exchange;
  /** The new record's id, when the create succeeded and the harness could read it. */
  id: string | undefined;
}

/** Sends a create; adopts the address a customer create makes on the side. */
export async function createOwn(kit: FactoryKit, w: Writable, body: unknown, intent: 'positive' | 'negative' = 'positive'): Promise<Made> {
  const ex = await kit.api.call(w.create, { body, intent });
  const made = kit.api.createdBy(ex).find((r) => r.kind === 'record' && r.collection === w.path);
  const rec = recordOf(ex.response.json);
  const sent = sentRecord(w, body);
  if (made && rec && isObj(sent.address) && typeof rec.addressId === 'number' && rec.addressId > 0) kit.adopt('/addresses', rec.addressId, w.create.id, made.path);
  return { exchange: ex, id: made?.id };
}

/**
 * A create a property needs before its rule (the record to search for, to delete, to update) that
 * failed: the test is blocked (a Skip naming the create and its answer, handed to the runner as a
 * refusal), never a Fail of the rule that needed it. The create answers for itself in its own tests.
 */
export function setupFailed(api: ApiClient, w: Writable, made: Made, what: string): never {
  const s = made.exchange.response.status;
  return api.refuse(new BlockedError(w.create.id, `${what} failed for this test's setup: ${w.create.id} answered ${s || made.exchange.response.transportError || 'nothing'}${s >= 200 && s < 300 ? ' without an id the harness could read' : ''}`, made.exchange));
}

/** Records the client holds open now; `cleanupSince` deletes the ones made after this mark. */
export function mark(api: ApiClient): Set<NewRecord> {
  return new Set(api.openRecords());
}

/** Deletes (newest first) what the client created since the mark; a run leaves nothing behind. */
export async function cleanupSince(api: ApiClient, before: ReadonlySet<NewRecord>): Promise<void> {
  await api.cleanup(api.openRecords().filter((r) => !before.has(r)));
}

