// Response-time budgets: MAX_RESPONSE_MS for every operation, RESPONSE_BUDGETS for
// groups and operations that deserve another, e.g. `orders:4000,getCountry:1000`. 0 turns a budget
// off. The syntax is checked here, with the rest of the configuration; whether each name is a group
// or an operation of the loaded spec is checked at the start of the run (unknownBudgetNames, by
// the global setup), since the config does not load the spec.

/** The default budget: a real shop answering in 100-250 ms is far under it, a 2.5 s answer over it. */
export const DEFAULT_MAX_RESPONSE_MS = 2000;

export interface ResponseBudgets {
  /** Milliseconds an operation's p95 may take; 0: no budget. */
  default: number;
  /** Group or operationId -> milliseconds (0: none), from RESPONSE_BUDGETS. An operation's own entry wins over its group's. */
  overrides: Record<string, number>;
}

/** Thrown with one line naming what is wrong; config.ts turns it into a ConfigError. */
export class BudgetSyntaxError extends Error {
  override name = 'BudgetSyntaxError';
}

const MAX_MS = 600_000;

/** `name:ms,name:ms`; whitespace around items is allowed, nothing else. */
export function parseResponseBudgets(raw: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  if (raw === undefined) return out;
  for (const item of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^([^\s:]+)\s*:\s*(\d+)$/.exec(item);
    if (!m) throw new BudgetSyntaxError(`RESPONSE_BUDGETS item "${item}" is not <group or operationId>:<milliseconds>, e.g. orders:4000,getCountry:1000.`);
    const [, name = '', ms = ''] = m;
    const n = Number(ms);
    if (n > MAX_MS) throw new BudgetSyntaxError(`RESPONSE_BUDGETS item "${item}": ${n} ms is out of range; use 0..${MAX_MS} (0 turns the budget off).`);
    if (name in out) throw new BudgetSyntaxError(`RESPONSE_BUDGETS names ${name} twice.`);
    out[name] = n;
  }
  return out;
}

/** The budget of one operation in milliseconds; 0 means it has none. */
export function budgetFor(budgets: ResponseBudgets, op: { id: string; group: string }): number {
  return budgets.overrides[op.id] ?? budgets.overrides[op.group] ?? budgets.default;
}

/** Where an operation's budget comes from, for the report (`MAX_RESPONSE_MS`, `RESPONSE_BUDGETS orders`). */
export function budgetSource(budgets: ResponseBudgets, op: { id: string; group: string }): string {
  if (op.id in budgets.overrides) return `RESPONSE_BUDGETS ${op.id}`;
  if (op.group in budgets.overrides) return `RESPONSE_BUDGETS ${op.group}`;
  return 'MAX_RESPONSE_MS';
}

/** Names in RESPONSE_BUDGETS that are neither a group nor an operationId of the spec. */
export function unknownBudgetNames(budgets: ResponseBudgets, ops: readonly { id: string; group: string }[]): string[] {
  const known = new Set(ops.flatMap((o) => [o.id, o.group]));
  return Object.keys(budgets.overrides).filter((n) => !known.has(n));
}
