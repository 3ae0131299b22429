// Unit tests of every check on synthetic exchanges: each check passes what conforms and fails
// what does not, with evidence. No server involved.
import { expect, test } from '@playwright/test';
import { authRequired } from '../../src/checks/authRequired.js';
import { contentTypeConformance } from '../../src/checks/contentTypeConformance.js';
import { errorBodyShape } from '../../src/checks/errorBodyShape.js';
import { methodOverride } from '../../src/checks/methodOverride.js';
import { negativeDataRejection } from '../../src/checks/negativeDataRejection.js';
import { notAServerError } from '../../src/checks/notAServerError.js';
import { CHECKS, getCheck } from '../../src/checks/registry.js';
import { responseSchemaConformance } from '../../src/checks/responseSchemaConformance.js';
import { judge } from '../../src/checks/runner.js';
import { statusCodeConformance } from '../../src/checks/statusCodeConformance.js';
import { transportSecurity } from '../../src/checks/transportSecurity.js';
import { unsupportedOperation } from '../../src/checks/unsupportedOperation.js';
import { worseOf } from '../../src/core/finding.js';
import { bundled, customer, errorBody, exchange } from './support/exchanges.js';

const spec = await bundled();
const ctx = spec.ctx();

test.describe('statusCodeConformance @harness @checks', () => {
  test('should pass a declared status and fail an undeclared one with evidence', () => {
    const op = spec.op('createAddress');
    expect(statusCodeConformance(op, exchange({ status: 200, json: {}, method: 'POST' }), ctx)).toEqual([]);
    const [f] = statusCodeConformance(op, exchange({ status: 201, json: {}, method: 'POST' }), ctx);
    expect(f?.outcome).toBe('fail');
    expect(f?.title).toBe('undeclared status 201');
    expect(f?.evidence?.declaredStatuses).toEqual(['200', '400']);
    expect(f?.evidence?.curl).toContain('-u "$API_USER:$API_PASSWORD"');
  });

  test('should accept 401, 415 and 429 only in their own situations', () => {
    const op = spec.op('getCustomers');
    expect(statusCodeConformance(op, exchange({ status: 401, json: errorBody(401), intent: 'no-auth' }), ctx)).toEqual([]);
    expect(statusCodeConformance(op, exchange({ status: 401, json: errorBody(401), intent: 'wrong-auth' }), ctx)).toEqual([]);
    expect(statusCodeConformance(op, exchange({ status: 401, json: errorBody(401), intent: 'positive' }), ctx)).toHaveLength(1);
    const create = spec.op('createCustomers');
    expect(statusCodeConformance(create, exchange({ status: 415, json: errorBody(415), intent: 'wrong-content-type' }), ctx)).toEqual([]);
    expect(statusCodeConformance(create, exchange({ status: 415, json: errorBody(415), intent: 'positive' }), ctx)).toHaveLength(1);
    expect(statusCodeConformance(op, exchange({ status: 429, json: errorBody(429), headers: { 'x-rate-limit-remaining': '0' } }), ctx)).toEqual([]);
    expect(statusCodeConformance(op, exchange({ status: 429, json: errorBody(429), headers: { 'x-rate-limit-remaining': '12' } }), ctx)).toHaveLength(1);
  });

  test('should fail when no answer came', () => {
    const [f] = statusCodeConformance(spec.op('getCustomers'), exchange({ status: 0, transportError: 'ECONNRESET' }), ctx);
    expect(f?.title).toBe('no answer');
  });
});

