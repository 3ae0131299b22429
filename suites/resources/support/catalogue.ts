// What the catalogue suites share: the resource-suite `test` plus `checks` (the check context for
// `expect(exchange).toConform(op, checks)`), assertions that keep their evidence (a record reads
// back as written, an error answers the declared status with the error body). The list-parameter
// rules are fixtures/list-rules.ts.
import { makeCheckContext } from '../../../src/checks/context.js';
import type { CheckContext } from '../../../src/checks/types.js';
import type { Exchange } from '../../../src/core/exchange.js';
import type { Basis } from '../../../src/core/finding.js';
import type { CallOptions } from '../../../src/client/pipeline/request.js';
import { listItems } from '../../../src/core/answers.js';
import { adviseRule, declaredErrorStatuses, expectHeld, MISSING_RECORD, show, WHICH_ERROR } from '../../../fixtures/evidence.js';
import { erratum, project } from '../../../src/checks/basis.js';
import { saysWhy } from '../../../src/checks/errorBodyShape.js';
import { annotateOutcome } from '../../../fixtures/outcome.js';
import { isObj } from '../../../src/core/json.js';
import { differences, test as base, expect, type FactoryKit, type Json } from '../../../fixtures/factories/index.js';

export const test = base.extend<{ checks: CheckContext; specHasOps: void }>({
  checks: [
    async ({ catalogue, validators, config }, use) => {
      await use(makeCheckContext(catalogue, validators, config.strictFields));
    },
    // No report step per test: it costs a message to the runner and its reporters.
    { box: 'self' },
  ],
  // A test needs every operation its @op: tags name; against a spec without one it is skipped.
  specHasOps: [
    async ({ catalogue }, use, testInfo) => {
      const known = new Set(catalogue.operations.map((o) => o.id));
      const missing = testInfo.tags.filter((t) => t.startsWith('@op:')).map((t) => t.slice(4)).filter((id) => !known.has(id));
      if (missing.length) {
        annotateOutcome(testInfo, 'skip');
        testInfo.skip(true, `skip: the loaded spec has no operation ${missing.join(', ')}`);
      }
      await use();
    },
    { auto: true, box: 'self' },
  ],
});

/** Skips the running test with a reason that shows in every report (the target lacks the data). */
export function skipBecause(reason: string): never {
  annotateOutcome(test.info(), 'skip');
  test.skip(true, `skip: ${reason}`);
  throw new Error(reason); // not reached: test.skip throws
}

export { expect };

/** The answer passes the single-answer checks of its operation (declared status, schema, content type). */
export function expectConforms(kit: FactoryKit, checks: CheckContext, ex: Exchange): void {
  if (!ex.operationId) throw new Error('expectConforms needs an exchange sent by operation');
  expect(ex).toConform(kit.api.operation(ex.operationId), checks);
}

/**
 * A step of a lifecycle (an update, a delete): insists on a 2xx answer. The answer's shape and
 * declared status are its operation's own checks (the contract suite), not the lifecycle's.
 */
export async function stepOk(kit: FactoryKit, rule: string, operationId: string, opts: CallOptions, title: string): Promise<Exchange> {
  const ex = await kit.api.call(operationId, opts);
  expectHeld(ex.response.status >= 200 && ex.response.status < 300, kit.api, {
    rule,
    title,
    message: `expected a 2xx answer, got ${ex.response.status || ex.response.transportError || 'no answer'}: ${show(ex.response.json ?? ex.response.text)}`,
    exchange: ex,
  });
  return ex;
}

/** Sends a request and insists on a 2xx answer that conforms to its operation. */
export async function callOk(kit: FactoryKit, checks: CheckContext, rule: string, operationId: string, opts: CallOptions, title: string): Promise<Exchange> {
  const ex = await kit.api.call(operationId, opts);
  expectHeld(ex.response.status >= 200 && ex.response.status < 300, kit.api, {
    rule,
    title,
    message: `expected a 2xx answer, got ${ex.response.status || ex.response.transportError || 'no answer'}: ${show(ex.response.json ?? ex.response.text)}`,
    exchange: ex,
  });
  expectConforms(kit, checks, ex);
  return ex;
}

