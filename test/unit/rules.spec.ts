// The one judge per rule (src/checks/rules): what a list answer holds, when an answer says "not
// implemented", and the Link header where its two earlier judges disagreed.
import { expect, test } from '@playwright/test';
import { listAnswer, listItems, saysPathUnknown } from '../../src/core/answers.js';
import { linkHeaderProblems, parseLinkHeader } from '../../src/checks/rules/links.js';
import { notImplementedReason } from '../../src/checks/rules/not-implemented.js';
import { projectionProblem } from '../../src/checks/rules/fields.js';
import { matchesKeyword } from '../../src/checks/rules/search.js';
import { flippedSortProblem, parseSortKeys, sortProblem } from '../../src/checks/rules/sort.js';
import { Ajv } from 'ajv';
import { allowancesBehind, applyAllowances, loadAllowances } from '../../src/spec/allowances.js';
import { toSchemaErrors } from '../../src/spec/validators.js';
import type { Operation } from '../../src/spec/types.js';

function op(method: string, p: string, declared: string[] = ['200']): Operation {
  return { id: `${method} ${p}`, method, path: p, group: 'g', parameters: [], responses: declared.map((status) => ({ status })), extensions: {}, secured: true, deprecated: false, formFields: [] } as unknown as Operation;
}

const msgs = (problems: readonly { message: string }[]): string[] => problems.map((p) => p.message);

