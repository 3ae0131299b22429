// Every rule, registered by name (src/checks/rules/rule.ts says what a rule is). Adding a rule =
// its definition beside its judge + one line here; suites, properties and the model judge it by
// `expectRule(api, RULE.<name>, input, at)` (fixtures/evidence.ts). Tests that judge one rule
// ask the same object, so its title, basis and comparison have one home.
import { answersRule, createsManyRule, createsRule, errorBodyRule, errorStatusRule, namesRecordRule, storesUploadRule } from './answers.js';
import { categoryChildrenRule } from './category-tree.js';
import { changedDateRule } from './changed-date.js';
import { addressObjectOnUpdateRule, customerAddressRule, emailTakenOnceRule, guestsShareRule, noPasswordRule, refusedBatchStoresNoneRule, storesWhatItNamesRule } from './customers.js';
import { fieldsListRule, fieldsSingleRule } from './fields.js';
import { filterMatchesRule, filterOwnRecordsRule, filterPartitionRule } from './filters.js';
import { listsCreatedRule, longTextKeptRule, readsBackRule, readsRecordRule, refusedWriteHarmlessRule, unlistedAfterDeleteRule } from './lifecycle.js';
import { listItemMatchesRule, listItemsReducedRule, orderPartsRule, ownPartsOnlyRule, partsGoneRule, sameRecordsRule, statusChangeAnswersRule, statusHistoryRule, statusStoredRule } from './orders.js';
import { deleteAgainRule, deletedNotReadRule } from './idempotent-delete.js';
import { linkHeaderRule } from './links.js';
import { listAnswerRule } from './list-answer.js';
import { pageSizeRule, pagesRule, perPageBelowOneRule } from './paging.js';
import type { Rule } from './rule.js';
import { searchConditionRule, searchFindsAllRule, searchOnlyMatchingRule } from './search.js';
import { sortKeepsRecordsRule, sortOrderRule } from './sort.js';

/** The rules by the name a caller uses. */
export const RULE = {
  answers: answersRule,
  creates: createsRule,
  createsMany: createsManyRule,
  storesUpload: storesUploadRule,
  errorStatus: errorStatusRule,
  errorBody: errorBodyRule,
  namesRecord: namesRecordRule,
  readsBack: readsBackRule,
  readsRecord: readsRecordRule,
  longTextKept: longTextKeptRule,
  refusedWriteHarmless: refusedWriteHarmlessRule,
  listsCreated: listsCreatedRule,
  unlistedAfterDelete: unlistedAfterDeleteRule,
  deleteAgain: deleteAgainRule,
  deletedNotRead: deletedNotReadRule,
  emailTakenOnce: emailTakenOnceRule,
  guestsShare: guestsShareRule,
  storesWhatItNames: storesWhatItNamesRule,
  refusedBatchStoresNone: refusedBatchStoresNoneRule,
  noPassword: noPasswordRule,
  customerAddress: customerAddressRule,
  addressObjectOnUpdate: addressObjectOnUpdateRule,
  statusHistory: statusHistoryRule,
  statusStored: statusStoredRule,
  statusChangeAnswers: statusChangeAnswersRule,
  listItemsReduced: listItemsReducedRule,
  listItemMatches: listItemMatchesRule,
  orderParts: orderPartsRule,
  partsGone: partsGoneRule,
  ownPartsOnly: ownPartsOnlyRule,
  sameRecords: sameRecordsRule,
  searchCondition: searchConditionRule,
  listAnswer: listAnswerRule,
  pages: pagesRule,
  pageSize: pageSizeRule,
  perPageBelowOne: perPageBelowOneRule,
  linkHeader: linkHeaderRule,
  sortOrder: sortOrderRule,
  sortKeepsRecords: sortKeepsRecordsRule,
  fieldsList: fieldsListRule,
  fieldsSingle: fieldsSingleRule,
  searchOnlyMatching: searchOnlyMatchingRule,
  searchFindsAll: searchFindsAllRule,
  filterMatches: filterMatchesRule,
  filterOwnRecords: filterOwnRecordsRule,
  filterPartition: filterPartitionRule,
  changedDate: changedDateRule,
  categoryChildren: categoryChildrenRule,
} as const;

// Method syntax makes a rule's judge bivariant, so rules of any input share one list.
export const RULES: readonly Rule[] = Object.values(RULE);

const byName = new Map(RULES.map((r) => [r.name, r]));

export function getRule(name: string): Rule {
  const r = byName.get(name);
  if (!r) throw new Error(`unknown rule "${name}"; known: ${[...byName.keys()].join(', ')}`);
  return r;
}

export const RULE_NAMES: readonly string[] = RULES.map((r) => r.name);
