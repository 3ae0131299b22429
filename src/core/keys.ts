// What a test is about, read from what the suite declared (docs/decisions.md: tags are the contract
// between suites, faults and reports):
//   @<group>                 resource group (also the `group` annotation)
//   @op:<operationId>        one or more operations (also `operation` annotations)
//   @check:<name>            a generic check      -> column `<name>`
//   @rule:<name>             a resource-suite rule -> column `rule:<name>`
//   @property:/@model:<name> property and model suites -> column `property:<name>` / `model:<name>`
//   @security:<name>         the security pack's tests -> column `security:<name>`
// These are declarations made when the test is defined, not verdicts: the worker reads them once
// into the test's verdict record (src/core/verdict.ts). Tests that follow none of this are still
// reported (under "other"), never dropped.

/** The column of tests that name an operation but no check or rule. */
export const OTHER_CHECK = 'other';

export interface Declared {
  type: string;
  description?: string;
}

export interface TestKeys {
  operations: string[];
  checks: string[];
  /** The `group` annotation, else the first plain tag: only a fallback, the catalogue's group of the test's operation comes first. */
  group?: string;
}

/** Tag kinds that name a matrix column; `check` is the default kind and is written bare. */
const COLUMN_KINDS = new Set(['check', 'rule', 'property', 'prop', 'model', 'security']);

/** Colon-free tags that mark a test rather than name its group. */
const FLAG_TAGS = new Set(['readonly', 'smoke', 'slow', 'destructive', 'full', 'standard', 'writes', 'harness', 'critical', 'flaky', 'known']);

/** Column name for a check written as a tag (`@check:x`, `check:x`, `rule:y`) or an annotation value. */
export function columnName(kind: string, name: string): string {
  const k = kind === 'prop' ? 'property' : kind;
  return k === 'check' ? name : `${k}:${name}`;
}

/** The column a baseline or CLI spelling refers to: `check:x` and `x` are the same column. */
export function normaliseColumn(s: string): string {
  return s.startsWith('check:') ? s.slice('check:'.length) : s;
}

function uniq(list: string[]): string[] {
  return [...new Set(list)];
}

/** The operations, columns and group tag a test declares through its tags and static annotations. */
export function keysOf(tags: readonly string[], declared: readonly Declared[]): TestKeys {
  const operations: string[] = [];
  const checks: string[] = [];
  let group: string | undefined;
  for (const a of declared) {
    const d = a.description?.trim();
    if (!d) continue;
    if (a.type === 'operation') operations.push(d);
    else if (COLUMN_KINDS.has(a.type)) checks.push(columnName(a.type, d));
    else if (a.type === 'group') group ??= d;
  }
  for (const raw of tags) {
    const tag = raw.startsWith('@') ? raw.slice(1) : raw;
    const colon = tag.indexOf(':');
    if (colon < 0) {
      if (!FLAG_TAGS.has(tag)) group ??= tag;
      continue;
    }
    const kind = tag.slice(0, colon);
    const value = tag.slice(colon + 1);
    if (!value) continue;
    if (kind === 'op') operations.push(value);
    else if (COLUMN_KINDS.has(kind)) checks.push(columnName(kind, value));
  }
  const keys: TestKeys = { operations: uniq(operations), checks: uniq(checks) };
  if (!keys.checks.length) keys.checks = [OTHER_CHECK];
  if (group !== undefined) keys.group = group;
  return keys;
}
