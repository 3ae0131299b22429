// Response times and coverage: the percentiles and the judge, which answers count, the
// responseTime check's findings, the budget syntax, what a test's traffic records, and the coverage
// arithmetic of the compatibility report.
import { test, expect } from '@playwright/test';
import { budgetFor, budgetSource, parseResponseBudgets, unknownBudgetNames, BudgetSyntaxError } from '../../src/config/budgets.js';
import { latencyOf, percentile, responseTimeProblem } from '../../src/checks/rules/response-time.js';
import { responseTimeAll } from '../../src/checks/responseTime.js';
import { judge } from '../../src/checks/runner.js';
import { responseTimeCheck } from '../../src/checks/responseTime.js';
import type { Exchange, Intent } from '../../src/core/exchange.js';
import type { CheckContext } from '../../src/checks/types.js';
import { addExchange, bodyFieldPaths, isTimed, type Traffic } from '../../src/core/traffic.js';
import { buildCoverage, declaredFieldPaths } from '../../src/report/compatibility/coverage.js';
import { buildLatency } from '../../src/report/compatibility/latency.js';
import type { TestRecord } from '../../src/report/compatibility/test-record.js';
import { defectTitle } from '../../src/report/defects/group.js';
import { signaturesOf } from '../../src/report/defects/signature.js';
import type { Operation } from '../../src/spec/types.js';

function ex(ms: number, o: { status?: number; intent?: Intent; retries?: number; transportError?: string; op?: string; url?: string; body?: unknown; headers?: Record<string, string>; label?: string } = {}): Exchange {
  const e: Exchange = {
    request: { method: 'GET', url: o.url ?? 'http://127.0.0.1:1/api/countries/81', headers: o.headers ?? { accept: 'application/json' }, auth: 'default', ...(o.body !== undefined ? { body: o.body } : {}) },
    response: { status: o.status ?? 200, headers: {}, text: '', durationMs: ms, ...(o.transportError ? { transportError: o.transportError } : {}) },
    intent: o.intent ?? 'positive',
    operationId: o.op ?? 'getCountry',
  };
  if (o.retries) e.retries = o.retries;
  if (o.label) e.label = o.label;
  return e;
}

function op(p: Partial<Operation> & { id: string }): Operation {
  return { method: 'get', path: `/${p.id}`, group: 'g', tags: [], deprecated: false, parameters: [], formFields: [], responses: [], secured: true, extensions: {}, ...p };
}

const GET_COUNTRY = op({ id: 'getCountry', group: 'countries', path: '/countries/{country_id}', responses: [{ status: '200', contentTypes: [] }] });

function ctx(ms: number, source = 'MAX_RESPONSE_MS'): CheckContext {
  return { validateResponse: () => ({ ok: true, errors: [], schemaFound: false }), strictFields: false, responseBudget: () => ({ ms, source }) };
}

