// Faults of the list parameters: one per parameter, each breaking only that parameter.
import type { Fault } from './types.js';

export const listParameterFaults = [
  {
    name: 'paging-zero-based',
    description: 'Pages count from 0: page=1 answers the second page.',
    catches: ['@rule:paging'],
    area: 'lists',
  },
  {
    name: 'per-page-ignored',
    description: 'per_page is ignored; pages always hold 50 records.',
    catches: ['@rule:per-page'],
    area: 'lists',
  },
  {
    name: 'link-header-without-next',
    description: 'The Link header of a paged answer lacks rel="next".',
    catches: ['@rule:link-header'],
    area: 'lists',
  },
  {
    name: 'sort-descending-ignored',
    description: 'Sort keys prefixed with - are sorted ascending.',
    catches: ['@rule:sort'],
    area: 'lists',
  },
  {
    name: 'fields-ignored-on-lists',
    description: 'The fields parameter is ignored on lists.',
    catches: ['@rule:fields'],
    area: 'lists',
  },
  {
    name: 'type-filter-ignored',
    description: 'The customers type filter is ignored: guests and registrees are both listed.',
    catches: ['@rule:filter-type'],
    area: 'lists',
  },
  {
    name: 'type-filter-invalid-accepted',
    description: 'An unknown customers type value answers 200 instead of 400.',
    catches: ['@rule:filter-type', '@check:negativeDataRejection'],
    area: 'lists',
  },
  {
    name: 'state-filter-inverted',
    description: 'The e-mails state filter answers the other state (pending <-> sent).',
    catches: ['@rule:filter-state'],
    area: 'lists',
  },
  {
    name: 'links-not-disabled',
    description: 'disable_links is ignored: records keep their _links.',
    catches: ['@rule:links'],
    area: 'lists',
  },
  {
    name: 'recursive-ignored',
    description: 'The recursive flag is ignored: category lists and category products stay one level deep.',
    catches: ['@rule:recursive'],
    area: 'lists',
  },
  {
    name: 'search-conditions-ignored',
    description: 'The search endpoints (POST .../search) answer every record, whatever the conditions.',
    catches: ['@rule:search'],
    area: 'lists',
  },
  {
    name: 'changed-filter-ignored',
    description: 'The changed date filter is ignored: every record is listed.',
    catches: ['@rule:changed-date'],
    area: 'lists',
  },
] as const satisfies readonly Fault[];