/** That an error body's reason is a `message` string: our spec's (ERRATA #29); the vendor's error schema requires nothing. */
const MESSAGE_MEMBER = erratum('ERRATA #29: our error schema requires message; the description\'s defaultErrorResponse requires nothing, the v2 guide only that the body says why');

/**
 * `@rule:error-status`: a request that is wrong on purpose answers `status` (the one the
 * operation declares for it) with the error body. `declared: false` for a status the rule wants
 * but the operation does not list (then only the status and the error body are checked).
 * Another error status the operation declares is an advisory (WHICH_ERROR: which declared error
 * answers which wrong request is our reading); a body that says why without a `message` is one
 * too (MESSAGE_MEMBER); a body that says nothing fails (the v2 guide [error handling]). `basis`:
 * what the refusal itself rests on where the vendor does not describe it; then a request that is not
 * refused is an advisory.
 */
export async function expectError(
  kit: FactoryKit,
  checks: CheckContext,
  operationId: string,
  opts: CallOptions,
  status: number | readonly number[],
  title: string,
  declared = true,
  rule = 'error-status',
  basis?: Basis,
): Promise<Exchange> {
  const want = typeof status === 'number' ? [status] : status;
  // The request's class, for the defect a wrong answer shows, where the caller names none: a request
  // that wants 404 asks for a record that does not exist; one that sends no body where the operation
  // takes one is the negative probe's missing body.
  const bodiless = kit.api.operation(operationId).body !== undefined && opts.body === undefined && opts.rawBody === undefined && opts.multipart === undefined;
  const label = want.every((s) => s === 404 || s === 410) ? MISSING_RECORD : bodiless ? 'missing required body' : undefined;
  const ex = await kit.api.call(operationId, { intent: 'negative', ...(label ? { label } : {}), ...opts });
  const got = ex.response.status;
  const otherDeclared = !want.includes(got) && declaredErrorStatuses(kit.api, ex).includes(got);
  const answered = `got ${got || ex.response.transportError || 'no answer'}: ${show(ex.response.json ?? ex.response.text)}`;
  const refused = want.includes(got) || otherDeclared;
  expectHeld(refused, kit.api, { rule, title, message: `expected ${want.join(' or ')}, ${answered}`, exchange: ex, ...(basis ? { basis } : {}), aboutStatus: true });
  // A refusal the vendor does not describe that did not come: the advisory says so, and the rules
  // of an error body have no error answer to judge.
  if (!refused) return ex;
  adviseRule(!otherDeclared, kit.api, { rule, title, message: `expected ${want.join(' or ')}; ${answered} (another error status the operation declares)`, exchange: ex, basis: WHICH_ERROR });
  const body = ex.response.json;
  const says = isObj(body) && saysWhy(body);
  expectHeld(says, kit.api, {
    rule,
    title: `${title}, with an error body that says why`,
    message: `the body says nothing of why: ${show(body ?? ex.response.text)}`,
    exchange: ex,
  });
  expectHeld(typeof body.message === 'string' && body.message !== '', kit.api, {
    rule,
    title: `${title}, with an error body whose message says why`,
    message: `the body has no message: ${show(body)}`,
    exchange: ex,
    basis: MESSAGE_MEMBER,
  });
  if (declared) expectConforms(kit, checks, ex);
  return ex;
}

/** The first record of an answer (some single reads answer a one-item array). */
export function single(body: unknown): Json | undefined {
  if (Array.isArray(body)) return body.find(isObj);
  return isObj(body) ? body : undefined;
}

/**
 * Language keys in upper case (EN, DE) where en/de was written: the v2 guide's resource appendix
 * writes them so for customer groups, manufacturers, quantity units and VPE, the description's
 * schema in lower case (facts: known defects, language keys; spec/vendor-allowances.yaml).
 */
const UPPER_LANGUAGE_KEYS = project("v2 guide resource appendix: EN/DE language keys where the description's schema has en/de (facts: known defects; spec/vendor-allowances.yaml)");

