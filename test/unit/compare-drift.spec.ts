// The rules of drift between two runs' answers (src/compare/drift.ts) and how answers are recorded
// (src/core/shapes.ts), on made-up shapes: what counts as a change, what is breaking for clients,
// and what two runs of one build differ in without any change (noise that must not be reported).
import { expect, test } from '@playwright/test';
import { addAnswer, addBody, headerShape, type AnswerTallies, type BodyShape } from '../../src/core/shapes.js';
import type { Exchange } from '../../src/core/exchange.js';
import { answerDrift } from '../../src/compare/drift.js';
import { buildShapes, type KindShapes, type KindTally, type RunShapes } from '../../src/compare/shapes-file.js';

function shapeOf(...bodies: unknown[]): BodyShape {
  const s: BodyShape = {};
  for (const b of bodies) addBody(s, b);
  return s;
}

function tally(status: number, bodies: unknown[], headers?: Record<string, Record<string, number>>): KindTally {
  const t: KindTally = { answers: bodies.length, statuses: { [String(status)]: bodies.length } };
  if (status < 300) t.bodies = { [String(status)]: shapeOf(...bodies) };
  if (headers) t.headers = { [String(status)]: headers };
  return t;
}

function run(kinds: Record<string, KindShapes>, operation = 'getCustomers'): RunShapes {
  return { version: 1, runId: 'r', seed: 1, target: { url: null, apiVersion: null, shopVersion: null }, operations: { [operation]: kinds } };
}

const drift = (a: RunShapes, b: RunShapes) => answerDrift(a, b, new Set(Object.keys({ ...a.operations, ...b.operations })));

