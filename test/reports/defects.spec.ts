// Defects (src/report/defects/): every Fail grouped by its cause, with a stable signature, ranked
// worst first, each with a reproduction and its cells; baselines that know defects, not only
// cells; the page, Markdown and JUnit leading with them. No run: hand-made records.
import { expect, test } from '@playwright/test';
import type { Evidence } from '../../src/core/finding.js';
import { parseBaseline, updatedEntries, type Baseline } from '../../src/report/compatibility/baseline.js';
import { buildReport, rebaseline } from '../../src/report/compatibility/build.js';
import { renderJUnit } from '../../src/report/compatibility/junit.js';
import { renderHtml } from '../../src/report/compatibility/render-html.js';
import { renderMarkdown } from '../../src/report/compatibility/render-md.js';
import type { ReportFinding } from '../../src/report/compatibility/test-record.js';
import type { BaselineEntry } from '../../src/report/compatibility/types.js';
import { normalise, signaturesOf } from '../../src/report/defects/signature.js';
import { catalogue, META, op, rec } from './support/records.js';

const OPS = [op('getCustomer', 'customers'), op('getCustomers', 'customers'), op('getProduct', 'products'), op('deleteProduct', 'products'), op('getOrders', 'orders')];

function ev(status: number, extra: Partial<Evidence> = {}): Evidence {
  return { curl: "curl -sS -i 'https://shop.example.test/api.php/v2/x' -u \"$API_USER:$API_PASSWORD\"", status, headers: {}, bodyExcerpt: '', declaredStatuses: ['200'], ...extra };
}

const INT_TYPE = '{"code":500,"status":"error","message":"IntType: Invalid argument value given"}';

function f(check: string, operationId: string, evidence: Evidence, title = 'something is wrong'): ReportFinding {
  return { check, operationId, title, message: `${operationId}: ${title}`, severity: 'major', outcome: 'fail', evidence };
}

const serverError = (operationId: string, check: string, id: string, value = '99999999999999999999'): ReportFinding =>
  f(check, operationId, ev(500, { bodyExcerpt: INT_TYPE, intent: 'negative', method: operationId.startsWith('delete') ? 'DELETE' : 'GET', label: `${/^\d+$/.test(value) ? 'out-of-range' : 'wrong-typed'} path id ${id}=${value}`, curl: `curl -sS -i 'https://shop.example.test/api.php/v2/${operationId}/${value}' -u "$API_USER:$API_PASSWORD"` }));
const lacksEmail = (operationId: string, path: string): ReportFinding => f('responseSchemaConformance', operationId, ev(200, { intent: 'positive', schemaErrors: [{ path, schemaPath: '#/required', message: "must have required property 'email'" }] }));
const withPassword = (operationId: string): ReportFinding => f('responseSchemaConformance', operationId, ev(200, { intent: 'positive', schemaErrors: [{ path: '/password', schemaPath: '#/not', message: 'must NOT be present' }] }));

function build(records: Parameters<typeof buildReport>[0]['records'], entries: BaselineEntry[] = []) {
  const baseline: Baseline = { file: entries.length ? '/p/baseline.json' : undefined, entries };
  return buildReport({ catalogue: catalogue(OPS), records, meta: META, baseline, projectRoot: '/p', runStatus: 'failed', now: new Date('2026-01-02T00:00:00Z') });
}

