// A few hundred generated bad requests (malformed JSON, wrong types, unknown fields, bad ids and
// query values, empty, oversized and non-JSON bodies, Unicode): the shop never answers 5xx unless
// the operation declares it, every refusal carries the error body, and a refused request changes
// nothing. fast-check prints the seed and path of a failure; FC_SEED replays it.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { loadConfig } from '../../src/config/config.js';
import type { Operation } from '../../src/spec/types.js';
import { loadSpec } from '../../reference/spec-cache.js';
import { sensibleBody } from './support/exchange.js';
import { fillPath, SEEDED_IDS } from './support/seeded-ids.js';
import { expect, test } from './support/shop-fixture.js';

type Mutation =
  | { kind: 'bad-id'; param: string; value: string }
  | { kind: 'bad-query'; name: string; value: string }
  | { kind: 'malformed-json'; text: string }
  | { kind: 'wrong-type'; value: unknown }
  | { kind: 'unknown-field'; field: string }
  | { kind: 'empty-body' }
  | { kind: 'wrong-media-type'; type: string }
  | { kind: 'unicode'; text: string }
  | { kind: 'huge-body' };

/** Kinds after which the shop must refuse (4xx, or a 5xx the operation declares). */
const MUST_REFUSE = new Set(['bad-id', 'bad-query', 'malformed-json', 'unknown-field', 'wrong-media-type', 'huge-body']);

const spec = await loadSpec();
const WRITE = new Set(['post', 'put', 'patch']);

const BAD_IDS = ['abc', '-1', '0', '1.5', '9007199254740993', '99999999999999999999', '1e3', '%F0%9F%98%80', '%20', '0x10', '+-1', '12abc'];
/** Values that are numbers, and so no bad value for a path parameter of type number (a quantity): 1e3 is 1000. */
const NUMBERS = new Set(['1.5', '9007199254740993', '99999999999999999999', '1e3']);
const badIdFor = (type: unknown): fc.Arbitrary<string> => fc.constantFrom(...BAD_IDS.filter((v) => type !== 'number' || !NUMBERS.has(v)));
const BAD_QUERY: Record<string, fc.Arbitrary<string>> = {
  page: fc.constantFrom('0', '-1', 'x', '1.5', ''),
  per_page: fc.constantFrom('0', '-3', 'abc', '2.5', '99999999999999999999'),
  sort: fc.constantFrom('id', '+a,+b,+c,+d,+e,+f', '+', '-', '+a;b', '*id'),
  type: fc.string({ minLength: 1, maxLength: 8 }).filter((s) => s !== 'guest' && s !== 'registree'),
  state: fc.string({ minLength: 1, maxLength: 8 }).filter((s) => s !== 'pending' && s !== 'sent'),
  changed: fc.constantFrom('2024-13-01', 'today', '2024-02-30', '20240101', '1'),
  modified: fc.constantFrom('2024-00-10', 'x'),
  deleted: fc.constantFrom('2024-1-1', 'never'),
  recursive: fc.constantFrom('maybe', '2', 'yes please'),
  disable_links: fc.constantFrom('perhaps', '-1'),
};
const wrongValue = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }), fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }), fc.string({ maxLength: 5 }));

function mutations(op: Operation): fc.Arbitrary<Mutation>[] {
  const out: fc.Arbitrary<Mutation>[] = [];
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  if (pathParams.length) out.push(fc.constantFrom(...pathParams).chain((p) => badIdFor(p.schema.type).map((value) => ({ kind: 'bad-id' as const, param: p.name, value }))));
  const queryBad = op.parameters.filter((p) => p.in === 'query' && p.name in BAD_QUERY).map((p) => p.name);
  if (queryBad.length) out.push(fc.constantFrom(...queryBad).chain((name) => (BAD_QUERY[name] as fc.Arbitrary<string>).map((value) => ({ kind: 'bad-query' as const, name, value }))));
  const json = op.body?.schema !== undefined;
  if (json) {
    out.push(fc.record({ kind: fc.constant('malformed-json' as const), text: fc.constantFrom('{', '{"a":', '[1,', 'nul', '{"a" 1}', "{'a':1}", '\u0000') }));
    out.push(fc.record({ kind: fc.constant('wrong-type' as const), value: wrongValue }));
    out.push(fc.record({ kind: fc.constant('unknown-field' as const), field: fc.constantFrom('zzUnknown', 'colour', '__extra', 'ünïcode') }));
    out.push(fc.record({ kind: fc.constant('unicode' as const), text: fc.string({ unit: 'grapheme', maxLength: 12 }) }));
    out.push(fc.constant({ kind: 'empty-body' as const }));
    out.push(fc.constant({ kind: 'huge-body' as const }));
  }
  if (WRITE.has(op.method)) out.push(fc.record({ kind: fc.constant('wrong-media-type' as const), type: fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'text/html') }));
  return out;
}

