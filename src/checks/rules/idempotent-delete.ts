// `@rule:idempotent-delete`: where the spec marks a DELETE x-idempotent-delete, deleting a record
// again (or one that is gone) succeeds as the first delete did (facts "Deletes"). Judged alike by
// the resource suites (their own record deleted twice) and the idempotent-delete property (one to
// three times), per resource: each deletes in its own code on a real shop.
import { described } from '../basis.js';
import { defineRule } from './rule.js';

export interface DeleteAgainInput {
  status: number;
  transportError?: string | undefined;
  /** Which delete of the same record this was (2 = the second). */
  time: number;
}

export const deleteAgainRule = defineRule<DeleteAgainInput>({
  name: 'delete-again',
  tag: 'idempotent-delete',
  basis: described('description: x-idempotent-delete on the DELETE; facts "Deletes": deleting a deleted record succeeds'),
  title: 'deleting a record of {resource} again should succeed as well (x-idempotent-delete)',
  judge: (i) => (i.status >= 200 && i.status < 300 ? undefined : `delete ${i.time} of the same record answered ${i.status || i.transportError || 'no answer'}`),
});
// Not `aboutStatus`: a second delete refused is this rule's defect, told apart per resource by the
// title, whatever status refused it (src/report/defects/signature.ts would group every refusal as
// one valid request refused).

/**
 * `deleted-not-read`: after its deletes a record reads no more (no 2xx). Which error status says
 * so is the read's own error-status rule, judged in its own tests: here a 5xx still says the
 * record is not there, so the delete rule does not take over the read's defect.
 */
export const deletedNotReadRule = defineRule<{ status: number; times: number }>({
  name: 'deleted-not-read',
  tag: 'idempotent-delete',
  basis: described('description: x-idempotent-delete on the DELETE; facts "Deletes": a deleted record is gone'),
  title: '{operation} should not answer a record that was deleted',
  judge: (i) => (i.status >= 200 && i.status < 300 ? `answered ${i.status} after ${i.times} successful delete(s)` : undefined),
});
