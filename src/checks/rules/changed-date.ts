// `@rule:changed-date`: the change-history parameters (facts "Change history"): `changed=<day>`
// lists a record created or changed that day and not on another day, `modified=<day>` one updated
// that day, `deleted=<day>` one deleted that day. The list rule tests make the record and hand the
// judge what a list answered.
import { described } from '../basis.js';
import { defineRule } from './rule.js';

const HISTORY = described('description and v2 guide [change history]: changed, modified and deleted take a date and list the records changed that day');

export interface ChangedDateInput {
  /** `changed`, `modified` or `deleted`, and the day sent. */
  param: string;
  day: string;
  /** The record the test made (and changed or deleted that day), and whether the day is that day. */
  id: string;
  present: boolean;
  /** Identities the list answered. */
  listed: readonly string[];
}

export const changedDateRule = defineRule<ChangedDateInput>({
  name: 'changed-date',
  tag: 'changed-date',
  basis: HISTORY,
  title: 'changed, modified and deleted should list a record on the day it changed that way, and not on another day',
  judge: (i) => {
    const listed = i.listed.includes(i.id);
    if (listed === i.present) return undefined;
    return `${i.param}=${i.day} should ${i.present ? 'list' : 'leave out'} record ${i.id}: it ${listed ? 'is' : 'is not'} among the ${i.listed.length} listed: [${i.listed.join(', ')}]`;
  },
});
