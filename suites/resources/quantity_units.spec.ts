// Quantity units: lifecycle with PATCH, declared error statuses, list parameters.
import { createQuantityUnit } from '../../fixtures/factories/catalogue-extras.js';
import { specOperations } from '../../fixtures/spec-ops.js';
import { test } from './support/catalogue.js';
import { namedResourceTests } from './support/named.js';

const spec = await specOperations();

if (spec.inScope('quantity_units')) test.describe('quantity units', () => {
  // One worker, one test at a time: the list rules judge the whole collection, which these tests write to.
  test.describe.configure({ mode: 'default' });
  namedResourceTests(
    {
      group: 'quantity_units',
      one: 'quantity unit',
      many: 'quantity units',
      idParam: 'quantity_unit_id',
      ops: { list: 'getQuantityUnits', create: 'createQuantityUnits', read: 'getQuantityUnit', update: 'updateQuantityUnitEntity', remove: 'deleteQuantityUnits' },
      upperLanguageKeys: true,
      make: createQuantityUnit,
    },
    spec,
  );
});
