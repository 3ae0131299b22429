// What a rule is: a named demand on the target's answers, with what it rests on, one title in its
// own words and one pure judge, registered like the checks (registry.ts). Every test that judges a
// rule (a resource suite, a property, the model) asks the same rule object, so a shop broken one
// way shows one defect, whichever test met it: the defect is grouped by the rule's title
// (src/report/defects/signature.ts), never by a caller's wording.
//
//   export const sortFlip = defineRule({
//     name: 'sort-flip', tag: 'sort', basis: SORT, title: 'a sort with every direction flipped should reverse the order',
//     judge: (i: FlipInput) => flippedSortProblem(i.forward, i.keys, i.reversed, i.flipped),
//   });
//
// A judge answers what is wrong, as messages the finding shows (with the values that show it), or
// nothing when the rule holds; a problem may carry a weaker basis than the rule's (string order is
// not described, so a sort that holds only under another collation is an advisory). Judges send
// nothing: the suites make the exchanges and hand a judge what it needs (fixtures/evidence.ts
// expectRule).
import type { Basis, Severity } from '../../core/finding.js';
import type { Problem } from '../basis.js';

/** What a judge says: nothing (the rule holds), or what is wrong. */
export type Judgement = undefined | string | Problem | readonly (string | Problem)[];

export interface Rule<I = unknown> {
  /** Unique name of the demand, e.g. `sort-flip`. */
  name: string;
  /**
   * The `@rule:` column it is judged in (src/core/rule-tags.ts), e.g. `sort`. A test of another
   * rule that needs this demand on its way (a lifecycle test reading a deleted record) judges it in
   * its own column.
   */
  tag: string;
  /** What the demand rests on (src/checks/basis.ts); a problem without a basis of its own takes it. */
  basis: Basis;
  /**
   * One line: what should hold, the same wherever it is judged. `{operation}` (`GET /customers`)
   * and `{resource}` (`/customers`) are filled from the operation of the judged answer, for rules a
   * shop implements once per operation or resource (each its own code path on a real shop).
   */
  title: string;
  severity?: Severity;
  /** The demand is the answer's status: its defect is what that status shows (Finding.aboutStatus). */
  aboutStatus?: boolean;
  /** The judge: pure, sends nothing. */
  judge(input: I): Judgement;
}

/** A rule, typed by its judge's input. */
export function defineRule<I>(rule: Rule<I>): Rule<I> {
  return rule;
}

/** The problems of a judgement, each with its basis (the rule's where the judge named none). */
export function problemsOf<I>(rule: Rule<I>, input: I): Problem[] {
  const j = rule.judge(input);
  if (j === undefined) return [];
  const list = typeof j === 'string' || !Array.isArray(j) ? [j as string | Problem] : (j as readonly (string | Problem)[]);
  return list.map((p) => (typeof p === 'string' ? { message: p, basis: rule.basis } : p));
}

/** The operation a title names, as `METHOD /path`. */
export interface TitleSubject {
  method: string;
  path: string;
}

/** The collection a path is under: `/customers/{customer_id}` -> `/customers`, `/orders/{order_id}/items` stays. */
export function resourceOf(path: string): string {
  return path.replace(/\/\{[^}/]+\}$/, '') || '/';
}

/** The rule's title for an answer of this operation. */
export function titleOf(rule: Pick<Rule, 'title'>, op?: TitleSubject): string {
  if (!op) return rule.title.replace(/\{operation\}|\{resource\}/g, 'the operation');
  return rule.title.replace(/\{operation\}/g, `${op.method.toUpperCase()} ${op.path}`).replace(/\{resource\}/g, resourceOf(op.path));
}
