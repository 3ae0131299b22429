// The real-shop phase's pure parts (test/realshop): which shops REALSHOP_SHOPS picks and where
// their recipes are, the database diff of a GX 4.8 customer group (a schema change) and of the
// shop's own rewrites, the Fail-cell comparison of the reproducibility pair, and the baseline rewrite
// (named defects, "unreviewed" entries, kept and removed ones), and where a run's wall time went.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { CellReport } from '../../src/report/compatibility/rows.js';
import type { CompatibilityReport } from '../../src/report/compatibility/types.js';
import { evidenceOf, namedDefect, rebuiltEntries } from '../realshop/baseline.js';
import { diffDumps, parseDump, toRow, type Dump } from '../realshop/dump.js';
import { GX48_MAPPING, judgeDiff, type Lookup } from '../realshop/mapping.js';
import { judgeFixed, judgeReport } from '../realshop/gate.js';
import { findRecipe, instance, RecipeError } from '../realshop/recipe.js';
import { compareFailCells, differingLines, failCells, reproSeeds } from '../realshop/repro.js';
import { reinstallFirst, runSpecs } from '../realshop/runs.js';
import { chosenShops, shopByKey, ShopChoiceError } from '../realshop/shops.js';
import { describeSplit, wallSplit } from '../realshop/wall-split.js';

/** A dump as mariadb-dump writes one: a table section with its CREATE TABLE and its rows. */
function table(name: string, columns: string[], rows: string[]): string {
  return [
    '--',
    `-- Table structure for table \`${name}\``,
    '--',
    '',
    `CREATE TABLE \`${name}\` (`,
    ...columns.map((c) => `  \`${c}\` int(11) NOT NULL DEFAULT 0,`),
    '  PRIMARY KEY (`x`)',
    ') ENGINE=InnoDB;',
    '',
    '--',
    `-- Dumping data for table \`${name}\``,
    '--',
    '',
    ...rows.map((r) => `INSERT INTO \`${name}\` VALUES (${r});`),
    '',
  ].join('\n');
}

const lookupIn =
  (...dumps: Dump[]): Lookup =>
  (t, match) => {
    for (const d of dumps) {
      const hit = (d.rows.get(t) ?? []).map((l) => toRow(d, t, l)).find((r) => match(r.values));
      if (hit) return hit;
    }
    return undefined;
  };