const candidates = spec.catalogue.operations.filter((op) => mutations(op).length > 0);
// Counterexamples name the operation by id, so fast-check prints a readable line.
const badRequest = fc.constantFrom(...candidates.map((op) => op.id)).chain((id) => fc.oneof(...mutations(spec.byId.get(id) as Operation)).map((m) => ({ id, m })));

function firstRecord(body: unknown): Record<string, unknown> | undefined {
  const rec: unknown = Array.isArray(body) ? (body as unknown[])[0] : body;
  return rec && typeof rec === 'object' && !Array.isArray(rec) ? (rec as Record<string, unknown>) : undefined;
}

/** The request a mutation makes: path, query string, headers and raw body. */
function build(op: Operation, m: Mutation): { path: string; headers: Record<string, string>; data?: Buffer } {
  const ids = m.kind === 'bad-id' ? { ...SEEDED_IDS, [m.param]: m.value } : SEEDED_IDS;
  let path = fillPath(op.path, ids).slice(1);
  if (m.kind === 'bad-query') path += `?${m.name}=${encodeURIComponent(m.value)}`;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  let body: unknown = op.formFields.length ? undefined : sensibleBody(op);
  const rec = firstRecord(body);
  switch (m.kind) {
    case 'malformed-json':
      return { path, headers, data: Buffer.from(m.text) };
    case 'empty-body':
      return { path, headers, data: Buffer.alloc(0) };
    case 'huge-body':
      return { path, headers, data: Buffer.from(JSON.stringify({ blob: 'x'.repeat(1_100_000) })) };
    case 'wrong-media-type':
      return { path, headers: { 'Content-Type': m.type }, data: Buffer.from(JSON.stringify(body ?? {})) };
    case 'wrong-type': {
      const key = rec ? Object.keys(rec)[0] : undefined;
      if (rec && key) rec[key] = m.value;
      else body = m.value;
      break;
    }
    case 'unknown-field':
      if (rec) rec[m.field] = 1;
      else body = { [m.field]: 1 };
      break;
    case 'unicode':
      if (rec) for (const [k, v] of Object.entries(rec)) if (typeof v === 'string') rec[k] = m.text;
      break;
    default:
      break;
  }
  return body === undefined && !WRITE.has(op.method) ? { path, headers: {} } : { path, headers, data: Buffer.from(JSON.stringify(body ?? {})) };
}

test('should refuse generated bad requests with 4xx and the error body and change nothing @shop @property', async ({ api, shop }, testInfo) => {
  const seed = loadConfig().fcSeed ?? Date.now() % 2 ** 31;
  testInfo.annotations.push({ type: 'fc-seed', description: String(seed) });
  await test.step(`property over ${candidates.length} operations, seed ${seed}`, async () => {
    await fc.assert(
      fc.asyncProperty(badRequest, async ({ id, m }) => {
        const op = spec.byId.get(id) as Operation;
        const { path, headers, data } = build(op, m);
        const before = shop.snapshot();
        const res = await api.fetch(path, { method: op.method.toUpperCase(), headers, ...(data ? { data } : {}), failOnStatusCode: false });
        const status = res.status();
        const declared = op.responses.some((r) => r.status === String(status));
        const what = `${op.id} ${m.kind} ${op.method.toUpperCase()} /${path} -> ${status}`;
        if (status >= 500 && !declared) throw new Error(`${what}: server error ${await res.text()}`);
        if (MUST_REFUSE.has(m.kind) && status < 400) throw new Error(`${what}: accepted`);
        if (status >= 400) {
          const body = (await res.json()) as Record<string, unknown>;
          if (body.code !== status || body.status !== 'error' || typeof body.message !== 'string') throw new Error(`${what}: error body ${JSON.stringify(body)}`);
          if (!isDeepStrictEqual(shop.snapshot(), before)) throw new Error(`${what}: the refused request changed the state`);
        }
      }),
      { numRuns: 300, seed, ...(loadConfig().fcPath ? { path: loadConfig().fcPath } : {}) },
    );
  });
  expect(candidates.length).toBeGreaterThan(100);
});