test.describe('responseSchemaConformance @harness @checks', () => {
  const op = spec.op('getCustomer');

  test('should pass a body that matches the schema of its status', () => {
    expect(responseSchemaConformance(op, exchange({ status: 200, json: customer() }), ctx)).toEqual([]);
    expect(responseSchemaConformance(op, exchange({ status: 404, json: errorBody(404) }), ctx)).toEqual([]);
  });

  test('should fail a body that breaks the schema, with ajv paths', () => {
    const [f] = responseSchemaConformance(op, exchange({ status: 200, json: customer({ email: 42 }) }), ctx);
    expect(f?.outcome).toBe('fail');
    expect(f?.evidence?.schemaErrors?.[0]?.path).toBe('/email');
  });

  test('should validate error statuses against their own schema', () => {
    const [f] = responseSchemaConformance(op, exchange({ status: 404, json: { ...errorBody(404), message: 42 } }), ctx);
    expect(f?.title).toBe('404 body does not match its schema');
    expect(f?.outcome).toBe('fail');
    expect(f?.evidence?.schemaErrors?.map((e) => e.path).join()).toContain('/message');
  });

  test('should only advise where our spec is stricter than the vendor (ERRATA #29: its error schema requires nothing)', () => {
    const body = errorBody(404);
    delete body.message;
    const [f] = responseSchemaConformance(op, exchange({ status: 404, json: body }), ctx);
    expect(f?.outcome).toBe('advisory');
    expect(f?.basis?.kind).toBe('erratum');
    expect(f?.basis?.ref).toContain('ERRATA #29');
    expect(f?.evidence?.schemaErrors?.map((e) => e.message).join()).toContain('message');
  });

  test('should refuse a returned write-only field (password)', () => {
    expect(responseSchemaConformance(op, exchange({ status: 200, json: customer({ password: 'x' }) }), ctx)).toHaveLength(1);
  });

  test('should report undeclared fields only with STRICT_FIELDS', () => {
    const ex = exchange({ status: 200, json: customer({ favouriteColour: 'teal' }) });
    expect(responseSchemaConformance(op, ex, ctx)).toEqual([]);
    const [f] = responseSchemaConformance(op, ex, spec.ctx({ strictFields: true }));
    expect(f?.severity).toBe('minor');
    expect(f?.evidence?.schemaErrors?.[0]?.message).toContain('favouriteColour');
  });

  test('should fail a non-JSON body where a schema is declared', () => {
    expect(responseSchemaConformance(op, exchange({ status: 200, text: '<html></html>', headers: { 'content-type': 'text/html' } }), ctx)[0]?.title).toBe('200 body is not JSON');
  });
});

test.describe('contentTypeConformance @harness @checks', () => {
  const op = spec.op('getCustomers');
  test('should pass JSON and fail another media type or unparsable JSON', () => {
    expect(contentTypeConformance(op, exchange({ status: 200, json: [] }), ctx)).toEqual([]);
    expect(contentTypeConformance(op, exchange({ status: 200, json: [], headers: { 'content-type': 'text/html; charset=utf-8' } }), ctx)[0]?.title).toBe('200 answered as text/html; charset=utf-8');
    expect(contentTypeConformance(op, exchange({ status: 200, text: '{oops', headers: { 'content-type': 'application/json' } }), ctx)[0]?.title).toBe('200 body is not valid JSON');
    expect(contentTypeConformance(op, exchange({ status: 204, text: '' }), ctx)).toEqual([]);
  });
});

test.describe('authRequired @harness @checks', () => {
  const op = spec.op('getCustomers');
  test('should pass 401 with a Basic challenge and fail everything else', () => {
    expect(authRequired(op, exchange({ status: 401, json: errorBody(401), intent: 'no-auth', headers: { 'www-authenticate': 'Basic realm="Shop API"' } }), ctx)).toEqual([]);
    expect(authRequired(op, exchange({ status: 401, json: errorBody(401), intent: 'wrong-auth' }), ctx)).toEqual([]);
    const served = authRequired(op, exchange({ status: 200, json: [], intent: 'no-auth' }), ctx);
    expect(served[0]?.severity).toBe('critical');
    expect(authRequired(op, exchange({ status: 200, json: [], intent: 'wrong-auth' }), ctx)[0]?.title).toBe('served with wrong credentials');
    expect(authRequired(op, exchange({ status: 401, json: errorBody(401), intent: 'no-auth' }), ctx)[0]?.title).toBe('401 without a Basic challenge');
    expect(authRequired(op, exchange({ status: 403, json: errorBody(403), intent: 'no-auth', headers: { 'www-authenticate': 'Basic' } }), ctx)[0]?.title).toBe('403 without credentials');
  });
});