test.describe('response times @latency', () => {
  test('should take the "lower" percentile: the middle of 3, the slowest but one up to 20, the slowest but two of 40', () => {
    expect(percentile([], 0.95)).toBeUndefined();
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([10, 20, 30], 0.95)).toBe(20);
    expect(percentile([10, 20, 30], 0.5)).toBe(20);
    expect(percentile([10, 20, 30, 40], 0.5)).toBe(20);
    const twenty = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(percentile(twenty, 0.95)).toBe(19);
    const forty = Array.from({ length: 40 }, (_, i) => i + 1);
    expect(percentile(forty, 0.95)).toBe(38);
    expect(latencyOf([30, 10, 20])).toEqual({ count: 3, p50: 20, p95: 20, max: 30 });
    expect(latencyOf([])).toBeUndefined();
  });

  test('should fail an operation on two slow answers of three, never on one, and never without a budget', () => {
    expect(responseTimeProblem([100, 120, 3000], 2000)).toBeUndefined();
    expect(responseTimeProblem([100, 2600, 3000], 2000)).toMatchObject({ budgetMs: 2000, over: 2, latency: { p95: 2600, max: 3000 } });
    expect(responseTimeProblem([2500], 2000)).toMatchObject({ over: 1 });
    expect(responseTimeProblem([2500, 2500, 2500], 0)).toBeUndefined();
    expect(responseTimeProblem([], 2000)).toBeUndefined();
    // At the budget is within it.
    expect(responseTimeProblem([2000, 2000], 2000)).toBeUndefined();
  });

  test('should time only HTTP answers that were not a 429, came after no 429 retry, and were no look of the harness', () => {
    expect(isTimed(ex(5))).toBe(true);
    expect(isTimed(ex(5, { intent: 'negative', status: 400 }))).toBe(true);
    expect(isTimed(ex(5, { status: 429 }))).toBe(false);
    expect(isTimed(ex(5, { retries: 1 }))).toBe(false);
    expect(isTimed(ex(15000, { status: 0, transportError: 'TIMEOUT' }))).toBe(false);
    expect(isTimed(ex(5, { intent: 'support' }))).toBe(false);
    expect(isTimed(ex(5, { intent: 'plain-http' }))).toBe(false);
  });

  test('should fail the responseTime check with the slowest answers over budget as evidence, and skip it without a budget', () => {
    const answers = [ex(2510), ex(40, { intent: 'no-auth', status: 401 }), ex(2700, { intent: 'negative', status: 400, label: 'wrong-typed path id' }), ex(2600, { intent: 'wrong-auth', status: 401 }), ex(2505, { retries: 1 })];
    const findings = responseTimeAll(GET_COUNTRY, answers, ctx(2000));
    expect(findings.map((f) => f.evidence?.durationMs)).toEqual([2700, 2600, 2510]);
    expect(findings[0]).toMatchObject({ check: 'responseTime', operationId: 'getCountry', outcome: 'fail', title: 'p95 response time over budget' });
    expect(findings[0]?.message).toContain('p95 2600 ms over 4 answer(s)');
    expect(findings[0]?.message).toContain('budget of 2000 ms (MAX_RESPONSE_MS)');
    expect(findings[0]?.evidence?.curl).toContain("curl -sS -i 'http://127.0.0.1:1/api/countries/81'");
    expect(responseTimeAll(GET_COUNTRY, answers, ctx(5000, 'RESPONSE_BUDGETS countries'))).toEqual([]);
    const off = judge(responseTimeCheck, GET_COUNTRY, answers, ctx(0));
    expect(off).toMatchObject({ outcome: 'skip', reason: 'getCountry has no response-time budget (MAX_RESPONSE_MS=0).' });
    expect(judge(responseTimeCheck, GET_COUNTRY, answers, ctx(2000)).outcome).toBe('fail');
    expect(judge(responseTimeCheck, GET_COUNTRY, [ex(3, { status: 429 })], ctx(2000)).outcome).toBe('skip');
  });

  test('should make one defect of slow answers, whatever the slowest answer was (a 501 held long is no server-error defect here)', () => {
    const answers = [ex(2510), ex(2700, { intent: 'negative', status: 501, label: 'wrong-typed path id' }), ex(2600, { intent: 'wrong-auth', status: 401 })];
    const sigs = responseTimeAll(GET_COUNTRY, answers, ctx(2000)).map((f) => signaturesOf({ ...f, severity: f.severity, outcome: f.outcome }));
    expect(sigs.map((s) => s.length)).toEqual([1, 1, 1]);
    expect(new Set(sigs.map((s) => s[0]?.id)).size).toBe(1);
    const sig = sigs[0]?.[0];
    expect(sig).toMatchObject({ kind: 'behaviour', problem: 'responseTime', input: 'any input' });
    if (sig) expect(defectTitle(sig, undefined)).toBe('Answers slowly: the p95 response time is over the budget (MAX_RESPONSE_MS / RESPONSE_BUDGETS)');
  });
});

test.describe('response-time budgets @latency @config', () => {
  test('should parse RESPONSE_BUDGETS and give an operation its own entry over its group over MAX_RESPONSE_MS', () => {
    const overrides = parseResponseBudgets(' orders:4000, getCountry : 1000 ,cache:0');
    expect(overrides).toEqual({ orders: 4000, getCountry: 1000, cache: 0 });
    const b = { default: 2000, overrides };
    expect(budgetFor(b, { id: 'getCountry', group: 'countries' })).toBe(1000);
    expect(budgetFor(b, { id: 'getOrders', group: 'orders' })).toBe(4000);
    expect(budgetFor(b, { id: 'deleteCache', group: 'cache' })).toBe(0);
    expect(budgetFor(b, { id: 'getCustomers', group: 'customers' })).toBe(2000);
    expect(budgetSource(b, { id: 'getOrders', group: 'orders' })).toBe('RESPONSE_BUDGETS orders');
    expect(budgetSource(b, { id: 'getCustomers', group: 'customers' })).toBe('MAX_RESPONSE_MS');
    expect(parseResponseBudgets(undefined)).toEqual({});
    expect(unknownBudgetNames(b, [{ id: 'getCountry', group: 'countries' }, { id: 'getOrders', group: 'orders' }])).toEqual(['cache']);
  });

  test('should refuse a malformed RESPONSE_BUDGETS with one line naming the item', () => {
    for (const [raw, message] of [
      ['orders=4000', 'RESPONSE_BUDGETS item "orders=4000" is not <group or operationId>:<milliseconds>'],
      ['orders:4s', 'RESPONSE_BUDGETS item "orders:4s" is not'],
      ['orders:-1', 'is not'],
      ['orders:900000', '900000 ms is out of range; use 0..600000'],
      ['orders:1,orders:2', 'RESPONSE_BUDGETS names orders twice.'],
    ] as const) {
      expect(() => parseResponseBudgets(raw), raw).toThrow(BudgetSyntaxError);
      expect(() => parseResponseBudgets(raw), raw).toThrow(message);
    }
  });
});

