// `@rule:category-tree`: a category's children (GET /categories/{id}/children) are exactly the
// categories whose parent it is (facts "Categories"). Judged on a tree a test built (the children
// it made are known) and on the target's own tree (only those whose parentId names it), by one
// judge, so a shop that lists grandchildren shows one defect whichever test met it.
import { isObj } from '../../core/json.js';
import { described } from '../basis.js';
import { defineRule } from './rule.js';

export interface ChildrenInput {
  /** The category asked about, and the records its children's list answered. */
  parent: number;
  listed: readonly unknown[];
  /** Exactly these ids are its children (a tree the test made)... */
  exactly?: readonly number[];
  /** ... or at least these (the target's own, which other tests may change meanwhile). */
  including?: readonly number[];
}

const idOf = (r: unknown): number => (isObj(r) ? Number(r.id) : NaN);
const ids = (list: readonly number[]): string => `[${[...list].sort((a, b) => a - b).join(', ')}]`;

export const categoryChildrenRule = defineRule<ChildrenInput>({
  name: 'category-children',
  tag: 'category-tree',
  basis: described('description: GET /categories/{id}/children lists the subcategories of the category'),
  title: "{operation} should list exactly the category's direct children",
  judge: (i) => {
    const got = i.listed.map(idOf);
    const problems: string[] = [];
    // A listed category that names another parent is not a direct child, whatever else was asked.
    const strangers = i.listed.filter((r) => isObj(r) && r.parentId !== undefined && Number(r.parentId) !== i.parent);
    if (strangers.length) problems.push(`listed with another parentId than ${i.parent}: ${strangers.map((r) => `${idOf(r)} (parentId ${String(isObj(r) ? JSON.stringify(r.parentId) : '')})`).join(', ')}`);
    if (i.exactly && ids(got) !== ids(i.exactly)) problems.push(`the children of category ${i.parent}: expected ${ids(i.exactly)}, got ${ids(got)}`);
    const missing = (i.including ?? []).filter((id) => !got.includes(id));
    if (missing.length) problems.push(`whose parent is category ${i.parent}, not listed: ${ids(missing)}`);
    return problems;
  },
});
