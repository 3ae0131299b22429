// A customer rule: the e-mail uniqueness check is skipped when a registree is updated.
import { onResource } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'registree-email-duplicate-on-update',
  description: "Updating a registree to another registree's e-mail succeeds instead of answering 409.",
  catches: ['@rule:unique-email'],
  area: 'customers',
  resource: onResource('customers', (def) => ({
    unique: (input, ctx, existing, others) => {
      if (!existing) def.unique?.(input, ctx, existing, others);
    },
  })),
});