test.describe('negativeDataRejection @harness @checks', () => {
  const op = spec.op('getCustomer');
  test('should pass a 4xx and fail a 2xx, an undeclared 5xx or no answer', () => {
    const bad = { intent: 'negative' as const, label: 'wrong-typed path id customer_id=1abc' };
    expect(negativeDataRejection(op, exchange({ status: 400, json: errorBody(400), ...bad }), ctx)).toEqual([]);
    expect(negativeDataRejection(op, exchange({ status: 200, json: customer(), ...bad }), ctx)[0]?.title).toBe('invalid input accepted with 200');
    expect(negativeDataRejection(op, exchange({ status: 500, json: errorBody(500), ...bad }), ctx)[0]?.severity).toBe('critical');
    expect(negativeDataRejection(op, exchange({ status: 0, transportError: 'ECONNRESET', ...bad }), ctx)[0]?.title).toBe('no answer to invalid input');
    expect(negativeDataRejection(spec.op('createCustomers'), exchange({ status: 201, json: [], intent: 'wrong-content-type' }), ctx)).toHaveLength(1);
  });
  test('should accept a 5xx the operation declares for bad input (country reads)', () => {
    expect(negativeDataRejection(spec.op('getCountry'), exchange({ status: 501, json: errorBody(501), intent: 'negative' }), ctx)).toEqual([]);
  });
});

test.describe('notAServerError @harness @checks', () => {
  test('should fail an undeclared 5xx or a dropped connection and pass a declared one', () => {
    expect(notAServerError(spec.op('getCustomers'), exchange({ status: 500, json: errorBody(500) }), ctx)[0]?.title).toBe('server error 500');
    expect(notAServerError(spec.op('getCustomers'), exchange({ status: 0, transportError: 'ECONNRESET' }), ctx)[0]?.title).toBe('connection dropped');
    expect(notAServerError(spec.op('getCountry'), exchange({ status: 500, json: errorBody(500) }), ctx)).toEqual([]);
    expect(notAServerError(spec.op('getCustomers'), exchange({ status: 404, json: errorBody(404) }), ctx)).toEqual([]);
  });
});

test.describe('unsupportedOperation @harness @checks', () => {
  test('should rank 404 "resource not found", 405 and an undeclared 501 as Unsupported, not Fail', () => {
    const op = spec.op('getShopInformation');
    expect(unsupportedOperation(op, exchange({ status: 404, json: errorBody(404, 'Resource not found: /shop_information.') }), ctx)[0]?.outcome).toBe('unsupported');
    expect(unsupportedOperation(op, exchange({ status: 405, json: errorBody(405) }), ctx)[0]?.outcome).toBe('unsupported');
    expect(unsupportedOperation(op, exchange({ status: 501, json: errorBody(501) }), ctx)[0]?.outcome).toBe('unsupported');
    expect(unsupportedOperation(op, exchange({ status: 200, json: {} }), ctx)).toEqual([]);
  });
  test('should not call a missing record Unsupported', () => {
    expect(unsupportedOperation(spec.op('getCustomer'), exchange({ status: 404, json: errorBody(404, 'Customer 9 was not found.') }), ctx)).toEqual([]);
    expect(unsupportedOperation(spec.op('getCountry'), exchange({ status: 501, json: errorBody(501) }), ctx)).toEqual([]);
  });
  test('should fail an undeclared method that is served', () => {
    const op = spec.op('getCustomer');
    expect(unsupportedOperation(op, exchange({ status: 200, json: customer(), method: 'PATCH', intent: 'undeclared-method' }), ctx)[0]?.outcome).toBe('fail');
    expect(unsupportedOperation(op, exchange({ status: 405, json: errorBody(405), method: 'PATCH', intent: 'undeclared-method' }), ctx)).toEqual([]);
  });
  test('should make every check of an unsupported operation Unsupported through the runner', () => {
    const op = spec.op('getShopInformation');
    const ex = exchange({ status: 404, json: errorBody(404, 'Resource not found: /shop_information.') });
    for (const name of ['statusCodeConformance', 'responseSchemaConformance', 'notAServerError']) expect(judge(getCheck(name), op, [ex], ctx).outcome).toBe('unsupported');
  });
});

