// `list-answer`: a list read (GET on a collection, with whatever parameters a list rule sends)
// answers 200 with a JSON array. The first demand of every list rule and list property: a shop that
// refuses a valid list request, or answers something else, fails it here, in the column of the rule
// that needed the list.
import { described } from '../basis.js';
import { defineRule } from './rule.js';
import { shown } from './shown.js';

export interface ListAnswerInput {
  status: number;
  json: unknown;
  /** What was asked besides the list itself (`page=2&per_page=1`), for the message. */
  asked: string;
  /** What came instead of an answer (a transport error). */
  transportError?: string | undefined;
}

export const listAnswerRule = defineRule<ListAnswerInput>({
  name: 'list-answer',
  tag: 'paging',
  basis: described('description: collection GETs answer 200 with a list of records'),
  title: '{operation} should answer 200 with a list',
  aboutStatus: true,
  judge: (i) => {
    // Which success status a list answers is statusCodeConformance's, judged on its valid request.
    if (i.status < 200 || i.status >= 300) return `${i.asked || 'the list'}: expected status 200, got ${i.status || i.transportError || 'no answer'}`;
    if (!Array.isArray(i.json)) return `${i.asked || 'the list'}: the body is not an array: ${shown(i.json, 300)}`;
    return undefined;
  },
});