test.describe('real-shop phase @unit', () => {
  test('should pick the shops REALSHOP_SHOPS names, in the list order, and refuse unknown ones', () => {
    expect(chosenShops({}).map((s) => s.key)).toEqual(['gx32', 'gx48']);
    expect(chosenShops({ REALSHOP_SHOPS: 'gx48, gx32' }).map((s) => s.key)).toEqual(['gx32', 'gx48']);
    expect(chosenShops({ REALSHOP_SHOPS: 'gx48' }).map((s) => s.key)).toEqual(['gx48']);
    expect(() => chosenShops({ REALSHOP_SHOPS: 'gx48,gx99' })).toThrow(ShopChoiceError);
  });

  test("should find a shop's recipe and instance from its own variables, and name the variable when the recipe is missing", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'realshop-recipe-'));
    writeFileSync(path.join(dir, 'setup.sh'), '#!/bin/sh\n');
    const gx48 = shopByKey('gx48');
    expect(findRecipe(gx48, '/', { REALSHOP_GX48_DIR: dir })).toBe(dir);
    expect(() => findRecipe(gx48, '/', { REALSHOP_GX48_DIR: '/nonexistent' })).toThrow(new RecipeError('recipe not found: REALSHOP_GX48_DIR=/nonexistent holds no setup.sh'));
    // GX 3.2's variables do not move GX 4.8, and the other way round.
    expect(instance(gx48, dir, { REALSHOP_ROOT: '/tmp/x', REALSHOP_PORT: '9' })).toMatchObject({ root: '/tmp/gambio/npm-test-gx48', port: 8093 });
    expect(instance(gx48, dir, { REALSHOP_GX48_ROOT: '/tmp/y', REALSHOP_GX48_PORT: '8111' })).toMatchObject({ root: '/tmp/y', port: 8111, baseUrl: 'http://127.0.0.1:8111/api.php/v2' });
    expect(instance(shopByKey('gx32'), dir, { REALSHOP_ROOT: '/tmp/x' })).toMatchObject({ root: '/tmp/x', port: 8091 });
  });

  test("should explain a customer group's schema change and price rows by the group, and only when the leftover report names it", () => {
    const before = parseDump(
      [table('products', ['products_id', 'group_permission_0'], ['1,0']), table('customers_status', ['customers_status_id', 'language_id'], ['0,1'])].join('\n'),
    );
    const after = parseDump(
      [
        table('products', ['products_id', 'group_permission_0', 'group_permission_4'], ['1,0,0']),
        table('customers_status', ['customers_status_id', 'language_id'], ['0,1', '4,1']),
        table('personal_offers_by_customers_status_4', ['price_id', 'products_id'], ['1,1']),
      ].join('\n'),
    );
    const diff = diffDumps(before, after);
    // The new column is one schema line, not every product row again.
    expect(diff.added.map((r) => r.table)).toEqual(['customers_status', 'personal_offers_by_customers_status_4']);
    expect(diff.removed).toEqual([]);
    expect(diff.schema.some((s) => s.table === 'products' && s.line.includes('group_permission_4'))).toBe(true);
    const named = judgeDiff(diff, [{ path: '/customer_groups/4', kind: 'record', reason: 'DELETE answered 500' }], lookupIn(after, before), GX48_MAPPING);
    expect(named.unexplained.map((u) => `${u.line} (${u.why})`)).toEqual([]);
    const unnamed = judgeDiff(diff, [], lookupIn(after, before), GX48_MAPPING);
    expect(unnamed.unexplained.map((u) => u.why)).toContain('schema changed by /customer_groups/4: not in the leftover report with a reason');
    expect(unnamed.unexplained.map((u) => u.why)).toContain('/customer_groups/4: not in the leftover report');
  });

  test("should count the shop's own bookkeeping and rewrites apart, and nothing else of those tables", () => {
    const cols = ['products_id', 'language_id', 'products_name', 'gm_url_keywords'];
    const before = parseDump(
      [table('products_description', cols, ["5,1,'T-Shirt','test-article'", "6,1,'Mug','mug'"]), table('gx_configurations', ['id', 'key', 'value'], ["803,'modules/gambio/setupwizard/SETUP_WIZARD_STEP_CATALOG','false'", "804,'other','a'"])].join('\n'),
    );
    const after = parseDump(
      [table('products_description', cols, ["5,1,'T-Shirt','test-article-5'", "6,1,'Cup','mug'"]), table('gx_configurations', ['id', 'key', 'value'], ["803,'modules/gambio/setupwizard/SETUP_WIZARD_STEP_CATALOG','true'", "804,'other','b'"])].join('\n'),
    );
    const v = judgeDiff(diffDumps(before, after), [], lookupIn(after, before), GX48_MAPPING);
    // Product 5's keyword rename and the wizard flag are the shop's; product 6's new name and the other setting are not.
    expect(v.bookkeeping).toBe(4);
    expect(v.unexplained.map((u) => u.line)).toEqual([
      "- INSERT INTO `gx_configurations` VALUES (804,'other','a');",
      "- INSERT INTO `products_description` VALUES (6,1,'Mug','mug');",
      "+ INSERT INTO `gx_configurations` VALUES (804,'other','b');",
      "+ INSERT INTO `products_description` VALUES (6,1,'Cup','mug');",
    ]);
  });

  test('should compare the Fail cells of two runs and print each cell that differs with its seed', () => {
    const report = (cells: [string, string, CellReport['outcome']][]): Pick<CompatibilityReport, 'failures' | 'other'> => ({
      failures: cells.map(([operation, check, outcome]) => ({ operation, check, outcome, tests: [], findings: [] })),
      other: [],
    });
    const a = failCells(report([['getProducts', 'rule:search', 'fail'], ['getCategories', 'rule:sort', 'fail'], ['getVPE', 'other', 'pass']]));
    const b = failCells(report([['getCategories', 'rule:sort', 'fail'], ['createOrder', 'notAServerError', 'error']]));
    const cmp = compareFailCells(a, b);
    expect(cmp.same).toBe(false);
    expect(differingLines(cmp, ['777', '1644147794'])).toEqual(['only with seed 777: getProducts · rule:search', 'only with seed 1644147794: createOrder · notAServerError']);
    expect(compareFailCells(a, [...a].reverse()).same).toBe(true);
    expect(reproSeeds({ REALSHOP_REPRO_SEEDS: '1,2' })).toEqual(['1', '2']);
    expect(() => reproSeeds({ REALSHOP_REPRO_SEEDS: '3,3' })).toThrow(/two different integer seeds/);
    expect(reproSeeds({})).toEqual(['777', '1644147794']);
    const drawn = reproSeeds({ REALSHOP_REPRO_SEEDS: 'drawn' });
    expect(drawn[0]).not.toBe(drawn[1]);
  });

  test('should rewrite a baseline: keep failing and undecided entries, drop passing ones, name clear defects and mark the rest unreviewed', () => {
    const target = { url: 'http://127.0.0.1:8093/api.php/v2', apiVersion: null, shopVersion: null, embedded: false };
    const curl = (p: string): string => `curl -sS -i -X POST '${target.url}${p}' -u "$API_USER:$API_PASSWORD" -H 'user-agent: shop-api-conformance/0.1.0 (run r1)' --data-raw '{"name":"qa-r1-1"}'`;
    const cell = (operation: string, check: string, status: number, title: string, label?: string): CellReport => ({
      operation,
      check,
      outcome: 'fail',
      tests: [],
      findings: [{ check, title, message: `${title}.`, severity: 'major', outcome: 'fail', evidence: { curl: curl('/vpe'), status, headers: {}, bodyExcerpt: '{ "code": 0, "message": "BoolType: Invalid argument" }', declaredStatuses: ['201', '400'], ...(label ? { label } : {}) } }],
    });
    const report = {
      runId: 'r1',
      target,
      failures: [cell('createVPE', 'notAServerError', 500, 'server error 500', 'body field of the wrong type'), cell('createVPE', 'errorBodyShape', 500, 'error code 0 on a 500'), cell('getVPE', 'rule:fields', 200, 'fields ignored')],
      other: [],
      // The run's gate against the old baseline: a property test passed the search rule this time.
      gate: { fixed: [{ operation: 'getVPEs', check: 'rule:sort', reason: 'now passes' }, { operation: 'getCustomers', check: 'negativeDataRejection', reason: 'now passes' }], undecided: [{ operation: 'getVPEs', check: 'rule:search', reason: 'drawn' }], outOfScope: [] },
    } as unknown as CompatibilityReport;
    const old = [
      { operation: 'getVPE', check: 'rule:fields', reason: 'Ignores fields (reviewed).' },
      { operation: 'getVPEs', check: 'rule:sort', reason: 'now passes' },
      { operation: 'getVPEs', check: 'rule:search', reason: 'drawn' },
      { operation: 'searchProducts', check: 'notAServerError', reason: 'judged in some runs, Unsupported in others' },
      // Declared unstable: one rewrite's runs passing it do not remove it.
      { operation: 'getCustomers', check: 'negativeDataRejection', reason: 'stored a refused record', unstable: 'failed in one of two same-seed runs' },
    ];
    const r = rebuiltEntries(old, [report], '2026-11-25');
    expect(r).toMatchObject({ added: 2, removed: 1, named: 1, unreviewed: 1 });
    expect(r.entries.map((e) => [e.operation, e.check, e.reason])).toEqual([
      ['createVPE', 'errorBodyShape', 'unreviewed: from run 2026-11-25: error code 0 on a 500: error code 0 on a 500.'],
      ['createVPE', 'notAServerError', "Answers 500 to a request with body field of the wrong type where the spec declares 201, 400 (the shop's message: BoolType: Invalid argument)."],
      ['getCustomers', 'negativeDataRejection', 'stored a refused record'],
      ['getVPE', 'rule:fields', 'Ignores fields (reviewed).'],
      ['getVPEs', 'rule:search', 'drawn'],
      ['searchProducts', 'notAServerError', 'judged in some runs, Unsupported in others'],
    ]);
    // A fresh rebuild keeps only the entries whose cells failed, with their reasons.
    expect(rebuiltEntries(old, [report], '2026-11-25', true).entries.map((e) => `${e.operation} ${e.check}`)).toEqual(['createVPE errorBodyShape', 'createVPE notAServerError', 'getVPE rule:fields']);
    expect(r.entries[0]?.evidence).toBe(`curl -sS -i -X POST '$BASE_URL/vpe' -u "$API_USER:$API_PASSWORD" --data-raw '{"name":"qa-<run>-1"}' -> 500 { "code": 0, "message": "BoolType: Invalid argument" }`);
    expect(namedDefect({ check: 'rule:fields', findings: [] })).toBeUndefined();
    const crash = `✗ [rule:links] getCustomers: should answer 200\n    tried:    customer list with disable_links\n    request:  curl x\n    response: 500  content-type: application/json\n    body:     {\n      "message": "Argument 1 passed to Customer::setDefaultAddress() must be CustomerAddressInterface, null given"\n    }\n    declared: 200, 400, 404`;
    expect(namedDefect({ check: 'rule:links', findings: [], message: crash })).toBe(
      "Answers 500 (tried: customer list with disable_links) where the spec declares 200, 400, 404 (the shop's message: Argument 1 passed to Customer::setDefaultAddress() must be CustomerAddressInterface, null given).",
    );
    // A failure message without findings still gives its request and answer.
    const fromMessage = evidenceOf({ findings: [], message: `x\n✗ [rule:lifecycle] createCustomers: should succeed\n    request:  ${curl('/customers')}\n    response: 400  content-type: application/json\n    body:     {\n      "errors": []\n    }` }, report);
    expect(fromMessage).toBe(`curl -sS -i -X POST '$BASE_URL/customers' -u "$API_USER:$API_PASSWORD" --data-raw '{"name":"qa-<run>-1"}' -> 400 { "errors": [] }`);
  });

  test('should re-key an entry whose signature its failing cell no longer shows, keeping a reviewer\'s reason', () => {
    // When the grouping of findings changes, an entry may name a signature the grouping no longer
    // makes while its cell still fails, with the defect under its new signature.
    const target = { url: 'http://127.0.0.1:8093/api.php/v2', apiVersion: null, shopVersion: null, embedded: false };
    const evidence = { curl: `curl -sS -i -X PUT '${target.url}/addresses/3' --data-raw '{"b2bStatus":"x"}'`, status: 200, headers: {}, bodyExcerpt: '{"id":3}', declaredStatuses: ['200'], intent: 'negative', label: 'body field of the wrong type (b2bStatus is a string)' };
    const signature = 'invalid-input-accepted | 2xx |  | a body field of the wrong type to addresses';
    const defect = { id: 'D-1', signature, kind: 'data', title: 'Accepts a body field of the wrong type to addresses', severity: 'critical', rank: 1, status: 200, input: 'x', operations: ['updateAddress'], checks: ['negativeDataRejection'], cells: [{ operation: 'updateAddress', check: 'negativeDataRejection' }], reproduction: {}, tests: [], example: { check: 'negativeDataRejection', title: 't', message: 'm', severity: 'major', outcome: 'fail', evidence } };
    const report = {
      runId: 'r1',
      target,
      failures: [{ operation: 'updateAddress', check: 'negativeDataRejection', outcome: 'fail', tests: [], findings: [defect.example], defects: ['D-1'] }],
      other: [],
      defects: [defect],
      gate: { fixed: [], undecided: [], outOfScope: [] },
    } as unknown as CompatibilityReport;
    const old = [
      { operation: 'updateAddress', check: 'negativeDataRejection', reason: 'GX 4.8 casts b2bStatus with (bool) (reviewed).', defect: 'invalid-input-accepted | 2xx |  | body field of the wrong type' },
      { operation: 'updateAddress', check: 'negativeDataRejection', reason: 'Accepts x (critical data defect; 4 cell(s) on 4 operation(s) in the run it was named from)', defect: 'invalid-input-accepted | 2xx |  | an invalid body' },
    ];
    const r = rebuiltEntries(old, [report], '2026-11-29');
    expect(r.entries.map((e) => [e.defect, e.reason])).toEqual([[signature, 'GX 4.8 casts b2bStatus with (bool) (reviewed).']]);
  });

  test('should write the defects every run shows in a cell, and judge the rewritten baseline by defect as the gate does', () => {
    // One cell, two defects from two runs (a 200 to a wrong-typed id in the standard run, a 500 to an
    // id beyond int64 in the readonly run): a rewrite must keep both, and judge by defect, not by
    // cell, or the second is let through.
    const target = { url: 'http://127.0.0.1:8093/api.php/v2', apiVersion: null, shopVersion: null, embedded: false };
    const finding = (p: string, status: number) => ({ check: 'negativeDataRejection', title: 't', message: 'm', severity: 'major', outcome: 'fail', evidence: { curl: `curl -sS -i '${target.url}${p}'`, status, headers: {}, bodyExcerpt: '{}', declaredStatuses: ['200', '400'] } });
    const defect = (id: string, signature: string, p: string, status: number) => ({ id, signature, kind: 'server-error', title: `${signature} title`, severity: 'critical', rank: 1, status, input: 'x', operations: ['getOrderItem'], checks: ['negativeDataRejection'], cells: [{ operation: 'getOrderItem', check: 'negativeDataRejection' }], reproduction: {}, tests: [], example: finding(p, status) });
    const accepted = defect('D-1', 'invalid-input-accepted | 2xx |  | a wrong-typed id', '/orders/1/items/1abc', 200);
    const crashed = defect('D-2', 'server-error | 500 | IntType | invalid input', '/orders/99999999999999999999/items/1', 500);
    const run = (d: typeof accepted) =>
      ({
        runId: 'r1',
        target,
        failures: [{ operation: 'getOrderItem', check: 'negativeDataRejection', outcome: 'fail', tests: [], findings: [d.example], defects: [d.id] }],
        other: [],
        defects: [d],
        counts: { testsByOutcome: { fail: 1 } },
        gate: { fixed: [], undecided: [], outOfScope: [], newFailures: [], runErrors: [] },
      }) as unknown as CompatibilityReport;
    const standard = run(accepted);
    const readonly = run(crashed);
    const r = rebuiltEntries([], [standard, readonly], '2026-11-29', true);
    expect(r.added).toBe(2);
    expect(r.entries.map((e) => e.defect)).toEqual([accepted.signature, crashed.signature]);
    expect(r.entries[1]?.evidence).toContain('/orders/99999999999999999999/items/1');
    // The second run's cell adds only what the first did not show.
    expect(rebuiltEntries([], [standard, standard], '2026-11-29', true).added).toBe(1);
    // An entry for the cell that names another defect does not know this one: a new failure, as the gate says.
    const onlyFirst = r.entries.filter((e) => e.defect === accepted.signature);
    expect(judgeReport(standard, 0, onlyFirst).ok).toBe(true);
    expect(judgeReport(readonly, 0, onlyFirst).problems).toEqual(['1 new failure(s): getOrderItem · negativeDataRejection (fail)']);
    expect(judgeReport(readonly, 0, r.entries).ok).toBe(true);
    // The report is the run's: judging it marks nothing on it.
    expect(readonly.failures[0]?.known).toBeUndefined();
  });

  test('should call a baseline entry stale when every run passes it, unless it is declared unstable', () => {
    const entry = { operation: 'getReviews', check: 'rule:search', reason: 'search answers records without the text' };
    const passing = [{ gate: { fixed: [entry] }, failures: [], other: [] }] as unknown as Pick<CompatibilityReport, 'gate' | 'failures' | 'other'>[];
    expect(judgeFixed(passing, [entry]).ok).toBe(false);
    expect(judgeFixed(passing, [{ ...entry, unstable: 'fails in one of two runs of a pristine shop (a shared list another worker writes to)' }]).ok).toBe(true);
    // Judged against the baseline the runs read (no rewrite): the gate's own entry says it.
    const declared = [{ gate: { fixed: [{ ...entry, unstable: 'fails in one of two runs' }] }, failures: [], other: [] }] as unknown as Pick<CompatibilityReport, 'gate' | 'failures' | 'other'>[];
    expect(judgeFixed(declared).ok).toBe(true);
    expect(judgeFixed(passing).ok).toBe(false);
  });
  test('should run quick last on a pristine shop: after the pristine readonly run without a reinstall, else reinstalled first', () => {
    const gx32 = shopByKey('gx32');
    const gx48 = shopByKey('gx48');
    const order = (runs: ReturnType<typeof runSpecs>) => runs.map((r) => `${r.label}${r.pristineFirst ? '+reinstall' : ''}${r.depth ? `@${r.depth}` : ''}`);
    // The reproducibility shop: readonly starts pristine and writes nothing, so quick needs no reinstall of its own.
    expect(order(runSpecs(gx32, ['1', '2'], {}))).toEqual(['standard', 'standard-2+reinstall', 'readonly+reinstall', 'quick@quick']);
    // Readonly runs on what standard left: quick reinstalls first.
    expect(order(runSpecs(gx48, undefined, {}))).toEqual(['standard', 'readonly', 'quick+reinstall@quick']);
    // Quick writes (PROFILE=standard: its DELETEs and creates), at the phase's seed.
    const quick = runSpecs(gx48, undefined, { REALSHOP_FC_SEED: '42' }).find((r) => r.label === 'quick');
    expect(quick).toMatchObject({ profile: 'standard', depth: 'quick', seed: '42' });
    expect(order(runSpecs(gx32, ['1', '2'], { REALSHOP_QUICK: '0' }))).toEqual(['standard', 'standard-2+reinstall', 'readonly+reinstall']);
    expect(order(runSpecs(gx48, undefined, { REALSHOP_QUICK: '0' }))).toEqual(['standard', 'readonly']);
  });

  test('should reinstall before quick after all where the readonly run left the shop changed or took no diff', () => {
    const quick = runSpecs(shopByKey('gx32'), ['1', '2'], {}).find((r) => r.label === 'quick');
    if (!quick) throw new Error('no quick run');
    expect(reinstallFirst(quick, { label: 'readonly', diffLines: 0 })).toBe(false);
    expect(reinstallFirst(quick, { label: 'readonly', diffLines: 3 })).toBe(true);
    expect(reinstallFirst(quick, { label: 'readonly', diffLines: undefined })).toBe(true);
    // Readonly did not run (interrupted, or its set-up failed): what came before is not pristine.
    expect(reinstallFirst(quick, { label: 'standard-2', diffLines: 0 })).toBe(true);
    expect(reinstallFirst(quick, undefined)).toBe(true);
    const standard = runSpecs(shopByKey('gx48'), undefined, {});
    expect(standard.map((r) => reinstallFirst(r, { label: 'x', diffLines: 5 }))).toEqual([false, false, true]);
  });

  test("should split a run's wall time at its report's marks, and say nothing without them", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'split-'));
    const file = path.join(dir, 'report.json');
    const t0 = Date.parse('2026-11-29T17:45:50.000Z');
    writeFileSync(file, JSON.stringify({ startedAt: '2026-11-29T17:45:54.700Z', generatedAt: '2026-11-29T17:46:19.300Z' }));
    const split = wallSplit(file, t0, Date.parse('2026-11-29T17:46:20.000Z'));
    expect(split).toEqual({ startup: 4.7, tests: 24.6, after: 0.7 });
    expect(describeSplit(split)).toBe(' (start-up 4.7 s, tests and reports 24.6 s, after 0.7 s)');
    // A report of another run (marks outside this one's time), none, or no marks: no split.
    expect(wallSplit(file, Date.parse('2026-11-29T18:00:00.000Z'), Date.parse('2026-11-29T18:01:00.000Z'))).toBeUndefined();
    expect(wallSplit(path.join(dir, 'none.json'), t0, t0 + 1000)).toBeUndefined();
    writeFileSync(file, JSON.stringify({ generatedAt: '2026-11-29T17:46:19.300Z' }));
    expect(wallSplit(file, t0, Date.parse('2026-11-29T17:46:20.000Z'))).toBeUndefined();
    expect(describeSplit(undefined)).toBe('');
  });
});