test.describe('errorBodyShape @harness @checks', () => {
  const op = spec.op('getCustomer');
  test('should pass the error body and fail a missing, malformed or inconsistent one', () => {
    expect(errorBodyShape(op, exchange({ status: 404, json: errorBody(404) }), ctx)).toEqual([]);
    expect(errorBodyShape(op, exchange({ status: 404, text: 'not found', headers: { 'content-type': 'text/plain' } }), ctx)[0]?.title).toBe('404 without an error body');
    const noMessage = errorBody(404);
    delete noMessage.message;
    // Our ShopError requires a message (an advisory, ERRATA #29); the guide wants the body to say why (a Fail).
    expect(errorBodyShape(op, exchange({ status: 404, json: noMessage }), ctx).map((f) => [f.outcome, f.title])).toEqual([
      ['advisory', '404 error body breaks our stricter error schema'],
      ['fail', '404 error body says nothing'],
    ]);
    expect(errorBodyShape(op, exchange({ status: 404, json: { ...errorBody(404), message: 7 } }), ctx)[0]?.title).toBe('404 error body is malformed');
    // A bulk write's 400 (GX 4.8): no code, status or message, but a list of errors says why.
    expect(errorBodyShape(spec.op('createCustomers'), exchange({ status: 400, method: 'POST', json: { created: [], errors: [{ errorMessage: 'bad', stacktrace: [] }] } }), ctx).map((f) => f.outcome)).toEqual(['advisory']);
    expect(errorBodyShape(op, exchange({ status: 404, json: errorBody(400) }), ctx)[0]?.title).toBe('error code 400 on a 404');
  });
  test("should hold statuses the operation does not declare to the spec's shared error schema", () => {
    const noMessage = errorBody(401);
    delete noMessage.message;
    expect(errorBodyShape(op, exchange({ status: 401, json: { ...noMessage, message: [] }, intent: 'no-auth' }), ctx)[0]?.title).toBe('401 error body is malformed');
    expect(errorBodyShape(op, exchange({ status: 401, json: noMessage, intent: 'no-auth' }), ctx).map((f) => f.outcome)).toEqual(['advisory', 'fail']);
    expect(errorBodyShape(op, exchange({ status: 401, json: errorBody(401), intent: 'no-auth' }), ctx)).toEqual([]);
  });
  test('should ignore successful answers', () => {
    expect(errorBodyShape(op, exchange({ status: 200, json: customer() }), ctx)).toEqual([]);
  });
});

test.describe('transportSecurity @harness @checks', () => {
  const op = spec.op('getCustomers');
  const probe = { intent: 'plain-http' as const, url: 'http://shop.example.test/shop1/api.php/v2/customers' };
  test('should pass a refusal or a redirect to https', () => {
    expect(transportSecurity(op, exchange({ status: 0, transportError: 'ECONNREFUSED', ...probe }), ctx)).toEqual([]);
    expect(transportSecurity(op, exchange({ status: 301, headers: { location: 'https://shop.example.test/shop1/api.php/v2/customers' }, ...probe }), ctx)).toEqual([]);
    expect(transportSecurity(op, exchange({ status: 400, text: '<html>The plain HTTP request was sent to HTTPS port</html>', headers: { 'content-type': 'text/html' }, ...probe }), ctx)).toEqual([]);
  });
  test('should fail the API served over http, or a redirect that stays on http', () => {
    expect(transportSecurity(op, exchange({ status: 401, json: errorBody(401), headers: { 'www-authenticate': 'Basic realm="x"' }, ...probe }), ctx)[0]?.severity).toBe('critical');
    expect(transportSecurity(op, exchange({ status: 200, json: [], ...probe }), ctx)).toHaveLength(1);
    expect(transportSecurity(op, exchange({ status: 302, headers: { location: 'http://shop.example.test/login' }, ...probe }), ctx)[0]?.title).toContain('redirected');
  });
});

