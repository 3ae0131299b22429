// Packing units (VPE): lifecycle with PATCH, declared error statuses, list parameters. The units
// the tests make are never the default (a new default would change the shop's own).
import { createVpe } from '../../fixtures/factories/catalogue-extras.js';
import { specOperations } from '../../fixtures/spec-ops.js';
import { test } from './support/catalogue.js';
import { namedResourceTests } from './support/named.js';

const spec = await specOperations();

if (spec.inScope('vpe')) test.describe('packing units (vpe)', () => {
  // One worker, one test at a time: the list rules judge the whole collection, which these tests write to.
  test.describe.configure({ mode: 'default' });
  namedResourceTests(
    {
      group: 'vpe',
      one: 'packing unit',
      many: 'packing units',
      idParam: 'vpe_id',
      ops: { list: 'getVPEs', create: 'createVPE', read: 'getVPE', update: 'updateVPE', remove: 'deleteVPE' },
      upperLanguageKeys: true,
      make: createVpe,
      extra: { default: false },
    },
    spec,
  );
});
