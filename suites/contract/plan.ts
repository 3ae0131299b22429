// Which (operation, check) pairs the contract suite generates for the loaded spec, with their
// tags: `@<group>`, `@op:<operationId>`, `@check:<name>`, and `@readonly` for tests that send
// no writes. ONLY_GROUPS / SKIP_GROUPS leave groups out entirely (for CI); everything else is
// selected with Playwright's own --grep / --grep-invert.
import { groupInScope, type GroupScope } from '../../src/config/scope.js';
import type { Catalogue, Operation } from '../../src/spec/types.js';
import { isWriteOperation } from '../../src/spec/operation-kinds.js';
import { CHECKS } from '../../src/checks/registry.js';
import type { Check } from '../../src/checks/types.js';

export interface PlannedTest {
  op: Operation;
  check: Check;
  title: string;
  tags: string[];
}

export interface PlannedOperation {
  op: Operation;
  /** `getCustomer (GET /customers/{customer_id})` */
  title: string;
  tests: PlannedTest[];
}

/** Tags may not contain spaces; other specs' group names and synthesised ids can. */
export function tagSafe(s: string): string {
  return s.replace(/[^\w:.-]+/g, '_');
}

const WRITE_PROBES = new Set(['method-override']);

export function sendsNoWrites(op: Operation, check: Check): boolean {
  return !isWriteOperation(op) && !check.probes.some((p) => WRITE_PROBES.has(p));
}

export function planContract(catalogue: Catalogue, config: GroupScope): PlannedOperation[] {
  const out: PlannedOperation[] = [];
  for (const op of catalogue.operations) {
    if (!groupInScope(config, op.group)) continue;
    const tests: PlannedTest[] = [];
    for (const check of CHECKS) {
      if (!check.appliesTo(op, { catalogue })) continue;
      const tags = [`@${tagSafe(op.group)}`, `@op:${tagSafe(op.id)}`, `@check:${check.name}`];
      if (sendsNoWrites(op, check)) tags.push('@readonly');
      tests.push({ op, check, title: `should ${check.should}`, tags });
    }
    if (tests.length) out.push({ op, title: `${op.id} (${op.method.toUpperCase()} ${op.path})`, tests });
  }
  return out;
}
