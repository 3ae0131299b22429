// Tax classes, rates and zones (reference data, read only): the list parameters of each list.
// Their ids are strings in the spec; the rules compare them as the target answers them.
import { test } from '../../fixtures/factories/index.js';
import { listParameterTests } from '../../fixtures/list-tests.js';
import { specOperations } from '../../fixtures/spec-ops.js';

const ops = await specOperations();

if (ops.inScope('tax')) test.describe('tax classes', () => {
  listParameterTests({ group: 'tax', op: ops.get('getTaxClasses'), what: 'tax classes', subject: () => ({ op: 'getTaxClasses', sortKey: 'title', secondSortKey: 'description', fields: ['id', 'title'] }), readOnly: true });
});

if (ops.inScope('tax')) test.describe('tax rates', () => {
  listParameterTests({ group: 'tax', op: ops.get('getTaxRates'), what: 'tax rates', subject: () => ({ op: 'getTaxRates', sortKey: 'taxRate', secondSortKey: 'description', fields: ['id', 'taxRate'], searchField: 'description' }), readOnly: true });
});

if (ops.inScope('tax')) test.describe('tax zones', () => {
  listParameterTests({ group: 'tax', op: ops.get('getTaxZones'), what: 'tax zones', subject: () => ({ op: 'getTaxZones', sortKey: 'name', secondSortKey: 'description', fields: ['id', 'name'] }), readOnly: true });
});
