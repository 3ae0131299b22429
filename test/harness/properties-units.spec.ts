// Units of the list judges the properties use (src/checks/rules: the Link header, the sort order,
// record identities and search folding) and of src/properties: the replay command, the failure
// report of a property run, the seed and its banner.
import fc from 'fast-check';
import { expect, test } from '@playwright/test';
import { HarnessError } from '../../src/core/errors.js';
import { expectedLinks, linkHeaderProblems, parseLinkHeader } from '../../src/checks/rules/links.js';
import { compareValues, firstDisorder, parseSortKeys } from '../../src/checks/rules/sort.js';
import { identity, multisetDiff, sameMultiset } from '../../src/checks/rules/records.js';
import { containsFolded, searchableValues } from '../../src/checks/rules/search.js';
import { shellQuote } from '../../src/core/shell.js';
import { joinPath, replayCommand, splitPath, titleGrep } from '../../src/properties/replay.js';
import { runProperty, scaledRuns, showCounterexample, totalRuns } from '../../src/properties/runner.js';
import { bannerStream, drawSeed, seedBanner, seedFromRunId } from '../../src/properties/seed.js';

const URL_P2 = 'https://shop.example.test/v2/customers?page=2&per_page=2&sort=%2Bname';

const msgs = (problems: readonly { message: string }[]): string[] => problems.map((p) => p.message);

