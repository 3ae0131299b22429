// Address formats (reference data, read only): the list parameters.
import { test } from '../../fixtures/factories/index.js';
import { listParameterTests } from '../../fixtures/list-tests.js';
import { specOperations } from '../../fixtures/spec-ops.js';

const ops = await specOperations();

if (ops.inScope('address_formats')) test.describe('address formats', () => {
  listParameterTests({ group: 'address_formats', op: ops.get('getAddressFormats'), what: 'address formats', subject: () => ({ op: 'getAddressFormats', sortKey: 'format', secondSortKey: 'summary', fields: ['id', 'summary'] }), readOnly: true });
});
