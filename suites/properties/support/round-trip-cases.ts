// The cases of the round trip: fixed examples of the input classes that decide it (every run,
// whatever FC_SEED: src/arbitraries/classes.ts), then drawn bodies of what a real client sends.
// The long class is one of the examples, judged as an advisory: the spec bounds none of the
// strings, but shops keep them in VARCHAR columns (GX 4.8: street 64, company 255), and whether a
// shop must store 300 characters there is our reading, not the vendor's description.
import type fc from 'fast-check';
import { classCases, fixedClasses, largestSmallEnum, LONG_CLASS, requestSchema, type ArbOptions } from '../../../src/arbitraries/index.js';
import { project } from '../../../src/checks/basis.js';
import type { ApiClient } from '../../../src/client/api-client.js';
import { noteAdvisory, ruleError, ruleFinding, type RuleFailure } from '../../../fixtures/evidence.js';
import { createBodyArb, type Writable } from './writable.js';

export interface RoundTripCase {
  /** The input class (`drawn` for a drawn body). */
  class: string;
  body: unknown;
}

export const DRAWN = 'drawn';

/** Why a long string refused or cut is an advisory, never a Fail. */
export const LONG_TEXT = project(
  'the spec sets no maxLength on these strings, so it allows any length; that a shop stores 300 characters in them is our reading: shops keep such fields in VARCHAR columns (GX 4.8: street 64, city 32, company 255) that the spec does not declare',
);

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
 * A broken round trip: thrown for any class but the long one, whose failure is recorded as an
 * advisory (refused, or read back cut) under its own title, and the run goes on.
 */
export function roundTripBroken(api: ApiClient, w: Writable, c: RoundTripCase, f: RuleFailure): Error | undefined {
  if (!isLongClass(c)) return ruleError(api, f);
  noteAdvisory(
    ruleFinding(api, {
      ...f,
      title: `POST ${w.path} should store strings longer than 255 characters, which the spec does not bound but shops store in VARCHAR columns`,
      message: `${f.title}: ${f.message}`,
      severity: 'minor',
      basis: LONG_TEXT,
    }),
  );
  return undefined;
}
