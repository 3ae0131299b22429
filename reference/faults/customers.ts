// Faults of the customer rules: unique registree e-mails, guests, bulk creates.
import type { Fault } from './types.js';

export const customerFaults = [
  {
    name: 'registree-email-duplicate-on-create',
    description: 'Creating a registree with another registree\'s e-mail succeeds instead of answering 409.',
    catches: ['@rule:unique-email'],
    area: 'customers',
  },
  {
    name: 'registree-email-duplicate-on-update',
    description: 'Updating a registree to another registree\'s e-mail succeeds instead of answering 409.',
    catches: ['@rule:unique-email'],
    area: 'customers',
  },
  {
    name: 'guest-email-conflict',
    description: 'A guest whose e-mail another customer has is refused with 409, although guests may share e-mails.',
    catches: ['@rule:unique-email'],
    area: 'customers',
  },
  {
    name: 'bulk-create-partial',
    description: 'A bulk create with a conflicting record answers 409 but stores the records before it.',
    catches: ['@rule:bulk', '@rule:unique-email'],
    area: 'customers',
  },
] as const satisfies readonly Fault[];