test.describe('rule judges @unit', () => {
  test('should read the records of a list answer, file-name lists as records, and nothing from a non-list', () => {
    expect(listAnswer([{ id: 1 }, 'x', { id: 2 }])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(listAnswer(['a.png', 'b.png'])).toEqual([{ id: 'a.png', name: 'a.png' }, { id: 'b.png', name: 'b.png' }]);
    expect(listAnswer({ data: [{ id: 3 }] })).toEqual([{ id: 3 }]);
    expect(listAnswer({ meta: 1, rows: [{ id: 4 }] })).toEqual([{ id: 4 }]);
    expect(listAnswer([])).toEqual([]);
    expect(listAnswer({ id: 1 })).toBeUndefined();
    expect(listAnswer('nope')).toBeUndefined();
    expect(listItems({ id: 1 })).toEqual([]);
  });

  test('should say "not implemented" for 405, an undeclared 501 and a 404 naming the path unknown, not for a missing record', () => {
    const get = op('get', '/vpe');
    const one = op('get', '/vpe/{id}', ['200', '404']);
    const a = (status: number, json?: unknown, text = '') => ({ status, text: text || (json === undefined ? '' : JSON.stringify(json)), ...(json === undefined ? {} : { json }) });
    expect(notImplementedReason(a(405), get)).toMatch(/405/);
    expect(notImplementedReason(a(501), get)).toMatch(/501/);
    expect(notImplementedReason(a(501), op('get', '/countries', ['200', '501']))).toBeUndefined();
    expect(notImplementedReason(a(404, { message: 'Resource not found.' }), one)).toMatch(/path is unknown/);
    expect(notImplementedReason(a(404, { message: 'Record 7 does not exist' }), one)).toBeUndefined();
    // A collection GET cannot miss a record: an undeclared 404 there means the path is unknown.
    expect(notImplementedReason(a(404, { message: 'x' }), get)).toMatch(/undeclared 404/);
    // Without the operation (the preflight), only what the answer says counts.
    expect(notImplementedReason(a(404, { message: 'x' }))).toBeUndefined();
    expect(notImplementedReason(a(404, undefined, ''))).toBeUndefined();
    expect(saysPathUnknown(a(404, undefined, 'no route matched'))).toBe(true);
  });

  test('should judge only the paging relations of a Link header, and let a link spell out a default parameter', () => {
    const req = 'https://shop.example.test/v2/customers?page=1&per_page=2';
    const next = 'https://shop.example.test/v2/customers?page=2&per_page=2';
    expect(parseLinkHeader(`<${next}>; rel="next"; title="a, b; c", <${next}>; rel=last,`).map((l) => l.rel)).toEqual(['next', 'last']);
    expect(msgs(linkHeaderProblems(req, `<${req}>; rel="self", <${next}>; rel="next", <${next}>; rel="last"`, 1, 2))).toEqual([]);
    expect(msgs(linkHeaderProblems(req, `<${next}&sort=%2Bid>; rel="next", <${next}&sort=%2Bid>; rel="last"`, 1, 2))).toEqual([]);
    expect(msgs(linkHeaderProblems(req, `<${next.replace('per_page=2', 'per_page=3')}>; rel="next", <${next}>; rel="last"`, 1, 2))[0]).toMatch(/rel="next" changes the other query parameters \(per_page=3 instead of 2\)/);
    expect(msgs(linkHeaderProblems(req, `<${next}>; rel="next", <${req}>; rel="next", <${next}>; rel="last"`, 1, 2))[0]).toMatch(/given 2 times/);
  });

  test('should judge a projection by the fields asked and a hit by its keyword', () => {
    expect(projectionProblem({ id: 1, _links: {} }, ['id'], { id: 1, name: 'x' })).toBeUndefined();
    expect(projectionProblem({ id: 1, name: 'x' }, ['id'], undefined)).toMatch(/not asked for: name/);
    expect(projectionProblem({ name: 'x' }, ['id', 'name'], { id: 1, name: 'x' })).toMatch(/present in the full record: id/);
    expect(matchesKeyword({ name: 'José' }, 'JOSE')).toBe(false);
    expect(matchesKeyword({ name: 'José' }, 'JOSE', true)).toBe(true);
    // A hit found by a nested value is generous, not wrong; a miss is owed only in first-level fields.
    expect(matchesKeyword({ subject: 'x', sender: { emailAddress: 'a@example.test' } }, 'L', true)).toBe(true);
    expect(matchesKeyword({ subject: 'x', sender: { emailAddress: 'a@example.test' } }, 'L')).toBe(false);
  });
});

test.describe('rule bases @unit', () => {
  test('should fail an order no collation explains, and only advise one that holds case-insensitively', () => {
    const keys = parseSortKeys(['+name']);
    expect(sortProblem([{ name: 'A' }, { name: 'B' }, { name: 'a' }], keys)).toBeUndefined();
    expect(sortProblem([{ name: 'a' }, { name: 'B' }, { name: 'c' }], keys)?.basis.kind).toBe('project');
    expect(sortProblem([{ name: '9' }, { name: '10' }], keys)?.basis.kind).toBe('project');
    expect(sortProblem([{ name: 'c' }, { name: 'a' }], keys)?.basis.kind).toBe('described');
    // The same answer for +name and -name fits no one collation, though each fits one alone.
    const same = [{ name: 'Q' }, { name: 'b' }];
    expect(sortProblem(same, parseSortKeys(['-name']))?.basis.kind).toBe('project');
    expect(flippedSortProblem(same, keys, same, parseSortKeys(['-name']))?.basis.kind).toBe('described');
    expect(flippedSortProblem(same, keys, [{ name: 'b' }, { name: 'Q' }], parseSortKeys(['-name']))).toBeUndefined();
  });

  test('should fail a missing or misdirected paging relation, and advise one that is not due', () => {
    const req = 'https://shop.example.test/v2/customers?page=2&per_page=2';
    const at = (p: number) => `https://shop.example.test/v2/customers?page=${p}&per_page=2`;
    expect(linkHeaderProblems(req, `<${at(1)}>; rel="first"`, 2, 2).map((p) => p.basis.kind)).toEqual(['described']);
    expect(linkHeaderProblems(req, `<${at(1)}>; rel="first", <${at(1)}>; rel="previous", <${at(2)}>; rel="next"`, 2, 2).map((p) => p.basis.kind)).toEqual(['observed']);
  });

  test('should take back what the vendor allows: nothing required of an error, null where its example has null, int64 to 2^63', () => {
    const raw = {
      swagger: '2.0',
      definitions: {
        ShopError: { type: 'object', required: ['code'], properties: { code: { type: 'integer' } } },
        ShopAddress: { type: 'object', properties: { class: { type: 'string' }, id: { type: 'integer', format: 'int64' } } },
      },
    };
    const out = applyAllowances(raw, [
      { schema: 'ShopError', path: '', allow: 'unrequired', basis: 'erratum', ref: 'ERRATA #29' },
      { schema: 'ShopAddress', path: '/properties/class', allow: 'null', basis: 'project', ref: 'x-example-type null' },
      { schema: 'ShopAddress', path: '/properties/id', allow: 'string', basis: 'project', ref: 'x-example-type string' },
      { schema: 'Nowhere', path: '/x', allow: 'null', basis: 'project', ref: 'absent schema' },
    ]);
    expect(raw.definitions.ShopError.required).toEqual(['code']);
    const defs = out.definitions as Record<string, Record<string, unknown>>;
    expect(defs.ShopError?.required).toBeUndefined();
    expect((defs.ShopAddress?.properties as Record<string, Record<string, unknown>>).class?.['x-nullable']).toBe(true);
    expect((defs.ShopAddress?.properties as Record<string, Record<string, unknown>>).id?.anyOf).toHaveLength(2);
    const errs = [{ path: '/3/class', schemaPath: '#/properties/class/type', message: 'must be string' }];
    expect(allowancesBehind(errs, loadAllowances()).map((a) => `${a.schema}${a.path}`)).toEqual(['ShopAddress/properties/class']);
  });

  test('should let an operation on one record answer the one record where a list is declared, in one place for every such operation', () => {
    const list = { type: 'array', items: { $ref: '#/definitions/ShopReviewResult' } };
    const raw = {
      swagger: '2.0',
      definitions: { ShopReviewResult: { type: 'object' } },
      paths: {
        '/reviews': { get: { responses: { '200': { schema: list } } } },
        '/reviews/{review_id}': { delete: { responses: { '200': { schema: list }, '400': { schema: list } } } },
        '/customer_groups/{customer_group_id}': { get: { responses: { '200': { schema: list } } } },
      },
    };
    const rule = loadAllowances().filter((a) => a.schema === 'one-record-answers');
    expect(rule).toHaveLength(1);
    const out = applyAllowances(raw, rule) as unknown as typeof raw;
    // The list of the collection stays a list; each one-record answer also takes the record; error answers are not touched.
    expect(out.paths['/reviews'].get.responses['200'].schema).toEqual(list);
    expect(out.paths['/reviews/{review_id}'].delete.responses['200'].schema).toEqual({ anyOf: [list, list.items] });
    expect(out.paths['/reviews/{review_id}'].delete.responses['400'].schema).toEqual(list);
    expect(out.paths['/customer_groups/{customer_group_id}'].get.responses['200'].schema).toEqual({ anyOf: [list, list.items] });
    // The advisory of an answer our spec refuses names it.
    expect(allowancesBehind([{ path: '', schemaPath: '#/type', message: 'must be array' }], loadAllowances()).map((a) => a.schema)).toEqual(['one-record-answers']);
  });

  test('should name only the problem of the record a one-record answer holds, not the list shape the allowance takes', () => {
    const record = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } };
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile({ anyOf: [{ type: 'array', items: record }, record] });
    const messages = (body: unknown): string[] => (validate(body) ? [] : toSchemaErrors(validate.errors).map((e) => `${e.path} ${e.message}`));
    // GX 4.8's withdrawal read: one record, without a required field. One problem, not three.
    expect(messages({ id: 1 })).toEqual(["/ must have required property 'name'"]);
    expect(messages([{ id: 1 }])).toEqual(["/0 must have required property 'name'"]);
    // Neither a list nor a record: that is the problem, and every branch says so.
    expect(messages('text')).toEqual(['/ must be array', '/ must be object', '/ must match a schema in anyOf']);
    expect(messages({ id: 1, name: 'x' })).toEqual([]);
  });
});