test.describe('defect signatures @reports', () => {
  test('should take ids, run tokens, e-mails, drawn values and numbers out of messages', () => {
    expect(normalise('GET /categories/89 should answer what POST /categories was given: sent "qa-r2611252147804z-3br-684"')).toBe('GET /categories/# should answer what POST /categories was given: sent "…"');
    expect(normalise('customer qa+r2611252147804z-100880@example.test exists since 2026-11-25 22:48:07')).toBe('customer <e-mail> exists since # #');
  });

  test('should make one signature of a 500 whatever check judged it, on any operation, for the same message', () => {
    const a = signaturesOf(serverError('getProduct', 'notAServerError', 'product_id'));
    const b = signaturesOf(serverError('deleteProduct', 'negativeDataRejection', 'product_id'));
    expect(a.map((s) => s.text)).toEqual(b.map((s) => s.text));
    // A message that names its cause is one code path, whatever invalid input met it; the value it complains about goes.
    expect(a[0]?.text).toBe('server-error | 500 | IntType: Invalid argument value given | invalid input');
    const wrongTyped = signaturesOf(f('notAServerError', 'getProduct', ev(500, { bodyExcerpt: INT_TYPE, intent: 'negative', label: 'wrong-typed path id product_id=1abc' })));
    expect(wrongTyped[0]?.text).toBe(a[0]?.text);
    // The same message on a valid request is another defect (GX 4.8: IntType "got NULL" on a valid
    // PUT of graduated prices, and on updateProductLink's broken bodies): a crash on what a client
    // may send is not the missing validation of what it may not.
    // A bare value type on a valid request names no code path: the value is the operation's own
    // (GX 4.8: "IntType ... got NULL" on postWithdrawals, updateReviews and an override of
    // updateCustomer would be three causes in one group).
    const valid = signaturesOf(f('notAServerError', 'getProduct', ev(500, { bodyExcerpt: INT_TYPE, intent: 'positive' })));
    expect(valid[0]?.text).toBe('server-error | 500 | IntType: Invalid argument value given | valid request to getProduct');
    expect(signaturesOf(f('notAServerError', 'updateReviews', ev(500, { bodyExcerpt: INT_TYPE, intent: 'positive' })))[0]?.text).not.toBe(valid[0]?.text);
    const valued = signaturesOf(f('notAServerError', 'getProduct', ev(500, { bodyExcerpt: '{"message":"IntType: Invalid argument value given (expected numeric int got string): 1abc"}', intent: 'negative', label: 'wrong-typed path id product_id=1abc' })));
    expect(valued[0]?.detail).toBe('IntType: Invalid argument value given (expected numeric int got string)');
    // An empty answer says little: the kind of input tells causes apart (broken bodies are one kind).
    const empty = (label: string) => signaturesOf(f('notAServerError', 'getProduct', ev(500, { bodyExcerpt: '', intent: 'negative', label })))[0]?.text;
    expect(empty('malformed JSON body')).toBe('server-error | 500 | (empty body) | an invalid body');
    expect(empty('missing required body')).toBe(empty('malformed JSON body'));
    // A wrong-typed id (a probe's, or a suite's `customer_id=abc`), an out-of-range one and one no shop has are three kinds.
    expect(empty('wrong-typed path id product_id=1abc')).toBe('server-error | 500 | (empty body) | a wrong-typed id');
    expect(empty('customer_id=abc')).toBe(empty('wrong-typed path id product_id=1abc'));
    expect(empty('out-of-range path id product_id=99999999999999999999')).toBe('server-error | 500 | (empty body) | an out-of-range id');
    expect(empty('a zone id no shop has')).toBe('server-error | 500 | (empty body) | a request for a record that does not exist');
  });

  test('should make one signature of a 500 that quotes a value the request sent, whichever value it quotes', () => {
    // GX 4.8 refuses some declared sort keys of /customers with a 500 naming the first it meets:
    // which key that is depends on the keys a test drew, not on the cause.
    const sorted = (sort: string, field: string) =>
      signaturesOf(f('rule:sort', 'getCustomers', ev(500, { intent: 'positive', bodyExcerpt: `{"message":"The field '${field}' is not a valid field name."}`, curl: `curl -sS -i 'https://shop.example.test/api.php/v2/customers?sort=${encodeURIComponent(sort)}' -u "$API_USER:$API_PASSWORD"` })))[0]?.text;
    expect(sorted('+email,+isGuest,+addonValues', 'isGuest')).toBe("server-error | 500 | The field '…' is not a valid field name. | valid request");
    expect(sorted('-addonValues', 'addonValues')).toBe(sorted('+email,+isGuest,+addonValues', 'isGuest'));
    // A quoted name the request did not send is the shop's own words, and stays.
    expect(sorted('+email', 'customers_id')).toBe("server-error | 500 | The field 'customers_id' is not a valid field name. | valid request");
  });

  test('should keep apart what mixed two causes on GX 4.8: error answers with nothing or with a stack trace, a root of the wrong type for two kinds of input', () => {
    // errorBodyShape "without an error body": a 500 with nothing (searches given a broken body) and a
    // 400 with a PHP stack trace as a JSON array (createSpecialOffers) are two defects; the same kind
    // of body on a 400 and a 500 is one.
    const noBody = (status: number, bodyExcerpt: string) => signaturesOf(f('errorBodyShape', 'searchCategories', ev(status, { bodyExcerpt, intent: 'negative', label: 'malformed JSON body' }), `${status} without an error body`))[0]?.text;
    const trace = '[\n    {\n        "file": "/srv/shop/GXEngine/Shared/Types/IdType.inc.php",\n        "line": 47';
    expect(noBody(500, '')).toBe('errorBodyShape | error | # without an error body: an empty body | any input');
    expect(noBody(400, trace)).toBe('errorBodyShape | error | # without an error body: a JSON array | any input');
    expect(noBody(400, '')).toBe(noBody(500, ''));
    // A body whose root is not the declared kind says what the shop did with the request: the list
    // for GET /addresses/1abc and [] for a PUT with a broken body are two defects; a field of the
    // wrong type is the serializer's, whatever the request.
    const rootNotObject = (label: string | undefined, intent: string, status = 200) => signaturesOf(f('responseSchemaConformance', 'getAddress', ev(status, { intent, ...(label ? { label } : {}), bodyExcerpt: '[{"id": 1}]', schemaErrors: [{ path: '', schemaPath: '#/type', message: 'must be object' }] })))[0]?.text;
    expect(rootNotObject('wrong-typed path id address_id=1abc', 'negative', 400)).toBe('responseSchemaConformance | error | / must be object | a wrong-typed id');
    expect(rootNotObject('malformed JSON body', 'negative', 400)).toBe('responseSchemaConformance | error | / must be object | an invalid body');
    // A success answer to input sent to be refused is that input accepted, whichever check judged
    // its shape: one exchange, one defect.
    expect(rootNotObject('wrong-typed path id address_id=1abc', 'negative')).toBe('invalid-input-accepted | 2xx |  | a wrong-typed id');
    const field = (label: string | undefined, intent: string) => signaturesOf(f('responseSchemaConformance', 'getProduct', ev(200, { intent, ...(label ? { label } : {}), schemaErrors: [{ path: '/discountAllowed', schemaPath: '#/properties/discountAllowed/type', message: 'must be integer' }] })))[0]?.text;
    expect(field('record 5 read back', 'follow-up')).toBe(field(undefined, 'positive'));
    expect(field(undefined, 'positive')).toBe('responseSchemaConformance | 2xx | /discountAllowed must be integer | any input');
    // One rule step met on several resources is one defect, whichever field holds the searched text.
    expect(normalise('search and q should each answer only the records containing "Standardsatz", the record whose title it is among them')).toBe(normalise('search and q should each answer only the records containing "19% MwSt.", the record whose description it is among them'));
  });

  test('should make one signature per schema problem, the same for a list and a single record', () => {
    const list = signaturesOf(lacksEmail('getCustomers', '/3'));
    const single = signaturesOf(lacksEmail('getCustomer', ''));
    expect(list.map((s) => s.text)).toEqual(single.map((s) => s.text));
    const both = signaturesOf({ ...lacksEmail('getCustomers', '/0'), evidence: ev(200, { schemaErrors: [...(lacksEmail('x', '/0').evidence?.schemaErrors ?? []), ...(withPassword('x').evidence?.schemaErrors ?? [])] }) });
    expect(both.length).toBe(2);
  });
});