test.describe('answer drift @reports', () => {
  test('should record a body as places with JSON types counted once per object: list items share [] and numbered keys #', () => {
    const s = shapeOf([{ id: 1, name: { de: 'a', en: 'b' }, prices: { '1': 2.5, '7': 3 } }, { id: 2, name: null, prices: {} }]);
    expect(s['']).toEqual({ array: 1 });
    expect(s['[]']).toEqual({ object: 2 });
    expect(s['[].id']).toEqual({ number: 2 });
    expect(s['[].name']).toEqual({ object: 1, null: 1 });
    expect(s['[].name.de']).toEqual({ string: 1 });
    expect(s['[].prices.#']).toEqual({ number: 2 });
  });

  test('should keep header shapes without values: ids, hosts and parameters out', () => {
    expect(headerShape('location', 'http://127.0.0.1:8182/api.php/v2/customers/123')).toBe('/api.php/v#/customers/#');
    expect(headerShape('content-type', 'application/json; charset=utf-8')).toBe('application/json');
    expect(headerShape('link', '<http://x/a?page=2>; rel="next", <http://x/a?page=9>; rel="last"')).toBe('rel=last,next');
    expect(headerShape('x-api-version', 'v2.6.0')).toBe('v#.#.#');
  });

  test('should name each kind of request as a defect does, answers to drawn input apart', () => {
    const tallies: AnswerTallies = {};
    const ex = (intent: Exchange['intent'], label: string | undefined, status: number, json?: unknown): Exchange => ({
      intent,
      ...(label ? { label } : {}),
      operationId: 'getCustomer',
      request: { method: 'GET', url: 'http://h/shop1/api.php/v2/customers/1abc', headers: {}, auth: 'default' },
      response: { status, headers: { 'content-type': 'application/json' }, text: '', durationMs: 1, ...(json !== undefined ? { json } : {}) },
    });
    addAnswer(tallies, ex('positive', 'read c1 back', 200, { id: 1 }), false);
    addAnswer(tallies, ex('follow-up', 'read after delete', 404), false);
    addAnswer(tallies, ex('negative', 'wrong-typed path id customer_id=1abc', 400), false);
    addAnswer(tallies, ex('positive', undefined, 200, { id: 2, email: 'x' }), true);
    const shapes = buildShapes([{ getCustomer: { durations: [], slowest: [], statuses: [], params: [], fields: [], answers: tallies } }], { runId: null, seed: null, target: { url: null, apiVersion: null, shopVersion: null } });
    const kinds = shapes.operations.getCustomer ?? {};
    expect(Object.keys(kinds).sort()).toEqual(['a wrong-typed id', 'valid request']);
    expect(kinds['valid request']?.fixed?.statuses).toEqual({ '200': 1, '404': 1 });
    expect(kinds['valid request']?.drawn?.bodies?.['200']?.email).toEqual({ string: 1 });
    expect(kinds['valid request']?.sample).toContain("curl -sS -i 'http://h/shop1/api.php/v2/customers/1abc'");
    expect(kinds['a wrong-typed id']?.fixed?.statuses).toEqual({ '400': 1 });
  });

  test('should give nothing for two runs of one build whose data differ: how often a field is there, nulls, an empty list, drawn answers', () => {
    const old = run({
      'valid request': { method: 'GET', fixed: tally(200, [[{ id: 1, dob: '1990-01-01', note: null }, { id: 2, note: 'x' }], []]), drawn: tally(200, [[{ id: 3, extra: 1 }]]) },
    });
    const same = run({
      // Other records this time: `dob` in 1 of 3, `note` never null, and no drawn record with `extra`.
      'valid request': { method: 'GET', fixed: tally(200, [[{ id: 1, dob: '1990-01-01', note: 'y' }, { id: 4, note: 'z' }, { id: 5, note: 'w' }]]) },
    });
    expect(drift(old, same)).toEqual([]);
    expect(drift(same, old)).toEqual([]);
    // An empty list removes nothing: the items' fields had no object to be in.
    expect(drift(old, run({ 'valid request': { method: 'GET', fixed: tally(200, [[], []]) } }))).toEqual([]);
  });

  test('should count a field that was only sometimes there once it is gone from every answer', () => {
    const old = run({ 'valid request': { method: 'GET', fixed: tally(200, [[{ id: 1, dob: '1990-01-01' }, { id: 2 }]]) } });
    const gone = run({ 'valid request': { method: 'GET', fixed: tally(200, [[{ id: 1 }, { id: 2 }, { id: 3 }]]) } });
    expect(drift(old, gone)).toMatchObject([{ change: 'field-removed', field: '[].dob', breaking: true }]);
    expect(drift(old, gone)[0]?.old.shows).toBe('string ×1 in 1 of 2 objects at `[]` (1 answers)');
  });

  test('should report a field gone from every answer as breaking, an added one as not', () => {
    const old = run({ 'valid request': { method: 'GET', fixed: tally(200, [[{ id: 1, email: 'a' }, { id: 2, email: 'b' }]]) } });
    const gone = run({ 'valid request': { method: 'GET', fixed: tally(200, [[{ id: 1 }, { id: 2 }]]) } });
    const [removed] = drift(old, gone);
    expect(removed).toMatchObject({ change: 'field-removed', breaking: true, field: '[].email', kind: 'valid request', statusClass: '2xx' });
    expect(removed?.old.shows).toBe('string ×2 in 2 of 2 objects at `[]` (1 answers)');
    expect(removed?.new.shows).toBe('absent from all 2 objects at `[]` (1 answers)');
    const [added] = drift(gone, old);
    expect(added).toMatchObject({ change: 'field-added', breaking: false, field: '[].email' });
  });

  test('should report a type a client has not met as breaking, a field that became always null too, and not a narrower type', () => {
    const old = run({ 'valid request': { method: 'GET', fixed: tally(200, [{ price: 1.5, code: 'a', tag: 'x' }, { price: 2, code: 3, tag: 'y' }]) } });
    const changed = run({ 'valid request': { method: 'GET', fixed: tally(200, [{ price: '1.5', code: 'a', tag: null }]) } });
    const items = drift(old, changed);
    expect(items.map((i) => [i.change, i.field, i.breaking])).toEqual([
      ['field-type', 'price', true],
      ['field-type', 'tag', true],
    ]);
    expect(items[0]?.title).toBe('getCustomers: `price` in 2xx answers to valid request is string now (was number)');
  });

  test('should report statuses: a class a client has not met as breaking, a code within a class as not; drawn input only as what can happen', () => {
    const ok = run({ 'valid request': { method: 'POST', fixed: tally(201, [{ id: 1 }]) } });
    const refused = run({ 'valid request': { method: 'POST', fixed: tally(400, [{}]) } });
    expect(drift(ok, refused)[0]).toMatchObject({ change: 'statuses', breaking: true, title: 'getCustomers: valid request answered 400 (was 201); new: 400; no longer: 201' });
    const twoHundred = run({ 'valid request': { method: 'POST', fixed: tally(200, [{ id: 1 }]) } });
    expect(drift(ok, twoHundred)[0]).toMatchObject({ change: 'statuses', breaking: false });
    // A drawn body met a 500 in one run and not in the other: the seed's doing.
    const drawnOld = run({ 'a body field of the wrong type to customers': { method: 'POST', fixed: tally(400, [{}]), drawn: tally(500, [{}, {}]) } });
    const drawnNew = run({ 'a body field of the wrong type to customers': { method: 'POST', fixed: tally(400, [{}]), drawn: tally(400, [{}]) } });
    expect(drift(drawnOld, drawnNew)).toEqual([]);
    expect(drift(drawnNew, drawnOld)).toEqual([]);
  });

  test('should not take a field or header as gone when only drawn input reached that class in the other run (another request)', () => {
    const created = tally(201, [{ id: 1, name: 'a' }], { location: { '/v#/customers/#': 1 } });
    const old = run({ 'an invalid body': { method: 'POST', fixed: created } });
    const now = run({ 'an invalid body': { method: 'POST', fixed: tally(400, [{}]), drawn: tally(201, [{ created: [{ id: 1 }] }]) } });
    // The fixed body is refused now (a status drift); the drawn body that was accepted is no evidence of its answer's fields.
    expect(drift(old, now).map((i) => i.change)).toEqual(['statuses']);
    expect(drift(now, old).map((i) => i.change)).toEqual(['statuses']);
  });

  test('should not count a 5xx beside answers that still work (it comes and goes with overlapping requests; defects judge it), but a kind that gets only 5xx now', () => {
    const ok = run({ 'valid request': { method: 'GET', fixed: tally(200, [{ id: 1 }, { id: 2 }]) } });
    const brokeOnce: RunShapes = run({ 'valid request': { method: 'GET', fixed: { ...tally(200, [{ id: 1 }]), answers: 2, statuses: { '200': 1, '500': 1 } } } });
    expect(drift(ok, brokeOnce)).toEqual([]);
    expect(drift(brokeOnce, ok)).toEqual([]);
    const broken = run({ 'valid request': { method: 'GET', fixed: tally(500, [{}]) } });
    expect(drift(ok, broken)).toMatchObject([{ change: 'statuses', breaking: true, title: 'getCustomers: valid request answered 500 (was 200); new: 500; no longer: 200' }]);
  });

  test('should not call a fix breaking: a kind of request answered only 500 before; nor compare the headers of 500s; a 500 where there was none is breaking', () => {
    const broken = run({ 'valid request': { method: 'GET', fixed: tally(500, [{}], { 'content-type': { 'text/html': 1 } }) } });
    const fixed = run({ 'valid request': { method: 'GET', fixed: tally(200, [[]]) } });
    expect(drift(broken, fixed)).toMatchObject([{ change: 'statuses', breaking: false, title: 'getCustomers: valid request answered 200 (was 500); new: 200; no longer: 500' }]);
    expect(drift(fixed, broken)).toMatchObject([{ change: 'statuses', breaking: true }]);
    const json500 = run({ 'valid request': { method: 'GET', fixed: tally(500, [{}], { 'content-type': { 'application/json': 1 } }) } });
    expect(drift(broken, json500)).toEqual([]);
    const refused = run({ 'valid request': { method: 'GET', fixed: tally(400, [{}]) } });
    expect(drift(broken, refused)).toMatchObject([{ change: 'statuses', breaking: false }]);
  });

  test('should report a header removed or of another shape, and judge a Link by its presence only', () => {
    const old = run({ 'valid request': { method: 'POST', fixed: tally(201, [{ id: 1 }], { location: { '/v#/customers/#': 1 }, link: { 'rel=next': 1 }, 'content-type': { 'application/json': 1 } }) } });
    const now = run({ 'valid request': { method: 'POST', fixed: tally(201, [{ id: 1 }], { link: { 'rel=last': 1 }, 'content-type': { 'text/html': 1 } }) } });
    expect(drift(old, now).map((i) => [i.change, i.header, i.breaking])).toEqual([
      ['header-changed', 'content-type', true],
      ['header-removed', 'location', true],
    ]);
  });

  test('should say a body that moved under a wrapper once, breaking, and fields dropped beside a new field one by one', () => {
    const category = { id: 1, name: { en: 'a' }, parentId: 0, image: 'x.png' };
    const old = run({ 'valid request': { method: 'POST', fixed: tally(201, [category, { ...category, id: 2 }]) } }, 'createCategories');
    const wrapped = run({ 'valid request': { method: 'POST', fixed: tally(201, [{ created: [category], errors: [] }]) } }, 'createCategories');
    const items = drift(old, wrapped);
    expect(items.map((i) => [i.change, i.field, i.breaking])).toEqual([
      ['fields-moved', 'created[]', true],
      ['field-added', 'errors', false],
    ]);
    expect(items[0]).toMatchObject({ movedFrom: '', moved: ['id', 'image', 'name', 'parentId'], title: 'createCategories: the 4 fields of the body in 2xx answers to valid request moved under `created[]`' });
    // One field the wrapper does not hold is named; under an object wrapper too.
    const partly = run({ 'valid request': { method: 'POST', fixed: tally(201, [{ data: { id: 1, name: { en: 'a' }, parentId: 0 } }]) } }, 'createCategories');
    expect(drift(old, partly)).toMatchObject([{ change: 'fields-moved', field: 'data', title: 'createCategories: the 4 fields of the body in 2xx answers to valid request moved under `data` (not found there: `image`)' }]);
    // Fields dropped beside a new field that does not hold them, or a field that stays: no move.
    const dropped = run({ 'valid request': { method: 'POST', fixed: tally(201, [{ ok: true }]) } }, 'createCategories');
    expect(drift(old, dropped).map((i) => `${i.change} ${i.field ?? ''}`)).toEqual(['field-removed id', 'field-removed image', 'field-removed name', 'field-added ok', 'field-removed parentId']);
    const kept = run({ 'valid request': { method: 'POST', fixed: tally(201, [{ id: 1, created: [category] }]) } }, 'createCategories');
    expect(drift(old, kept).map((i) => [i.change, i.field])).toEqual([
      ['field-added', 'created'],
      ['field-removed', 'image'],
      ['field-removed', 'name'],
      ['field-removed', 'parentId'],
    ]);
  });
});