/** The record with the keys of the multi-language objects `fields` in lower case. */
function foldLanguageKeys(rec: Json | undefined, fields: readonly string[]): Json | undefined {
  if (!rec) return rec;
  const out: Json = { ...rec };
  for (const f of fields) {
    const v = rec[f];
    if (isObj(v)) out[f] = Object.fromEntries(Object.entries(v).map(([k, x]) => [k.toLowerCase(), x]));
  }
  return out;
}

/**
 * `@rule:lifecycle`: what was written reads back equal, field by field. `languageKeysOf`: the
 * multi-language fields whose keys the vendor's guide writes in upper case; read back so, with the
 * values as written, they are an advisory (UPPER_LANGUAGE_KEYS).
 */
export function expectReadsBack(kit: FactoryKit, sent: Json, read: Exchange, what: string, ignore: readonly string[] = [], related: readonly Exchange[] = [], languageKeysOf: readonly string[] = []): void {
  const got = single(read.response.json);
  const diff = differences(sent, got, ignore);
  const folded = diff.length && languageKeysOf.length ? differences(sent, foldLanguageKeys(got, languageKeysOf), ignore) : diff;
  expectHeld(!folded.length, kit.api, {
    rule: 'lifecycle',
    title: `${what} should read back as written`,
    message: diff.join('\n  '),
    exchange: read,
    related,
  });
  adviseRule(!diff.length, kit.api, { rule: 'lifecycle', title: `${what} should read back as written, language keys as written`, message: diff.join('\n  '), exchange: read, related, basis: UPPER_LANGUAGE_KEYS });
}

/**
 * A setup step of a rule test (deleting an own record to have a missing one, setting prices a rule
 * reads): a 2xx answer, else the test is blocked, a Skip naming the step and its answer. The
 * operation answers for itself in its own tests.
 */
export async function setupStep(kit: FactoryKit, operationId: string, opts: CallOptions, what: string): Promise<Exchange> {
  const ex = await kit.api.call(operationId, { intent: 'setup', ...opts });
  kit.expectSetup(ex.response.status >= 200 && ex.response.status < 300, operationId, 'setup', {
    rule: 'lifecycle',
    title: `${what} should succeed`,
    message: `expected a 2xx answer, got ${ex.response.status || ex.response.transportError || 'no answer'}: ${show(ex.response.json ?? ex.response.text)}`,
    exchange: ex,
  });
  return ex;
}

/**
 * Reads what a rule test needs (a record back, a list, a tree) and insists on a 2xx answer. The
 * read's shape is not judged here: that is its own operation's check (the contract suite, the
 * "declared shape" tests), and a lifecycle or tree rule judges its lifecycle or tree.
 */
export async function readBack(kit: FactoryKit, operationId: string, path: CallOptions['path'], rule = 'lifecycle', query?: Record<string, unknown>): Promise<Exchange> {
  const ex = await kit.api.call(operationId, { ...(path ? { path } : {}), ...(query ? { query } : {}) });
  expectHeld(ex.response.status >= 200 && ex.response.status < 300, kit.api, {
    rule,
    title: `${operationId} should read the record`,
    message: `expected a 2xx answer, got ${ex.response.status || ex.response.transportError || 'no answer'}: ${show(ex.response.json ?? ex.response.text)}`,
    exchange: ex,
  });
  return ex;
}

/** Reads a record, insists on 200 and judges the answer's shape (the "declared shape" tests). */
export async function readOk(kit: FactoryKit, checks: CheckContext, operationId: string, path: CallOptions['path'], rule = 'lifecycle', query?: Record<string, unknown>): Promise<Exchange> {
  return callOk(kit, checks, rule, operationId, { ...(path ? { path } : {}), ...(query ? { query } : {}) }, `${operationId} should read the record`);
}

/** The ids a list answer holds. */
export function listedIds(ex: Exchange): number[] {
  return listItems(ex.response.json).map((r) => Number(r.id));
}