test.describe('one cause, one group: the splits and mixes of a GX 4.8 run @reports', () => {
  const text = (x: ReportFinding): string => signaturesOf(x)[0]?.text ?? '';
  const body = (message: string): string => JSON.stringify({ code: 0, status: 'error', message });

  test('should group what one cause shows, whichever test met it', () => {
    // The same 415 from an upload without a file: the attachments test and the catalogue file suites.
    const upload = (label: string, title: string) => ({ ...f('rule:files', 'uploadCategoryIcons', ev(415, { intent: 'negative', method: 'POST', label, bodyExcerpt: body('Unsupported Media Type HTTP') }), title), aboutStatus: true as const });
    expect(text(upload('upload without a file', 'POST /attachments without a file should answer 400'))).toBe(text(upload('upload without a file', 'an upload without a file should be refused with 400')));
    expect(text(upload('upload without its file (file)', 'x'))).toBe('refused-with-another-status | 415 |  | an upload without a file');
    // createAddress's 500s: the model refuses a value by naming its parameter, whichever.
    const address = (message: string, label: string) => text(f('rule:negative-data', 'createAddress', ev(500, { intent: 'negative', method: 'POST', label, bodyExcerpt: body(message) })));
    const causes = new Set([address('$p_company is not a string', 'breaks type: /company: object {}'), address('$p_firstname is not a string', 'breaks type: /firstname: boolean false'), address('$p_gender is not expected string "m", "f" or "o"', 'breaks enum: /gender: "F"'), address('$p_lastname is not a string', 'breaks type: /lastname: object {}')]);
    expect([...causes]).toEqual(['server-error | 500 | $… is not … | invalid input']);
    // The date check every controller repeats, worded its own way: one refusal of a valid request with changed=.
    const dated = (operationId: string, word: string) => text({ ...f('rule:changed-date', operationId, ev(400, { intent: 'positive', method: 'GET', label: 'changed=2026-11-29', bodyExcerpt: body(`Given ${word} date is invalid. Expected format: 2018-09-25 15:59:01`) }), `${operationId} with {"search":"x","changed":"2026-11-29"} should answer 200 with a list`), aboutStatus: true as const });
    expect(new Set([dated('getCustomers', 'modified'), dated('getCategories', 'modified'), dated('getProducts', 'changed')]).size).toBe(1);
    expect(dated('getProducts', 'changed')).toBe('valid-request-refused | 400 | rule:changed-date | a valid request with changed=…');
    // A shape problem of what the shop made of a body it should have refused is that acceptance.
    const missingBody = (check: string) => text(f(check, 'createQuantityUnits', ev(200, { intent: 'negative', method: 'POST', label: 'missing required body', bodyExcerpt: '{"id": 3, "names": []}', schemaErrors: [{ path: '/names', schemaPath: '#/type', message: 'must be object' }] })));
    expect(missingBody('responseSchemaConformance')).toBe(missingBody('negativeDataRejection'));
    // The same field broken by the contract probe and by the negative-data property: one class.
    const b2b = (label: string, check: string) => text(f(check, 'createAddress', ev(201, { intent: 'negative', method: 'POST', label, bodyExcerpt: '{"id": 4}', curl: "curl -sS -i -X POST 'https://shop.example.test/api.php/v2/addresses'" })));
    expect(b2b('body field of the wrong type (b2bStatus is a string)', 'negativeDataRejection')).toBe(b2b('breaks type: /b2bStatus: string "x" where the schema allows boolean', 'rule:negative-data'));
  });

  test('should keep apart what two causes show, and what unrelated operations would share only by accident', () => {
    // (bool) casting of an address's b2bStatus and `isGuest === true` on customers: each resource's
    // controller reads its body, so the class names the resource.
    const mistyped = (path: string, field: string) => text(f('negativeDataRejection', 'x', ev(200, { intent: 'negative', method: 'PUT', label: `body field of the wrong type (${field} is a string)`, bodyExcerpt: '{"id": 3}', curl: `curl -sS -i -X PUT 'https://shop.example.test/api.php/v2/${path}' -u "$API_USER:$API_PASSWORD"` })));
    expect(mistyped('addresses/3', 'b2bStatus')).not.toBe(mistyped('customers/3', 'isGuest'));
    expect(mistyped('addresses/3', 'b2bStatus')).toBe('invalid-input-accepted | 2xx |  | a body field of the wrong type to addresses');
    // One resource's fields are one cause: its controller does not check types.
    expect(mistyped('customers/3', 'isGuest')).toBe(mistyped('customers', 'gender'));
    expect(text(f('rule:negative-data', 'x', ev(201, { intent: 'negative', method: 'POST', label: 'breaks type: /1/isGuest: string "true" where the schema allows boolean', bodyExcerpt: '{"id": 3}', curl: "curl -sS -i -X POST 'https://shop.example.test/api.php/v2/customers'" })))).toBe(mistyped('customers/3', 'isGuest'));
    // A deleted category read back as {} and a quantity price answered for quantity 0: both "an
    // invalid read answered 200", two causes.
    const deleted = text({ ...f('rule:error-status', 'getCategory', ev(200, { intent: 'negative', method: 'GET', label: 'a record that does not exist', bodyExcerpt: '{}' }), 'getCategory of a deleted category should answer 404'), aboutStatus: true as const });
    const quantity = text({ ...f('rule:graduated-prices', 'getProductQuantityPrices', ev(200, { intent: 'negative', method: 'GET', bodyExcerpt: '{"productId": 5, "graduatedPrice": 10}' }), 'a quantity of 0 should be refused with 400'), aboutStatus: true as const });
    expect(deleted).toBe('invalid-input-accepted | 2xx | an empty object | a request for a record that does not exist');
    expect(quantity).not.toBe(deleted);
    // The same deleted read in the lifecycle test is the same defect as in the error-status test.
    expect(text({ ...f('rule:lifecycle', 'getCategory', ev(200, { intent: 'negative', method: 'GET', label: 'a record that does not exist', bodyExcerpt: '{}' }), 'a deleted category should read 404'), aboutStatus: true as const })).toBe(deleted);
  });
});

