// Faults in the shape of answers: missing, mistyped or leaked fields.
import type { Fault } from './types.js';

export const schemaFaults = [
  {
    name: 'customer-without-email',
    description: 'Customer records are answered without their required `email` field.',
    catches: ['@check:responseSchemaConformance'],
    area: 'schema',
  },
  {
    name: 'product-price-as-string',
    description: 'Product `price` is answered as a string instead of a number.',
    catches: ['@check:responseSchemaConformance'],
    area: 'schema',
  },
  {
    name: 'customer-password-returned',
    description: 'Customer answers carry the stored password.',
    catches: ['@rule:password-hidden', '@check:responseSchemaConformance'],
    area: 'schema',
  },
  {
    name: 'wrong-types-accepted',
    description: 'Request bodies are not type-checked: a string where an integer is declared is stored.',
    catches: ['@check:negativeDataRejection'],
    area: 'schema',
  },
] as const satisfies readonly Fault[];
