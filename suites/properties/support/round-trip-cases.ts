// The cases of the round trip: fixed examples of the input classes that decide it (every run,
// whatever FC_SEED: src/arbitraries/classes.ts), then drawn bodies of what a real client sends.
// The long class is one of the examples, judged as an advisory: the spec bounds none of the
// strings, but shops keep them in VARCHAR columns (GX 4.8: street 64, company 255), and whether a
// shop must store 300 characters there is our reading, not the vendor's description.
import type fc from 'fast-check';
import { classCases, fixedClasses, largestSmallEnum, LONG_CLASS, requestSchema, type ArbOptions } from '../../../src/arbitraries/index.js';
import type { ApiClient } from '../../../src/client/api-client.js';
import { RULE } from '../../../src/checks/rules/registry.js';
import { problemsOf, type Rule } from '../../../src/checks/rules/rule.js';
import { expectRule, type RuleAt } from '../../../fixtures/evidence.js';
import { createBodyArb, type Writable } from './writable.js';

export interface RoundTripCase {
  /** The input class (`drawn` for a drawn body). */
  class: string;
  body: unknown;
}

export const DRAWN = 'drawn';

export interface RoundTripCases {
  /** The class examples, the long class first (an advisory: it never stops the examples after it). */
  examples: RoundTripCase[][];
  drawn: fc.Arbitrary<RoundTripCase>;
}

/** The round trip's cases for a collection, from the options read from the target (bodyOptions). */
export function roundTripCases(w: Writable, base: ArbOptions, drawn: (arb: fc.Arbitrary<unknown>) => fc.Arbitrary<unknown>): RoundTripCases {
  const { schema, resolveRef } = requestSchema(w.create, base.catalogue);
  const classes = [LONG_CLASS, ...fixedClasses(largestSmallEnum(schema, resolveRef ? { resolveRef } : {}))];
  const examples = classCases(classes, (o) => createBodyArb(w, { ...base, ...o })).map((c) => [{ class: c.class, body: c.value }]);
  return { examples, drawn: drawn(createBodyArb(w, base)).map((body) => ({ class: DRAWN, body })) };
}

export function isLongClass(c: RoundTripCase): boolean {
  return c.class === LONG_CLASS.name;
}

/**
 * Judges a round trip's rule: for any class but the long one as it is (thrown when broken); the
 * long class's problems go to `long-text-kept`, an advisory (refused, or read back cut), and the
 * run goes on.
 */
export function expectRoundTrip<I>(api: ApiClient, c: RoundTripCase, rule: Rule<I>, input: I, at: RuleAt): void {
  if (!isLongClass(c)) {
    expectRule(api, rule, input, at);
    return;
  }
  expectRule(api, RULE.longTextKept, { problems: problemsOf(rule, input).map((p) => p.message) }, at);
}
