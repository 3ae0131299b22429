// `@rule:search`: which records a keyword (`search`, or the guide's `q`) finds: those holding it in
// a first-level string or number field, case-insensitively. The one judge of a hit, used by the
// list rule tests (fixtures/list-rules.ts), the search and filter properties and the seeds' scope.
import { isObj } from '../../core/json.js';
import { described, observed, project } from '../basis.js';
import { defineRule } from './rule.js';
import { shown } from './shown.js';

/** The first-level string and number values of a record (what `search`/`q` match, per the facts). */
export function searchableValues(item: unknown): string[] {
  if (typeof item === 'string') return [item];
  if (!isObj(item)) return [];
  return Object.values(item)
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    .map(String);
}

/**
 * Case-insensitive containment as a reader means it: full Unicode lower-casing on both sides. Marks
 * are compared as well; `lenientMarks` also folds them away (a MySQL `_ci` collation matches `é`
 * for `e`), for checks that must not fail a shop whose search is merely more generous.
 */
export function containsFolded(hay: string, needle: string, lenientMarks = false): boolean {
  const fold = (s: string) => {
    const l = s.toLowerCase();
    return lenientMarks ? l.normalize('NFD').replace(/\p{M}+/gu, '') : l;
  };
  return fold(hay).includes(fold(needle));
}

/** Every string and number in the record, at any depth (a sender's address inside an e-mail). */
function deepValues(item: unknown): string[] {
  if (typeof item === 'string' || typeof item === 'number') return [String(item)];
  if (Array.isArray(item)) return item.flatMap(deepValues);
  return isObj(item) ? Object.values(item).flatMap(deepValues) : [];
}

/**
 * Whether a record holds the keyword. Judging a hit, pass `lenient`: a search that also finds
 * `é` for `e`, or finds the keyword in a nested value (GX 3.2 finds e-mails by their sender's
 * address), is generous, not wrong. Judging a miss (a record the search should have found), leave
 * it off: only a plain case-insensitive match in a first-level field is owed.
 */
export function matchesKeyword(item: unknown, keyword: string, lenient = false): boolean {
  return (lenient ? deepValues(item) : searchableValues(item)).some((v) => containsFolded(v, keyword, lenient));
}

/** What the search demands rest on (facts "List parameters": search). */
export const SEARCH = described('description: search; v2 guide: q (a shop that honours either name conforms)');
/** Both names, when either works: the description names search, the v2 guide q; a shop that honours either conforms. */
export const EITHER_NAME = project('both search and q: the description names search, the v2 guide q, and a shop that honours either conforms');
/** Matching in another case: both shops do, the vendor does not describe it. */
export const ANY_CASE = observed('GX 3.2.0.1 and GX 4.8.0.3 match case-insensitively; case is not described');
/** Finding a record by a number field or by its id: which fields a search covers is not described. */
export const IN_NUMBERS = project('a record found by a number field or its id: the description does not say which fields a search covers');


export interface SearchHitsInput {
  /** `search` or `q`. */
  param: string;
  keyword: string;
  /** The records answered (a listed record may be replaced by its whole self, read alone). */
  hits: readonly unknown[];
  /** The answer's status, where the caller has not insisted on a list yet: anything but 200 is a search that did not answer. */
  status?: number;
  /** The other name answered only records holding the keyword: a shop that honours either conforms. */
  otherHonours?: boolean;
  /** The keyword is recased, and the same name found it as written: what it gets wrong in another case rests on ANY_CASE. */
  recased?: boolean;
}

/**
 * `search-only-matching`: a search answers only records holding its keyword, in a first-level
 * string or number field, in any case (a hit that matches only with accents folded, or in a
 * nested value, is generous, not wrong).
 */
export const searchOnlyMatchingRule = defineRule<SearchHitsInput>({
  name: 'search-only-matching',
  tag: 'search',
  basis: SEARCH,
  title: 'a search should answer only records that contain its keyword',
  judge: (i) => {
    const basis = i.recased ? ANY_CASE : i.otherHonours ? EITHER_NAME : SEARCH;
    if (i.status !== undefined && i.status !== 200) return { message: `${i.param}=${shown(i.keyword)} answered ${i.status || 'nothing'}, not 200`, basis };
    const stray = i.hits.find((r) => !matchesKeyword(r, i.keyword, true));
    if (stray === undefined) return undefined;
    const id = isObj(stray) && (typeof stray.id === 'number' || typeof stray.id === 'string') ? `record ${String(stray.id)}` : 'a record';
    const message = `${i.param}=${shown(i.keyword)}: ${id} answered does not contain it: ${shown(stray)}${i.otherHonours ? '; the other name honours the keyword' : ''}`;
    return { message, basis };
  },
});

