// An e-mail rule: the state filter is asked for the other state.
import { onResource } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'state-filter-inverted',
  description: 'The e-mails state filter answers the other state (pending <-> sent).',
  catches: ['@rule:filter-state'],
  area: 'lists',
  resource: onResource('emails', (def) => ({
    filters: {
      ...def.filters,
      state: (rec, value, ctx) => def.filters?.state?.(rec, value === 'pending' ? 'sent' : 'pending', ctx) ?? true,
    },
  })),
});
