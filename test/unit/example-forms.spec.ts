// Orders on a shop that takes only the vendor example's forms: the VAT number of an
// order's customer is no reference to read; a record made to stand behind another is written as
// the vendor's example writes it (EXAMPLE_FORMS: the VAT number as text, an item's attributes as
// a list, empty option ids, a withdrawal's customerFirstName too), while the operation's own valid
// body keeps the declared form; the validators the reference shop uses take both.
import { exampleFormPaths } from '../../src/spec/example-forms.js';
import { Uniq } from '../../src/core/uniq.js';
import { referenceFields, validBody } from '../../src/data/bodies.js';
import { requestErrors } from '../../src/spec/request-errors.js';
import { isReferenceField } from '../../src/spec/fields.js';
import type { Catalogue, Operation } from '../../src/spec/types.js';
import { expect, test } from './spec-fixtures.js';

const RUN_ID = 'r2611290300abcd';

function operation(catalogue: Catalogue, id: string): Operation {
  const op = catalogue.operations.find((o) => o.id === id);
  if (!op) throw new Error(`no operation ${id}`);
  return op;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What the resolver reads for an order body (a status, a country and zone, the customer status by its place, the attribute ids' none). */
const ORDER_REFS = { statusId: 1, countryId: 81, zoneId: 0, optionId: 0, optionValueId: 0, combisId: 0, productId: 0, '/customer/status/id': 2 };

test('should not take an order customer\'s VAT number for a reference', ({ shopSpec: spec }) => {
  expect(isReferenceField('vatId')).toBe(false);
  expect(isReferenceField('countryId')).toBe(true);
  const fields = referenceFields(operation(spec.catalogue, 'createOrder').body?.schema);
  expect(fields).not.toContain('vatId');
  expect(fields).toEqual(expect.arrayContaining(['statusId', 'optionId', 'optionValueId', 'combisId']));
});

test('should find the example forms of order, item, attribute and withdrawal bodies by their place', ({ shopSpec: spec }) => {
  const forms = (id: string) => Object.fromEntries([...exampleFormPaths(spec.catalogue.raw, operation(spec.catalogue, id).body?.pointer)].map(([p, f]) => [p, f.kind]));
  expect(forms('createOrder')).toEqual({
    '/customer/vatId': 'text',
    '/items/*/attributes': 'list',
    '/items/*/attributes/*/optionId': 'null',
    '/items/*/attributes/*/optionValueId': 'null',
  });
  expect(forms('createOrderItem')).toEqual({ '/attributes': 'list', '/attributes/*/optionId': 'null', '/attributes/*/optionValueId': 'null' });
  expect(forms('createOrderTimeAttribute')).toEqual({ '/optionId': 'null', '/optionValueId': 'null' });
  expect(forms('postWithdrawals')).toEqual({ '/order/customerFirstname': 'alias' });
  expect(forms('createCustomers')).toEqual({});
});

test('should keep the declared form in an operation\'s own order body and write a setup order as the vendor\'s example does', ({ shopSpec: spec }) => {
  const op = operation(spec.catalogue, 'createOrder');
  const declared = validBody(op, { runId: RUN_ID, uniq: new Uniq(1), refs: ORDER_REFS });
  if (!isObj(declared) || !isObj(declared.customer)) throw new Error('no order body');
  expect(typeof declared.customer.vatId).toBe('number');
  expect(isObj(declared.customer.status) && declared.customer.status.id).toBe(2);
  // The status id is readOnly in the schema, sent as the vendor's example does (CLIENT_SENDS): requestErrors allows it.
  expect(requestErrors(spec.validators, op, declared)).toEqual([]);

  const forms = exampleFormPaths(spec.catalogue.raw, op.body?.pointer);
  const setup = validBody(op, { runId: RUN_ID, uniq: new Uniq(1), refs: ORDER_REFS, forms });
  if (!isObj(setup) || !isObj(setup.customer)) throw new Error('no order body');
  expect(typeof setup.customer.vatId).toBe('string');
  // Our spec refuses the example's forms; the set the reference shop validates with takes both.
  expect(requestErrors(spec.validators, op, setup).map((e) => e.path)).toEqual(['/customer/vatId']);
  expect(requestErrors(spec.validators.exampleForms(), op, setup)).toEqual([]);
  expect(requestErrors(spec.validators.exampleForms(), op, declared)).toEqual([]);
});

test('should take an item attribute with empty option ids and a list of attributes only where the example writes them', ({ shopSpec: spec }) => {
  const forms = spec.validators.exampleForms();
  const attrOp = operation(spec.catalogue, 'createOrderTimeAttribute');
  const attribute = { name: 'qa', value: 'qa', price: 0, priceType: '+', optionId: null, optionValueId: null, combisId: 0 };
  expect(forms.validateRequest(attrOp, attribute).ok).toBe(true);
  expect(spec.validators.validateRequest(attrOp, attribute).ok).toBe(false);
  // combisId has no example form: null there is still refused.
  expect(forms.validateRequest(attrOp, { ...attribute, combisId: null }).ok).toBe(false);
  const itemOp = operation(spec.catalogue, 'createOrderItem');
  const item = validBody(itemOp, { runId: RUN_ID, uniq: new Uniq(1), refs: ORDER_REFS });
  if (!isObj(item)) throw new Error('no item body');
  expect(isObj(item.attributes)).toBe(true);
  expect(spec.validators.validateRequest(itemOp, item).errors).toEqual([]);
  // A setup item: its attributes an empty list, as the vendor's example lists them.
  const setup = validBody(itemOp, { runId: RUN_ID, uniq: new Uniq(1), refs: ORDER_REFS, forms: exampleFormPaths(spec.catalogue.raw, itemOp.body?.pointer) });
  expect(isObj(setup) && setup.attributes).toEqual([]);
  expect(forms.validateRequest(itemOp, setup).errors).toEqual([]);
  expect(forms.validateRequest(itemOp, { ...item, attributes: [attribute] }).errors).toEqual([]);
  expect(forms.validateRequest(itemOp, { ...item, attributes: [{ ...attribute, price: 'qa' }] }).ok).toBe(false);
});

test('should write a setup withdrawal\'s first name under both spellings', ({ shopSpec: spec }) => {
  const op = operation(spec.catalogue, 'postWithdrawals');
  const forms = exampleFormPaths(spec.catalogue.raw, op.body?.pointer);
  const body = validBody(op, { runId: RUN_ID, uniq: new Uniq(1), refs: { customerId: 0, orderId: 7 }, forms });
  if (!isObj(body) || !isObj(body.order)) throw new Error('no withdrawal body');
  expect(typeof body.order.customerFirstname).toBe('string');
  expect(body.order.customerFirstName).toBe(body.order.customerFirstname);
  // The order it is of: readOnly in the schema, sent as the vendor's example does (CLIENT_SENDS).
  expect(body.order.orderId).toBe(7);
});
