// The list collections of the LOADED spec that the generic list properties run over: every GET on
// a collection path without path parameters that declares the list parameter in question, with
// the record fields its answer declares (src/arbitraries recordFields). Spec-only: which of them
// hold enough records is the target's business and decided when the test runs.
import { recordFields, type RecordFields } from '../arbitraries/index.js';
import { groupInScope, type GroupScope } from '../config/scope.js';
import type { Catalogue, Operation } from '../spec/types.js';

export type ListParam = 'page' | 'per_page' | 'sort' | 'fields' | 'search' | 'q';

export interface ListCollection {
  list: Operation;
  /** `/customers` */
  path: string;
  group: string;
  fields: RecordFields;
  declares: ReadonlySet<string>;
  /** GET /x/{id}, when the spec has it. */
  read?: Operation;
}

function queryNames(op: Operation): Set<string> {
  return new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
}

/** Lists of the spec (GET, no path parameters, an array answer) in spec order, ONLY_GROUPS/SKIP_GROUPS applied. */
export function listCollections(catalogue: Catalogue, config: GroupScope): ListCollection[] {
  const out: ListCollection[] = [];
  for (const op of catalogue.operations) {
    if (op.method !== 'get' || op.path.includes('{')) continue;
    if (!groupInScope(config, op.group)) continue;
    const ok = op.responses.find((r) => /^2\d\d$/.test(r.status) && r.schema !== undefined);
    if (ok?.schema?.type !== 'array') continue;
    const read = catalogue.operations.find((o) => o.method === 'get' && new RegExp(`^${op.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/\\{[^}/]+\\}$`).test(o.path));
    out.push({ list: op, path: op.path, group: op.group, fields: recordFields(op), declares: queryNames(op), ...(read ? { read } : {}) });
  }
  return out;
}

/** The collections that declare all of the given list parameters. */
export function collectionsWith(all: readonly ListCollection[], ...params: ListParam[]): ListCollection[] {
  return all.filter((c) => params.every((p) => c.declares.has(p)));
}
