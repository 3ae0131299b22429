// The CheckContext for a loaded spec: validators, STRICT_FIELDS and the spec's shared error
// schema (the schema most error responses declare), for error statuses an operation leaves out.
import { budgetFor, budgetSource, type ResponseBudgets } from '../config/budgets.js';
import type { Catalogue, Operation } from '../spec/types.js';
import type { ValidatorSet } from '../spec/validators.js';
import type { Exchange } from '../core/exchange.js';
import type { CheckContext } from './types.js';

/** The (operation, status) whose schema is the error schema most error responses share. */
export function sharedErrorResponse(catalogue: Catalogue): { op: Operation; status: number } | undefined {
  const counts = new Map<string, { n: number; op: Operation; status: number }>();
  for (const op of catalogue.operations) {
    for (const r of op.responses) {
      const status = Number(r.status);
      if (!r.schema || !Number.isInteger(status) || status < 400) continue;
      const key = JSON.stringify(r.schema);
      const hit = counts.get(key);
      if (hit) hit.n++;
      else counts.set(key, { n: 1, op, status });
    }
  }
  const best = [...counts.values()].sort((a, b) => b.n - a.n)[0];
  return best && best.n >= 2 ? { op: best.op, status: best.status } : undefined;
}

const sharedCache = new WeakMap<Catalogue, { op: Operation; status: number } | null>();

/** `budgets`: the run's response-time budgets (the responseTime check has none without them). */
export function makeCheckContext(catalogue: Catalogue, validators: ValidatorSet, strictFields: boolean, related?: Record<string, Exchange>, budgets?: ResponseBudgets): CheckContext {
  let shared = sharedCache.get(catalogue);
  if (shared === undefined) {
    shared = sharedErrorResponse(catalogue) ?? null;
    sharedCache.set(catalogue, shared);
  }
  const ctx: CheckContext = {
    validateResponse: (op, status, body, strict = false) => validators.validateResponse(op, status, body, strict),
    strictFields,
  };
  const vendor = validators.vendor();
  ctx.validateVendorResponse = (op, status, body) => vendor.validateResponse(op, status, body, false);
  if (shared) {
    ctx.validateErrorBody = (body) => validators.validateResponse(shared.op, shared.status, body, false);
    ctx.validateVendorErrorBody = (body) => vendor.validateResponse(shared.op, shared.status, body, false);
  }
  if (related) ctx.related = related;
  if (budgets) ctx.responseBudget = (op) => ({ ms: budgetFor(budgets, op), source: budgetSource(budgets, op) });
  return ctx;
}
