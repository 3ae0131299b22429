// `@rule:filter-type` and `@rule:filter-state`: a filter answers only the records of the kind it
// names (the description's operation texts: customers take `type=guest|registree`, e-mails
// `state=pending|sent`). The one judge of a filtered answer, used by the list rule tests
// (fixtures/list-rules.ts) and the filters property.
import { isObj } from '../../core/json.js';
import { described, project } from '../basis.js';
import { multisetDiff } from './records.js';
import { defineRule } from './rule.js';
import { shown } from './shown.js';

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

/** The filters are described in the operations' texts (facts "Filters"). */
const FILTER = described("the description's operation texts: customers take type=guest|registree, e-mails state=pending|sent");
/** A filter with a search on top: not described as combining (the e-mails state filter is ignored with a search). */
export const FILTER_WITH_SEARCH = project('a filter combined with a search: the description says the e-mails state filter is ignored when a search is given, and does not describe type with a search');


function idOf(r: unknown): string {
  return isObj(r) && (typeof r.id === 'number' || typeof r.id === 'string') ? String(r.id) : shown(r, 300);
}

export interface FilterInput {
  /** `type` or `state`, and its value. */
  param: string;
  value: string;
  /** The records answered. */
  items: readonly unknown[];
}

/** `filter-matches`: a filtered answer holds only records of the kind it names (by isGuest, isPending). */
export const filterMatchesRule = defineRule<FilterInput>({
  name: 'filter-matches',
  tag: 'filter-type',
  basis: FILTER,
  title: 'a filter on {resource} should answer only the records of the kind it names',
  judge: (i) => {
    const stray = misplacedRecord(i.param, i.value, i.items);
    if (stray === undefined) return undefined;
    const field = FILTERS[i.param]?.field ?? i.param;
    return `${i.param}=${i.value}: record ${idOf(stray)} has ${field}=${shown(isObj(stray) ? stray[field] : undefined, 300)}: ${shown(stray, 300)}`;
  },
});

export interface FilterOwnInput extends FilterInput {
  /** Records the test made of the named kind (they must be listed) and of the other kind (they must not). */
  include: readonly unknown[];
  exclude: readonly unknown[];
}

/** `filter-own-records`: the records of the named kind a test made are listed, those of the other kind are not. */
export const filterOwnRecordsRule = defineRule<FilterOwnInput>({
  name: 'filter-own-records',
  tag: 'filter-type',
  basis: FILTER,
  title: 'a filter on {resource} should list the records of the kind it names and leave out the others',
  judge: (i) => {
    const listed = new Set(i.items.map(idOf));
    const absent = i.include.map(idOf).filter((id) => !listed.has(id));
    const wrong = i.exclude.map(idOf).filter((id) => listed.has(id));
    const problems: string[] = [];
    if (absent.length) problems.push(`${i.param}=${i.value}: not listed although of that kind: [${absent.join(', ')}]; listed: [${[...listed].join(', ')}]`);
    if (wrong.length) problems.push(`${i.param}=${i.value}: listed although of the other kind: [${wrong.join(', ')}]`);
    return problems;
  },
});

export interface FilterPartsInput {
  param: string;
  /** The answer without the filter, and the answers for each value. */
  whole: readonly unknown[];
  parts: readonly unknown[];
  values: readonly string[];
}

/** `filter-partition`: the answers for each value of a filter are disjoint and together the unfiltered answer. */
export const filterPartitionRule = defineRule<FilterPartsInput>({
  name: 'filter-partition',
  tag: 'filter-type',
  basis: FILTER,
  title: "the values of a filter on {resource} should split the unfiltered answer into disjoint parts that make it up",
  judge: (i) => {
    const { missing, extra } = multisetDiff(i.whole, i.parts);
    if (!missing.length && !extra.length) return undefined;
    return `${i.values.map((v) => `${i.param}=${v}`).join(' and ')}: in no part [${missing.join(', ')}]; in a part but not in the whole, or in two parts [${extra.join(', ')}]`;
  },
});