test.describe('methodOverride @harness @checks', () => {
  const put = spec.op('updateCustomer');
  const del = spec.op('deleteAddress');
  const override = (status: number, json: unknown) => exchange({ status, json, method: 'POST', intent: 'method-override' });
  test('should pass an override answered like the real method', () => {
    const baseline = exchange({ status: 200, json: customer(), method: 'PUT' });
    expect(methodOverride(put, override(200, customer()), spec.ctx({ related: { baseline } }))).toEqual([]);
  });
  test('should fail an ignored override', () => {
    const baseline = exchange({ status: 200, json: customer(), method: 'PUT' });
    expect(methodOverride(put, override(405, errorBody(405)), spec.ctx({ related: { baseline } }))[0]?.title).toBe('override to PUT not honoured (405)');
  });
  test('should fail an overridden DELETE that leaves the record readable', () => {
    const baselineFollowUp = exchange({ status: 404, json: errorBody(404), intent: 'follow-up' });
    const followUp = exchange({ status: 200, json: {}, intent: 'follow-up' });
    expect(methodOverride(del, override(200, { id: 3 }), spec.ctx({ related: { followUp, baselineFollowUp } }))[0]?.title).toBe('overridden DELETE left the record');
    expect(methodOverride(del, override(200, { id: 3 }), spec.ctx({ related: { followUp: baselineFollowUp, baselineFollowUp } }))).toEqual([]);
  });
  test('should skip when the real method itself failed', () => {
    const baseline = exchange({ status: 400, json: errorBody(400), method: 'PUT' });
    expect(methodOverride(put, override(400, errorBody(400)), spec.ctx({ related: { baseline } }))[0]?.outcome).toBe('skip');
  });
});

test.describe('registry and ranking @harness @checks', () => {
  test('should register every check once by name, each with probes and intents', () => {
    const names = CHECKS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['statusCodeConformance', 'responseSchemaConformance', 'contentTypeConformance', 'authRequired', 'negativeDataRejection', 'notAServerError', 'unsupportedOperation', 'errorBodyShape', 'transportSecurity', 'methodOverride']));
    for (const c of CHECKS) expect(c.probes.length && c.intents.length, c.name).toBeTruthy();
  });
  test('should rank Disabled < Skip < Pass < Unsupported < Fail < Error', () => {
    expect(worseOf('pass', 'unsupported')).toBe('unsupported');
    expect(worseOf('fail', 'unsupported')).toBe('fail');
    expect(worseOf('error', 'fail')).toBe('error');
    expect(worseOf('disabled', 'skip')).toBe('skip');
  });
  test('should skip a check that has nothing to judge', () => {
    expect(judge(getCheck('errorBodyShape'), spec.op('getCustomers'), [exchange({ status: 200, json: [] })], ctx).outcome).toBe('skip');
  });
});

test.describe('toConform matcher @harness @checks', () => {
  test('should pass a conforming answer and fail with the findings and their evidence', async () => {
    const { expect: harnessExpect } = await import('../../fixtures/index.js');
    const op = spec.op('getCustomer');
    harnessExpect(exchange({ status: 200, json: customer() })).toConform(op, ctx);
    let message = '';
    try {
      harnessExpect(exchange({ status: 201, json: customer({ email: 7 }) })).toConform(op, ctx);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('[statusCodeConformance] getCustomer: undeclared status 201');
    expect(message).toContain("request:  curl -sS -i 'https://shop.example.test/shop1/api.php/v2/customers/1'");
  });
});