test.describe("a test's traffic @latency @coverage", () => {
  test('should name every body field path, prefixes included, array items as []', () => {
    expect(bodyFieldPaths({ name: { de: 'x' }, items: [{ qty: 1, tags: ['a'] }, { sku: 'b' }], n: null }).sort()).toEqual(['items', 'items[].qty', 'items[].sku', 'items[].tags', 'n', 'name', 'name.de']);
    expect(bodyFieldPaths([{ email: 'a' }]).sort()).toEqual(['[].email']);
    expect(bodyFieldPaths('text')).toEqual([]);
  });

  test('should keep durations, the 3 slowest with curl, statuses, parameters and fields per operation; the harness\'s looks only timed', () => {
    const t: Traffic = {};
    for (const ms of [5, 50, 9, 70, 60]) addExchange(t, ex(ms, { url: 'http://h/api/countries/81?fields=id&fields=name' }));
    addExchange(t, ex(30, { status: 404, intent: 'negative', headers: { 'x-language': 'de' } }));
    addExchange(t, ex(80, { status: 500, intent: 'lookup' }));
    addExchange(t, ex(90, { status: 429 }));
    addExchange(t, ex(1, { op: 'createCustomers', body: [{ email: 'qa@example.test', addresses: [{ city: 'x' }] }] }));
    const c = t.getCountry;
    expect(c?.durations).toEqual([5, 50, 9, 70, 60, 30, 80]);
    expect(c?.slowest.map((s) => s.durationMs)).toEqual([80, 70, 60]);
    expect(c?.slowest[0]?.curl).toContain("curl -sS -i 'http://127.0.0.1:1/api/countries/81'");
    // The record keeper's look (lookup) is timed but neither provoked a status nor exercised anything;
    // a 429 is not timed, but it is an answer of the operation (a spec may declare it).
    expect(c?.statuses.sort()).toEqual([200, 404, 429]);
    expect(c?.params.sort()).toEqual(['header:accept', 'header:x-language', 'query:fields']);
    expect(t.createCustomers?.fields.sort()).toEqual(['[].addresses', '[].addresses[].city', '[].email']);
  });
});

function record(traffic: Traffic, outcome: TestRecord['outcome'] = 'pass'): TestRecord {
  return { title: 't', file: 'f', line: 1, operations: Object.keys(traffic), checks: ['c'], outcome, findings: [], durationMs: 1, traffic };
}

function seen(p: Partial<Traffic[string]>): Traffic[string] {
  return { durations: [], slowest: [], statuses: [], params: [], fields: [], ...p };
}

