// What the catalogue suites share: the resource-suite `test` plus `checks` (the check context for
// `expect(exchange).toConform(op, checks)`), and how a catalogue record reads back as written
// (its language keys). The requests the suites make are fixtures/requests.ts; the list rules
// fixtures/list-tests.ts.
import { makeCheckContext } from '../../../src/checks/context.js';
import type { CheckContext } from '../../../src/checks/types.js';
import type { Exchange } from '../../../src/core/exchange.js';
import { listItems } from '../../../src/core/answers.js';
import { expectRule } from '../../../fixtures/evidence.js';
import { project } from '../../../src/checks/basis.js';
import { RULE } from '../../../src/checks/rules/registry.js';
import { annotateOutcome } from '../../../fixtures/outcome.js';
import { isObj } from '../../../src/core/json.js';
import { test as base, type FactoryKit, type Json } from '../../../fixtures/factories/index.js';

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

export interface ReadsBackOptions {
  /** Fields the answer does not echo. */
  ignore?: readonly string[];
  related?: readonly Exchange[];
  /** The multi-language fields whose keys the vendor's guide writes in upper case (read back so, an advisory). */
  languageKeysOf?: readonly string[];
  tag?: string;
}

/**
 * `@rule:lifecycle`: what was written reads back as written (`reads-back`). With `languageKeysOf`,
 * keys read back in upper case with the values as written are an advisory (UPPER_LANGUAGE_KEYS).
 */
export function expectReadsBack(kit: FactoryKit, sent: Json, read: Exchange, o: ReadsBackOptions = {}): void {
  const got = single(read.response.json);
  const at = { exchange: read, ...(o.related ? { related: o.related } : {}), ...(o.tag ? { tag: o.tag } : {}) };
  const languages = o.languageKeysOf ?? [];
  const ignore = o.ignore ?? [];
  expectRule(kit.api, RULE.readsBack, { sent, got: languages.length ? foldLanguageKeys(got, languages) : got, ignore }, at);
  if (languages.length) expectRule(kit.api, RULE.readsBack, { sent, got, ignore }, { ...at, basis: UPPER_LANGUAGE_KEYS });
}

/** The ids a list answer holds. */
export function listedIds(ex: Exchange): number[] {
  return listItems(ex.response.json).map((r) => Number(r.id));
}
