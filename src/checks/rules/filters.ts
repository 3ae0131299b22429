// `@rule:filter-type` and `@rule:filter-state`: a filter answers only the records of the kind it
// names (the description's operation texts: customers take `type=guest|registree`, e-mails
// `state=pending|sent`). The one judge of a filtered answer, used by the list rule tests
// (fixtures/list-rules.ts) and the filters property.
import { isObj } from '../../core/json.js';

/** The filters the description names, with the record field that says which kind a record is. */
export const FILTERS: Readonly<Record<string, { rule: string; field: string; values: Readonly<Record<string, boolean>> }>> = {
  type: { rule: 'filter-type', field: 'isGuest', values: { guest: true, registree: false } },
  state: { rule: 'filter-state', field: 'isPending', values: { pending: true, sent: false } },
};

/**
 * Whether a record is of the kind `param=value` asks for. A record without the field says nothing
 * about its kind (the schema checks judge a missing field), so it is not held against the filter.
 */
export function ofFilterKind(param: string, value: string, rec: unknown): boolean {
  const f = FILTERS[param];
  const want = f?.values[value];
  if (!f || want === undefined || !isObj(rec) || !(f.field in rec)) return true;
  return (rec[f.field] === true) === want;
}

/** The first record of a `param=value` answer that is of the other kind, or undefined. */
export function misplacedRecord<T>(param: string, value: string, items: readonly T[]): T | undefined {
  return items.find((r) => !ofFilterKind(param, value, r));
}
