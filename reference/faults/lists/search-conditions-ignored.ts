// The generic search endpoints: the conditions are read (and checked) but every record is answered.
import { searchViews } from '../../engine/resource.js';
import { parseConditions } from '../../engine/search-condition.js';
import { onGeneric } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'search-conditions-ignored',
  description: 'The search endpoints (POST .../search) answer every record, whatever the conditions.',
  catches: ['@rule:search'],
  area: 'lists',
  operation: onGeneric('search', (_handler, { def }) => (ctx) => {
    parseConditions(ctx.body);
    return { body: searchViews(def, ctx) };
  }),
});
