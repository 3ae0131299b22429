// What the shop checks in a JSON body: schema errors of a wrong type do not count (every other rule does).
import { defineFault } from '../types.js';

export default defineFault({
  name: 'wrong-types-accepted',
  description: 'Request bodies are not type-checked: a string where an integer is declared is stored.',
  catches: ['@check:negativeDataRejection'],
  area: 'schema',
  checks: {
    body: (shop) => (errors, op) => shop(errors, op).filter((e) => !e.schemaPath.endsWith('/type')),
  },
});
