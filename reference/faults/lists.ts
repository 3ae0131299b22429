// Faults of the list parameters: one per parameter, each breaking only that parameter.
// One file per fault, in lists/ (data and behaviour together); this file only lists them.
import pagingZeroBased from './lists/paging-zero-based.js';
import perPageIgnored from './lists/per-page-ignored.js';
import perPageZeroEmpty from './lists/per-page-zero-empty.js';
import linkHeaderWithoutNext from './lists/link-header-without-next.js';
import sortDescendingIgnored from './lists/sort-descending-ignored.js';
import sortCaseInsensitive from './lists/sort-case-insensitive.js';
import fieldsIgnoredOnLists from './lists/fields-ignored-on-lists.js';
import fieldsIgnoredOnSingle from './lists/fields-ignored-on-single.js';
import searchCaseSensitive from './lists/search-case-sensitive.js';
import qParameterIgnored from './lists/q-parameter-ignored.js';
import typeFilterIgnored from './lists/type-filter-ignored.js';
import typeFilterInvalidAccepted from './lists/type-filter-invalid-accepted.js';
import stateFilterInverted from './lists/state-filter-inverted.js';
import linksNotDisabled from './lists/links-not-disabled.js';
import recursiveIgnored from './lists/recursive-ignored.js';
import searchConditionsIgnored from './lists/search-conditions-ignored.js';
import changedFilterIgnored from './lists/changed-filter-ignored.js';
import searchNoMatchAnswersAll from './lists/search-no-match-answers-all.js';
import searchKeywordAsPattern from './lists/search-keyword-as-pattern.js';

export const listParameterFaults = [pagingZeroBased, perPageIgnored, perPageZeroEmpty, linkHeaderWithoutNext, sortDescendingIgnored, sortCaseInsensitive, fieldsIgnoredOnLists, fieldsIgnoredOnSingle, searchCaseSensitive, qParameterIgnored, typeFilterIgnored, typeFilterInvalidAccepted, stateFilterInverted, linksNotDisabled, recursiveIgnored, searchConditionsIgnored, changedFilterIgnored, searchNoMatchAnswersAll, searchKeywordAsPattern] as const;