test.describe('defects of a run @reports', () => {
  const records = () => [
    rec(['getProduct'], ['notAServerError'], 'fail', { findings: [serverError('getProduct', 'notAServerError', 'product_id')] }),
    rec(['getProduct'], ['negativeDataRejection'], 'fail', { findings: [serverError('getProduct', 'negativeDataRejection', 'product_id')] }),
    rec(['deleteProduct'], ['notAServerError'], 'fail', { findings: [serverError('deleteProduct', 'notAServerError', 'product_id', '1abc')] }),
    rec(['getCustomers'], ['responseSchemaConformance'], 'fail', { findings: [lacksEmail('getCustomers', '/0')] }),
    rec(['getCustomer'], ['responseSchemaConformance'], 'fail', { findings: [lacksEmail('getCustomer', '')] }),
    rec(['getOrders'], ['rule:paging'], 'fail', { message: 'Error: expected 3 pages, got 2\n  at …' }),
    rec(['getOrders'], ['rule:sort'], 'error', { message: 'Harness error: boom' }),
  ];

  test('should group every Fail by its cause, rank server errors first and shapes last, and link each cell to its defect', () => {
    const r = build(records());
    expect(r.defects.map((d) => [d.rank, d.kind, d.operations.length, d.cells.length])).toEqual([
      [1, 'server-error', 2, 3],
      [2, 'other', 1, 1],
      [3, 'shape', 2, 2],
    ]);
    const [crash, , shape] = r.defects;
    // One defect for the out-of-range and the wrong-typed id that met it; its title names both.
    expect(crash?.title).toBe('Answers 500 "IntType: Invalid argument value given" to an out-of-range id or a wrong-typed id');
    expect(crash?.severity).toBe('critical');
    expect(crash?.reproduction.curl).toContain('/getProduct/99999999999999999999');
    expect(crash?.reproduction.replay).toBe("npx playwright test suites/x.spec.ts -g 'getProduct notAServerError fail'");
    expect(shape?.title).toBe('Answers 2xx bodies that break the declared schema: `email` is missing');
    expect(r.failures.find((c) => c.operation === 'deleteProduct')?.defects).toEqual([crash?.id]);
    // Error cells are the harness's: a failure, but no defect of the target.
    expect(r.failures.find((c) => c.check === 'rule:sort')?.defects).toBeUndefined();
    expect(r.counts.defects).toEqual({ total: 3, new: 3, known: 0 });
  });

  test('should lead the page and the Markdown with the ranked defects, and give JUnit a case per defect beside those per cell', () => {
    const r = build(records());
    const html = renderHtml(r);
    expect(html.indexOf('<h2 id="defects">')).toBeGreaterThan(0);
    expect(html.indexOf('<h2 id="defects">')).toBeLessThan(html.indexOf('<h2 id="groups">'));
    expect(html.indexOf('<h2 id="defects">')).toBeLessThan(html.indexOf('<h2 id="failures">'));
    const crash = r.defects[0];
    expect(html).toContain(`<section class="defect" id="${crash?.id ?? ''}"`);
    expect(html).toContain(`href="#${crash?.id ?? ''}">#1 Answers 500`);
    expect(html).toContain('href="#f--deleteProduct--notAServerError"');
    const md = renderMarkdown(r);
    expect(md.indexOf('## Defects (3: 3 new, 0 known)')).toBeLessThan(md.indexOf('## Failures'));
    const junit = renderJUnit(r);
    expect(junit).toContain('<testsuite name="defects" tests="3" failures="3" skipped="0">');
    expect(junit).toContain('classname="defects.server-error" name="#1 Answers 500 &quot;IntType: Invalid argument value given&quot; to an out-of-range id or a wrong-typed id');
    expect(junit).toMatch(/<testcase classname="cells\.products\.deleteProduct" name="notAServerError"><failure/);
  });
});