test.describe('coverage @coverage', () => {
  const body = {
    type: 'object',
    properties: {
      id: { type: 'integer', readOnly: true },
      name: { type: 'string' },
      address: { allOf: [{ type: 'object', properties: { city: { type: 'string' } } }, { properties: { zip: { type: 'string' } } }] },
      items: { type: 'array', items: { type: 'object', properties: { qty: { type: 'integer' } } } },
    },
  };

  test('should declare the body field paths of a schema: nested, list items, allOf merged, readOnly aside, cycles once', () => {
    expect(declaredFieldPaths(body)).toEqual(['address', 'address.city', 'address.zip', 'items', 'items[].qty', 'name']);
    expect(declaredFieldPaths({ type: 'array', items: { properties: { email: {} } } })).toEqual(['[].email']);
    const node: Record<string, unknown> = { type: 'object', properties: { name: { type: 'string' } } };
    (node.properties as Record<string, unknown>).children = { type: 'array', items: node };
    expect(declaredFieldPaths(node)).toEqual(['children', 'name']);
    expect(declaredFieldPaths(undefined)).toEqual([]);
  });

  test('should count statuses observed, parameters and fields sent per operation, Unsupported as 0, and average per group and run', () => {
    const create = op({
      id: 'createThing',
      group: 'things',
      method: 'post',
      parameters: [{ name: 'thing_id', in: 'path', required: true, schema: {} }, { name: 'fields', in: 'query', required: false, schema: {} }, { name: 'X-Language', in: 'header', required: false, schema: {} }],
      body: { required: true, contentTypes: ['application/json'], schema: body },
      responses: [{ status: '201', contentTypes: [] }, { status: '400', contentTypes: [] }, { status: '4XX', contentTypes: [] }, { status: 'default', contentTypes: [] }],
    });
    const read = op({ id: 'getThing', group: 'things', responses: [{ status: '200', contentTypes: [] }, { status: '404', contentTypes: [] }] });
    const lacking = op({ id: 'getOther', group: 'other', responses: [{ status: '200', contentTypes: [] }] });
    const left = op({ id: 'getLeftOut', group: 'left', responses: [{ status: '200', contentTypes: [] }] });
    const records = [
      record({ createThing: seen({ statuses: [201, 422], params: ['header:x-language', 'header:accept'], fields: ['name', 'items', 'items[].qty'] }) }),
      record({ createThing: seen({ statuses: [201], fields: ['address', 'unknown'] }), getThing: seen({ statuses: [200, 404] }), getOther: seen({ statuses: [404] }) }),
    ];
    const rows = [
      { id: 'createThing', group: 'things', status: 'conformant' as const, declared: true },
      { id: 'getThing', group: 'things', status: 'failing' as const, declared: true },
      { id: 'getOther', group: 'other', status: 'unsupported' as const, declared: true },
      { id: 'getLeftOut', group: 'left', status: 'outOfScope' as const, declared: true },
    ];
    const c = buildCoverage(records, [create, read, lacking, left], rows, 70);
    const thing = c.operations.find((o) => o.operation === 'createThing');
    // Statuses 201, 400, 4XX (met by the 422); default is no item.
    expect(thing?.statuses).toEqual({ observed: ['201', '4XX'], never: ['400'] });
    expect(thing?.undeclared).toEqual([]);
    expect(thing?.params).toEqual({ exercised: ['path:thing_id', 'header:X-Language'], never: ['query:fields'] });
    expect(thing?.fields).toEqual({ exercised: ['address', 'items', 'items[].qty', 'name'], never: ['address.city', 'address.zip'] });
    expect(thing).toMatchObject({ met: 8, items: 12, percent: 66.7 });
    expect(c.operations.find((o) => o.operation === 'getThing')).toMatchObject({ met: 2, items: 2, percent: 100 });
    // Unsupported counts 0 whatever it answered; out of scope counts in no mean.
    expect(c.operations.find((o) => o.operation === 'getOther')).toMatchObject({ met: 0, items: 1, percent: 0, unsupported: true });
    expect(c.operations.map((o) => o.operation)).not.toContain('getLeftOut');
    expect(c.groups).toEqual([
      { name: 'other', operations: 1, index: 0, score: 0 },
      { name: 'things', operations: 2, index: 83.4, score: 50 },
    ]);
    expect(c.index).toBe(55.6);
    expect(c.score).toBe(33.3);
    expect(c).toMatchObject({ min: 70, belowMin: true });
    expect(buildCoverage(records, [create, read, lacking, left], rows).min).toBeUndefined();
  });

  test('should sum the response times of every test per operation, with the run\'s slowest answers and each budget', () => {
    const records = [
      record({ getCountry: seen({ durations: [10, 30], slowest: [{ curl: 'a', status: 200, durationMs: 30, intent: 'positive' }] }) }),
      record({ getCountry: seen({ durations: [2500, 2600], slowest: [{ curl: 'b', status: 200, durationMs: 2600, intent: 'positive' }, { curl: 'c', status: 401, durationMs: 2500, intent: 'no-auth' }] }), getOrders: seen({ durations: [3000] }) }),
    ];
    const l = buildLatency(records, [GET_COUNTRY, op({ id: 'getOrders', group: 'orders' })], { default: 2000, overrides: { orders: 4000 } }, (id) => (id === 'getCountry' ? 'fail' : undefined));
    expect(l.answers).toBe(5);
    expect(l.operations.map((o) => [o.operation, o.count, o.p50, o.p95, o.max, o.budgetMs, o.overBudget, o.check])).toEqual([
      ['getOrders', 1, 3000, 3000, 3000, 4000, false, undefined],
      ['getCountry', 4, 30, 2500, 2600, 2000, true, 'fail'],
    ]);
    expect(l.slowest.map((s) => [s.operation, s.durationMs])).toEqual([['getCountry', 2600], ['getCountry', 2500], ['getCountry', 30]]);
  });
});
