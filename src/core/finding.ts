// Outcomes and findings: what a check, a rule or a property says about the target, and how
// outcomes rank. Plain types every layer reads (checks, client, fixtures, reports).

import type { SchemaErrorInfo } from './exchange.js';

/** Ranks from least to most severe; a matrix cell only ever moves up. */
export const OUTCOMES = ['disabled', 'skip', 'pass', 'unsupported', 'fail', 'error'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export function worseOf(a: Outcome, b: Outcome): Outcome {
  return OUTCOMES.indexOf(a) >= OUTCOMES.indexOf(b) ? a : b;
}

export type Severity = 'critical' | 'major' | 'minor';

// Schema errors belong to the exchange's evidence; defined with the exchange.

export interface Evidence {
  /** The request as a curl command, credentials redacted. */
  curl: string;
  /** What the exchange tried (its label), when it was not the plain positive request. */
  label?: string;
  /** What the exchange was meant to provoke (positive, negative, no-auth, ...): the kind of input of a defect. */
  intent?: string;
  /** The request's method (a read that answers invalid input is not data written wrongly). */
  method?: string;
  status: number;
  headers: Record<string, string>;
  bodyExcerpt: string;
  declaredStatuses: string[];
  schemaErrors?: SchemaErrorInfo[];
  transportError?: string;
  /** How long the answer took (response-time findings). */
  durationMs?: number;
}

/**
 * Why a finding's rule holds. Only what the vendor *describes* (its description, the legacy parts,
 * the v2 guide) may fail a shop; a rule that is stricter than that (our own erratum, a habit
 * observed on one shop version, a rule of this project) gives an advisory: reported with its
 * evidence, counted apart, never a Fail and never in the gate (shared/api-facts/README.md).
 */
export type BasisKind = 'described' | 'erratum' | 'observed' | 'project';

export interface Basis {
  kind: BasisKind;
  /** Where it is written or seen, e.g. `description`, `v2 guide [HATEOAS]`, `ERRATA #29`, `GX 3.2.0.1`. */
  ref: string;
}

/** A finding's own outcome: a cell outcome, or `advisory` (stricter than the vendor; never fails). */
export type FindingOutcome = Extract<Outcome, 'fail' | 'unsupported' | 'error' | 'skip'> | 'advisory';

export interface Finding {
  check: string;
  /** The registered rule that judged it (`sort-flip`), for a resource rule's finding (`check` is its column, `rule:sort`). */
  rule?: string;
  operationId: string;
  outcome: FindingOutcome;
  /** What the judged rule rests on; absent means described by the vendor. */
  basis?: Basis;
  title: string;
  message: string;
  severity: Severity;
  evidence?: Evidence;
  /**
   * The finding says the answer's status is not one the rule wants (Rule.aboutStatus: answers, error-status):
   * its defect is what that status shows (a refusal with another status, a valid request refused),
   * not the test's words (src/report/defects/signature.ts).
   */
  aboutStatus?: true;
}