test.describe('baselines that know defects @reports', () => {
  test('should fail the gate where a known defect reached a cell no entry naming it names, and say so', () => {
    const crash = build([rec(['getProduct'], ['notAServerError'], 'fail', { findings: [serverError('getProduct', 'notAServerError', 'product_id')] })]).defects[0];
    const entries: BaselineEntry[] = [{ operation: 'getProduct', check: 'notAServerError', defect: crash?.signature ?? '', reason: 'vendor ticket 7' }];
    const records = [
      rec(['getProduct'], ['notAServerError'], 'fail', { findings: [serverError('getProduct', 'notAServerError', 'product_id')] }),
      rec(['deleteProduct'], ['notAServerError'], 'fail', { findings: [serverError('deleteProduct', 'notAServerError', 'product_id', '1abc')] }),
    ];
    const r = build(records, entries);
    // A regression for a CI owner: the defect is known, the new operation it reached is not.
    expect(r.gate.ok).toBe(false);
    expect(r.gate.newFailures).toEqual([{ operation: 'deleteProduct', check: 'notAServerError', outcome: 'fail', defects: [crash?.id] }]);
    expect(r.gate.known.map((k) => k.operation)).toEqual(['getProduct']);
    expect(r.defects[0]?.known).toBe(true);
    expect(r.gate.defects?.new).toEqual([]);
    expect(r.gate.defects?.reached).toEqual([{ id: crash?.id, cells: [{ operation: 'deleteProduct', check: 'notAServerError' }] }]);
    expect(r.gate.defects?.spread).toEqual([]);
    expect(r.defects[0]?.cells.find((c) => c.operation === 'deleteProduct')?.beyondBaseline).toBe(true);
    expect(renderHtml(r)).toContain('It now reaches 1 cell(s) the baseline does not name, which fail the gate:');
    expect(renderMarkdown(r)).toContain('1 known defect in cells the baseline does not name');
    expect(renderJUnit(r)).toMatch(/name="#1 Answers 500[^"]*"><failure/);
    // Tolerated spread is an explicit option with its reason: then the cell is known.
    const tolerant = build(records, [{ ...(entries[0] as BaselineEntry), spread: 'one IntType check for every product id: accepted wherever it shows' }]);
    expect(tolerant.gate.ok).toBe(true);
    expect(tolerant.gate.defects?.spread).toEqual([{ id: crash?.id, cells: [{ operation: 'deleteProduct', check: 'notAServerError' }] }]);
    expect(tolerant.gate.defects?.reached).toEqual([]);
    expect(tolerant.defects[0]?.cells.find((c) => c.operation === 'deleteProduct')?.tolerated).toBe(true);
    expect(renderHtml(tolerant)).toContain('Its spread is tolerated in 1 cell(s) the baseline does not name');
    expect(() => parseBaseline(JSON.stringify({ deviations: [{ operation: 'a', check: 'b', reason: 'c', spread: 'anywhere' }] }), 'b.json')).toThrow(/"spread" needs a "defect"/);
    expect(parseBaseline(JSON.stringify({ deviations: [{ operation: 'a', check: 'b', reason: 'c', defect: 'x', spread: ' anywhere ' }] }), 'b.json')[0]?.spread).toBe('anywhere');
  });

  test('should fail the gate on a new defect in a cell that holds a known one, and a cell-only entry should not hide it only when it names the defect', () => {
    const known = build([rec(['getCustomers'], ['responseSchemaConformance'], 'fail', { findings: [withPassword('getCustomers')] })]).defects[0];
    const bothInOneAnswer = { ...lacksEmail('getCustomers', '/0'), evidence: ev(200, { intent: 'positive', schemaErrors: [...(lacksEmail('x', '/0').evidence?.schemaErrors ?? []), ...(withPassword('x').evidence?.schemaErrors ?? [])] }) };
    const records = [rec(['getCustomers'], ['responseSchemaConformance'], 'fail', { findings: [bothInOneAnswer] })];
    const r = build(records, [{ operation: 'getCustomers', check: 'responseSchemaConformance', defect: known?.signature ?? '', reason: 'vendor ticket 9' }]);
    expect(r.gate.ok).toBe(false);
    const email = r.defects.find((d) => d.title.includes('`email` is missing'));
    expect(r.gate.newFailures).toEqual([{ operation: 'getCustomers', check: 'responseSchemaConformance', outcome: 'fail', defects: [email?.id] }]);
    expect(r.defects.find((d) => d.id === known?.id)?.known).toBe(true);
    // An entry that names the cell but no defect knows whatever fails in it (older baselines): said, not hidden.
    const old = rebaseline(r, { file: '/p/old.json', entries: [{ operation: 'getCustomers', check: 'responseSchemaConformance', reason: 'schema' }] }, '/p');
    expect(old.gate.ok).toBe(true);
    expect(old.gate.defects?.cellOnly).toBe(1);
  });

  test('should read a defect from the baseline file and add the signatures of their cells to entries that name none', () => {
    const entries = parseBaseline(JSON.stringify({ deviations: [{ operation: 'getCustomers', check: 'responseSchemaConformance', reason: 'schema', defect: 'responseSchemaConformance | 2xx | /password must NOT be present | any input' }] }), 'b.json');
    expect(entries[0]?.defect).toBe('responseSchemaConformance | 2xx | /password must NOT be present | any input');
    expect(() => parseBaseline(JSON.stringify({ deviations: [{ operation: 'a', check: 'b', reason: 'c', defect: 3 }] }), 'b.json')).toThrow(/"defect" must be/);
    const r = build([rec(['getCustomers'], ['responseSchemaConformance'], 'fail', { findings: [lacksEmail('getCustomers', '/0')] })], [{ operation: 'getCustomers', check: 'responseSchemaConformance', reason: 'schema' }]);
    const defectsOf = (o: string, c: string) => r.defects.filter((d) => d.cells.some((x) => x.operation === o && x.check === c));
    const updated = updatedEntries([{ operation: 'getCustomers', check: 'responseSchemaConformance', reason: 'schema' }], r.gate, () => 'x', defectsOf);
    expect(updated).toEqual([{ operation: 'getCustomers', check: 'responseSchemaConformance', reason: 'schema', defect: r.defects[0]?.signature }]);
    // An entry whose signature its failing cell no longer shows (the grouping changed) is re-keyed, with its reason.
    const stale = { operation: 'getCustomers', check: 'responseSchemaConformance', reason: 'schema (reviewed)', defect: 'responseSchemaConformance | 2xx | an old signature | any input' };
    expect(updatedEntries([stale], r.gate, () => 'x', defectsOf)).toEqual([{ ...stale, defect: r.defects[0]?.signature }]);
  });
});
