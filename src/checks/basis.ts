// What a demand rests on (shared/api-facts/README.md): only what the vendor *describes* may fail a
// shop; a demand that rests on our erratum, on one shop's observed habit or on a rule of this
// project gives an advisory (src/checks/types.ts: Basis, Finding.outcome).
import { allowancesBehind, INT64_ALLOWANCE, loadAllowances } from '../spec/allowances.js';
import type { SchemaErrorInfo } from '../core/exchange.js';
import type { Basis, FindingOutcome } from '../core/finding.js';

export const described = (ref: string): Basis => ({ kind: 'described', ref });
export const erratum = (ref: string): Basis => ({ kind: 'erratum', ref });
export const observed = (ref: string): Basis => ({ kind: 'observed', ref });
export const project = (ref: string): Basis => ({ kind: 'project', ref });

/** A finding with no basis rests on the vendor's description. */
export function isDescribed(basis: Basis | undefined): boolean {
  return basis === undefined || basis.kind === 'described';
}

/** The outcome of a finding that broke a demand with this basis: Fail only when described. */
export function outcomeOf(basis: Basis | undefined): Extract<FindingOutcome, 'fail' | 'advisory'> {
  return isDescribed(basis) ? 'fail' : 'advisory';
}

/** `erratum: ERRATA #29` */
export function showBasis(basis: Basis | undefined): string {
  return basis ? `${basis.kind}: ${basis.ref}` : 'described';
}

/** A problem a judge found, with what the demand it broke rests on. */
export interface Problem {
  message: string;
  basis: Basis;
}

/**
 * The basis of an advisory schema finding: the answer passes the vendor-normative schema, and
 * these errors come from our stricter spec. Names the allowances behind them
 * (spec/vendor-allowances.yaml), or the int64 bound.
 */
export function stricterSchemaBasis(errors: readonly SchemaErrorInfo[]): Basis {
  const behind = allowancesBehind(errors, loadAllowances());
  if (errors.some((e) => /9007199254740991/.test(e.message))) behind.push(INT64_ALLOWANCE);
  const kind = behind.some((a) => a.basis === 'erratum') ? 'erratum' : 'project';
  const refs = [...new Set(behind.map((a) => a.ref))];
  return { kind, ref: refs.length ? refs.join('; ') : 'our spec is stricter here than the vendor-normative schema (spec/vendor-allowances.yaml)' };
}