/** A record the search should have found, and how it holds the keyword. */
export interface Findable {
  id: string;
  record: unknown;
}

export interface SearchFindsInput {
  param: string;
  keyword: string;
  /** Identities of the records answered. */
  hitIds: readonly string[];
  /** Records that should be among them (each holds the keyword, at least in another case, or in its id). */
  expected: readonly Findable[];
  /** The other name found them: a shop that honours either conforms. */
  otherHonours?: boolean;
  /** The answer's status: a search that did not answer 200 is judged by searchOnlyMatching alone. */
  status?: number;
  /** The keyword is recased, and the same name found it as written (SearchHitsInput.recased). */
  recased?: boolean;
}

/**
 * `search-finds-all`: a search finds every record holding its keyword. Only a record that holds it
 * as written in a first-level text field must be found (described); one that holds it only in
 * another case (observed), only in a number or only as its id (which fields a search covers is not
 * described) is an advisory, and so is any miss the other name does not make.
 */
export const searchFindsAllRule = defineRule<SearchFindsInput>({
  name: 'search-finds-all',
  tag: 'search',
  basis: SEARCH,
  title: 'a search should find every record that contains its keyword',
  judge: (i) => {
    if (i.status !== undefined && i.status !== 200) return undefined;
    const found = new Set(i.hitIds);
    const missed = i.expected.filter((e) => !found.has(e.id));
    if (!missed.length) return undefined;
    const holds = (e: Findable, test: (v: unknown) => boolean): boolean => isObj(e.record) && Object.values(e.record).some(test);
    const inText = missed.filter((e) => holds(e, (v) => typeof v === 'string' && v.includes(i.keyword)));
    const asWritten = missed.filter((e) => holds(e, (v) => (typeof v === 'string' || typeof v === 'number') && String(v).includes(i.keyword)));
    const basis = i.recased ? ANY_CASE : i.otherHonours ? EITHER_NAME : inText.length ? SEARCH : asWritten.length ? IN_NUMBERS : ANY_CASE;
    const which = missed.slice(0, 5).map((e) => `${e.id} ${shown(searchableValues(e.record).find((v) => containsFolded(v, i.keyword)) ?? '(its id)')}`).join('; ');
    return { message: `${i.param}=${shown(i.keyword)}: not found among the ${i.hitIds.length} answered: ${which}${missed.length > 5 ? ` … ${missed.length} in all` : ''}`, basis };
  },
});

export interface SearchConditionInput {
  /** Identities of the records answered. */
  found: readonly string[];
  /** Records the condition names (they must be found) and records it does not (they must not be). */
  wanted: readonly string[];
  unwanted?: readonly string[];
  /** An answered record that does not meet the condition, as the caller judged it. */
  stray?: unknown;
}

/**
 * `search-condition`: a search POST (`{search: [field, op, value]}`) answers exactly the records
 * its condition matches. Judged per resource: each searches in its own code on a real shop.
 */
export const searchConditionRule = defineRule<SearchConditionInput>({
  name: 'search-condition',
  tag: 'search',
  basis: described('description: POST /<resource>/search takes a search condition and answers the records that meet it'),
  title: 'a search condition on {resource} should answer exactly the records that meet it',
  judge: (i) => {
    const problems: string[] = [];
    const missing = i.wanted.filter((id) => !i.found.includes(id));
    if (missing.length) problems.push(`not found: [${missing.join(', ')}] among [${i.found.join(', ')}]`);
    const extra = (i.unwanted ?? []).filter((id) => i.found.includes(id));
    if (extra.length) problems.push(`found although the condition leaves them out: [${extra.join(', ')}]`);
    if (i.stray !== undefined) problems.push(`this record does not meet the condition: ${shown(i.stray)}`);
    return problems;
  },
});