test.describe('property helpers @harness @properties', () => {
  test('should expect first/previous after page 1 and next/last before the last page', () => {
    expect([...expectedLinks(1, 1)]).toEqual([]);
    expect([...expectedLinks(1, 3)]).toEqual([['next', 2], ['last', 3]]);
    expect([...expectedLinks(3, 3)]).toEqual([['first', 1], ['previous', 2]]);
    expect([...expectedLinks(2, 3)]).toEqual([['first', 1], ['previous', 1], ['next', 3], ['last', 3]]);
  });

  test('should accept a right Link header and name what is wrong with a bad one', () => {
    const link = (p: number) => `https://shop.example.test/v2/customers?page=${p}&per_page=2&sort=%2Bname`;
    const good = `<${link(1)}>; rel="first", <${link(1)}>; rel="previous", <${link(3)}>; rel="next", <${link(3)}>; rel="last"`;
    expect(parseLinkHeader(good).map((l) => l.rel)).toEqual(['first', 'previous', 'next', 'last']);
    expect(msgs(linkHeaderProblems(URL_P2, good, 2, 3))).toEqual([]);
    expect(msgs(linkHeaderProblems(URL_P2, good.replace(/, <[^>]+>; rel="next"/, ''), 2, 3))).toEqual(['rel="next" is missing (should point to page 3)']);
    expect(msgs(linkHeaderProblems(URL_P2, good.replace(`${link(3)}>; rel="last"`, `${link(4)}>; rel="last"`), 2, 3))[0]).toMatch(/rel="last" points to page 4, should be 3/);
    expect(msgs(linkHeaderProblems(URL_P2, good.replace(/sort=%2Bname>; rel="first"/, 'sort=-name>; rel="first"'), 2, 3))[0]).toMatch(/rel="first" changes the other query parameters/);
    expect(msgs(linkHeaderProblems(URL_P2, good, 3, 3))).toContain(`rel="next" should not be on page 3 of 3: ${link(3)}`);
    // Relative links resolve against the request.
    expect(msgs(linkHeaderProblems(URL_P2, '</v2/customers?page=1&per_page=2&sort=%2Bname>; rel="first", </v2/customers?page=1&per_page=2&sort=%2Bname>; rel="previous"', 2, 2))).toEqual([]);
  });

  test('should order strings by bytes, numbers by value, and missing values first', () => {
    expect(compareValues('B', 'a')).toBeLessThan(0);
    expect(compareValues('é', 'z')).toBeGreaterThan(0);
    expect(compareValues(10, 9)).toBeGreaterThan(0);
    expect(compareValues(undefined, false)).toBeLessThan(0);
    expect(compareValues(false, 1)).toBeLessThan(0);
    expect(compareValues(1, '1')).toBeLessThan(0);
    const keys = parseSortKeys(['-a', '+b']);
    expect(keys).toEqual([{ field: 'a', desc: true }, { field: 'b', desc: false }]);
    expect(firstDisorder([{ a: 2, b: 'x' }, { a: 2, b: 'y' }, { a: 1, b: 'a' }], keys)).toBeUndefined();
    expect(firstDisorder([{ a: 2, b: 'y' }, { a: 2, b: 'x' }], keys)).toMatchObject({ index: 1 });
  });

  test('should identify records by id, else by content, and compare lists as multisets', () => {
    expect(identity({ id: 3, x: 1 })).toBe('3');
    expect(identity('garden.png')).toBe('"garden.png"');
    expect(sameMultiset([{ id: 1 }, { id: 2 }], [{ id: 2 }, { id: 1 }])).toBe(true);
    expect(multisetDiff([{ id: 1 }, { id: 2 }], [{ id: 2 }, { id: 2 }])).toEqual({ missing: ['1'], extra: ['2'] });
    expect(searchableValues({ a: 'x', b: 7, c: { d: 'nested' }, e: true })).toEqual(['x', '7']);
  });

  test('should fold case with Unicode rules, and marks only when asked', () => {
    expect(containsFolded('Müller', 'MÜL')).toBe(true);
    expect(containsFolded('José', 'jose')).toBe(false);
    expect(containsFolded('José', 'jose', true)).toBe(true);
  });

  test('should print a replay command that a shell runs as given', () => {
    expect(splitPath('3:1:0~AB:C')).toEqual({ path: '3:1:0', replayPath: 'AB:C' });
    expect(splitPath(undefined)).toEqual({});
    expect(joinPath('3:1', 'AB:C')).toBe('3:1~AB:C');
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(titleGrep('GET /x (y)')).toBe('GET /x \\(y\\)');
    expect(replayCommand({ seed: -5, path: '1:2~Q:R', file: 'suites/model/m.spec.ts', title: 'should (work)', shopFaults: ['a', 'b'] })).toBe(
      `SHOP_FAULTS=a,b FC_SEED=-5 FC_PATH='1:2~Q:R' npx playwright test suites/model/m.spec.ts -g 'should \\(work\\)'`,
    );
  });

  test('should scale runs by share with a floor', () => {
    expect(scaledRuns(25, 0.12, 2)).toBe(3);
    expect(scaledRuns(5, 0.12, 2)).toBe(2);
    expect(scaledRuns(250, 0.3, 3)).toBe(75);
  });

  test('should report a failed property with the evidence, counterexample, seed, path and replay', async () => {
    const prop = fc.asyncProperty(fc.integer({ min: 0, max: 1000 }), async (n) => {
      if (n > 10) throw new Error(`too big: ${n}`);
      return Promise.resolve();
    });
    const r = await runProperty(prop, { seed: 42, numRuns: 100 }, { claim: 'numbers stay small', file: 'suites/x.spec.ts', title: 'should stay small' });
    expect(r.verdict).toBe('fail');
    expect(r.report).toContain('Property failed: numbers stay small');
    expect(r.report).toContain('  too big: 11');
    expect(r.report).toMatch(/Counterexample:\n {2}11\n/);
    expect(r.report).toMatch(/Seed: 42 {3}Path: [\d:]+ {3}Runs: 100/);
    expect(r.report).toContain(`Replay: FC_SEED=42 FC_PATH=${r.fcPath ?? ''} npx playwright test suites/x.spec.ts -g 'should stay small'`);
    // Replaying the path runs the counterexample first.
    const again = await runProperty(prop, { seed: 42, numRuns: 100, path: r.fcPath ?? '' }, { claim: 'numbers stay small', file: 'f', title: 't' });
    expect(again.details.numRuns).toBe(1);
    expect(again.report).toContain('too big: 11');
  });

  test('should run every example first, and the drawn runs on top of them', async () => {
    // fast-check counts examples within numRuns: four examples and two runs would run four examples and nothing drawn.
    const seen: number[] = [];
    const prop = fc.asyncProperty(fc.integer({ min: 100, max: 1000 }), async (n) => {
      seen.push(n);
      return Promise.resolve();
    });
    const r = await runProperty(prop, { seed: 3, numRuns: 2, examples: [[1], [2], [3], [4]] }, { claim: 'c', file: 'f', title: 't' });
    expect(r.verdict).toBe('pass');
    expect(r.details.numRuns).toBe(5);
    expect(seen.slice(0, 4)).toEqual([1, 2, 3, 4]);
    expect(seen.slice(4).every((n) => n >= 100)).toBe(true);
    // Every example, then drawn cases up to numRuns, at least one.
    expect(totalRuns({ numRuns: 2, examples: [[1], [2]] })).toBe(3);
    expect(totalRuns({ numRuns: 10, examples: [[1], [2]] })).toBe(10);
    expect(totalRuns({ numRuns: 2 })).toBe(2);
  });

  test('should report a failing example as it is, and shrink a failing drawn case', async () => {
    // An example is an input class: shrinking it would report another input (and cost requests).
    let calls = 0;
    const prop = fc.asyncProperty(fc.integer({ min: 0, max: 1000 }), async (n) => {
      calls++;
      if (n > 10) throw new Error(`too big: ${n}`);
      return Promise.resolve();
    });
    const r = await runProperty(prop, { seed: 42, numRuns: 5, examples: [[3], [500]] }, { claim: 'c', file: 'f', title: 't' });
    expect(r.verdict).toBe('fail');
    expect(r.details.numShrinks).toBe(0);
    expect(r.details.counterexample).toEqual([500]);
    expect(calls).toBe(2);
    // Its path replays the example.
    const again = await runProperty(prop, { seed: 42, numRuns: 5, examples: [[3], [500]], path: r.fcPath ?? '' }, { claim: 'c', file: 'f', title: 't' });
    expect(again.details.counterexample).toEqual([500]);
    // With the examples passing, a drawn failure shrinks as before (to 11, the smallest that fails).
    const drawn = await runProperty(prop, { seed: 42, numRuns: 100, examples: [[3]] }, { claim: 'c', file: 'f', title: 't' });
    expect(drawn.details.counterexample).toEqual([11]);
    expect(drawn.details.numShrinks).toBeGreaterThan(0);
  });

  test('should rank a harness failure inside a property as Error, and all-discarded runs as Skip', async () => {
    const broken = await runProperty(fc.asyncProperty(fc.nat(), () => Promise.reject(new HarnessError('guard refused'))), { seed: 1, numRuns: 5 }, { claim: 'c', file: 'f', title: 't' });
    expect(broken.verdict).toBe('error');
    expect(broken.report?.startsWith('Harness error: Property failed: c')).toBe(true);
    const discarded = await runProperty(fc.asyncProperty(fc.nat(), () => { fc.pre(false); return Promise.resolve(); }), { seed: 1, numRuns: 5 }, { claim: 'c', file: 'f', title: 't' });
    expect(discarded.verdict).toBe('skip');
  });

  test('should print a shrunk command list one command per line', () => {
    const text = showCounterexample([{ toString: () => 'A(1, x),B(2) /*replayPath="AB:C"*/' }]);
    expect(text).toBe('   1. A(1, x)\n   2. B(2)');
  });

  test('should draw seeds in range, derive one per run id, and keep JSON on stdout clean', () => {
    for (let i = 0; i < 50; i++) {
      const s = drawSeed();
      expect(Number.isInteger(s) && s >= -(2 ** 31) && s < 2 ** 31).toBe(true);
    }
    expect(seedFromRunId('r1')).toBe(seedFromRunId('r1'));
    expect(seedFromRunId('r1')).not.toBe(seedFromRunId('r2'));
    expect(seedBanner(7, 'drawn', 25)).toMatch(/^fast-check seed 7 \(drawn for this run; FC_RUNS=25\)/);
    expect(bannerStream(['test'], {})).toBe('stdout');
    expect(bannerStream(['test', '--reporter=list,json'], {})).toBe('stderr');
    expect(bannerStream(['test', '--reporter', 'json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: 'r.json' })).toBe('stdout');
  });
});
