// Which reference-shop faults the generic checks must catch, and where to look (one operation is
// enough to prove a check can fail; narrowing keeps the proof run short). Every fault of the
// registry tagged with a `@check:` is here, except the ones listed in NOT_CAUGHT with the reason.
import { FAULTS } from '../../../reference/faults/registry.js';

export interface FaultCase {
  fault: string;
  /** Checks named by the fault's `catches` tags; the proof runs the first (one caught check is the proof). */
  checks: string[];
  /** Operation whose tests the proof runs. */
  op: string;
  tls?: boolean;
  /** `fail`: a test of one of the checks fails. `unsupported`: the operation's tests are Unsupported, none fails. */
  expect: 'fail' | 'unsupported';
}

const WHERE: Record<string, { op: string; tls?: boolean }> = {
  'auth-missing-credentials-accepted': { op: 'getCustomers' },
  'auth-wrong-password-accepted': { op: 'getCustomers' },
  'auth-no-www-authenticate': { op: 'getCustomers' },
  'wrong-content-type-accepted': { op: 'createManufacturers' },
  'content-type-text-html': { op: 'getCustomers' },
  'error-body-without-message': { op: 'getCustomer' },
  'malformed-json-500': { op: 'createManufacturers' },
  'huge-id-500': { op: 'getCustomer' },
  'non-integer-id-accepted': { op: 'getCustomer' },
  'method-override-ignored': { op: 'updateManufacturers' },
  'method-override-creates': { op: 'updateManufacturers' },
  'undeclared-method-served': { op: 'getCustomer' },
  'address-create-201': { op: 'createAddress' },
  'order-status-put-200': { op: 'updateOrderStatuses' },
  'plain-http-alongside-tls': { op: 'getCustomers', tls: true },
  'customer-without-email': { op: 'getCustomer' },
  'product-price-as-string': { op: 'getProduct' },
  // Only customers created with a password have one to leak: the create answer shows it.
  'customer-password-returned': { op: 'createCustomers' },
  'wrong-types-accepted': { op: 'createManufacturers' },
  'type-filter-invalid-accepted': { op: 'getCustomers' },
  'operation-unsupported': { op: 'getShopInformation' },
  'slow-answers': { op: 'getCountry' },
  // The contract suite's own create keeps the declared (integer) vatId; setups write it as text.
  'order-vat-id-text-only': { op: 'createOrder' },
};

/**
 * Faults tagged with a check that cannot fairly catch them, with the reason. Empty: a fault that
 * breaks no contract rule is no fault (unknown request fields, which the spec leaves open, are
 * refused by the reference shop by choice, with no fault for it).
 */
export const NOT_CAUGHT: Readonly<Record<string, string>> = {};

export const FAULT_CASES: FaultCase[] = FAULTS.flatMap((f) => {
  const checks = f.catches.filter((t: string) => t.startsWith('@check:')).map((t: string) => t.slice('@check:'.length));
  if (!checks.length || NOT_CAUGHT[f.name]) return [];
  const where = WHERE[f.name];
  if (!where) throw new Error(`fault ${f.name} names ${checks.join(', ')} but test/harness/support/fault-cases.ts does not say where to prove it`);
  return [{ fault: f.name, checks, ...where, expect: f.name === 'operation-unsupported' ? ('unsupported' as const) : ('fail' as const) }];
});

/** Playwright grep for the tests of one operation (and some checks). */
export function grepFor(op: string, checks?: string[]): RegExp {
  const c = checks?.length ? `(?=.*@check:(${checks.join('|')})(\\s|$))` : '';
  return new RegExp(`(?=.*@op:${op}(\\s|$))${c}`);
}
