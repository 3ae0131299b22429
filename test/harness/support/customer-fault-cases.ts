// Which tests of the customer-group suites each fault must make fail (the proof of
// test/harness/resources-customers.spec.ts). Every fault of reference/faults/customers-suite.ts is
// here, plus the older faults of the customer rules (unique e-mails, guests, batches, lost
// updates, idempotent and bulk deletes, hidden passwords, type/state filters, dates). The list
// parameter faults (paging, per_page, Link, sort, fields, search) are proven by the fault matrix
// (test/faults/) through the @rule tags of the list tests, which every collection here carries;
// each child worker costs seconds, so this proof keeps to the customer rules.
import { customersSuiteFaults } from '../../../reference/faults/customers-suite.js';

/** The customer-group suites, relative to suites/. */
export const CUSTOMER_SUITES = [
  'resources/customers.spec.ts',
  'resources/addresses.spec.ts',
  'resources/customer_groups.spec.ts',
  'resources/emails.spec.ts',
  'resources/attachments.spec.ts',
  'resources/countries.spec.ts',
  'resources/tax.spec.ts',
  'resources/address_formats.spec.ts',
  'resources/languages.spec.ts',
  'resources/shop_information.spec.ts',
];

export interface CustomerFaultCase {
  fault: string;
  /** Own titles (without describe titles) of tests that must all fail with the fault on. */
  fails: string[];
  /**
   * Own titles of tests that must pass with an advisory with the fault on (a fault with
   * `shows: 'advisory'`: it breaks only a demand the vendor does not describe), and none clean.
   */
  advises?: string[];
  /** The tests run only with this profile (sending mail needs PROFILE=full). */
  profile?: 'full';
}

const LIFECYCLE = {
  customer: 'should create, read back, update, read back and delete a customer',
  address: 'should create, read back, update, read back and delete an address',
  group: 'should create, read back, patch, read back and delete a customer group',
};
const TWICE = {
  customer: 'should delete an own customer twice, answering success with its id both times',
  address: 'should delete an own address twice, answering success with its id both times',
  group: 'should delete an own customer group twice, answering success with its id both times',
};
const UNIQUE = {
  create: 'should refuse a second registree with the same e-mail with 409 and store nothing',
  update: "should refuse updating a registree to another registree's e-mail with 409",
  guests: "should accept a guest with a registree's e-mail and two guests with one e-mail",
  batch: 'should refuse a batch with one e-mail twice with 409 and store none of it',
};
const VENDOR = [
  'should answer a declared error status for a missing country and refuse an invalid id',
  'should answer a declared error status for zones of a missing country and refuse an invalid one',
  'should refuse an invalid zone id and answer a declared error status for a missing zone',
];
const ADDRESS_PAGING = 'should page addresses from page 1 without gaps or duplicates';

export const CUSTOMER_FAULT_CASES: CustomerFaultCase[] = [
  { fault: 'refused-create-stored', fails: [UNIQUE.create, UNIQUE.batch] },
  { fault: 'customer-new-address-ignored', fails: ['should create a customer with a new address', ADDRESS_PAGING] },
  { fault: 'customer-address-id-dropped', fails: ['should create a customer with the addressId of an existing address'] },
  { fault: 'customer-update-address-id-ignored', fails: ['should update the address of a customer by addressId only'] },
  { fault: 'customer-missing-200', fails: ['should answer 400 for an invalid customer id and 404 for a missing one', LIFECYCLE.customer] },
  { fault: 'address-update-lost', fails: [LIFECYCLE.address] },
  { fault: 'customer-group-patch-lost', fails: [LIFECYCLE.group] },
  { fault: 'vendor-not-found-404', fails: VENDOR },
  { fault: 'email-queued-as-sent', fails: ['should queue an e-mail as pending and read it back equal', 'should filter e-mails by state=pending and state=sent'] },
  { fault: 'email-send-stays-pending', fails: ['should send a queued e-mail and read it back as sent'], profile: 'full' },
  { fault: 'email-attachments-dropped', fails: ['should refer to an uploaded attachment by the path the upload answered'] },
  { fault: 'upload-without-file-accepted', fails: ['should refuse an upload without a file with 400'] },
  { fault: 'deleted-filter-ignored', fails: ['should list customers changed, modified and deleted on a day'] },
  // Older faults whose rules these suites check as well.
  { fault: 'registree-email-duplicate-on-create', fails: [UNIQUE.create] },
  { fault: 'registree-email-duplicate-on-update', fails: [UNIQUE.update] },
  { fault: 'guest-email-conflict', fails: [], advises: [UNIQUE.guests] },
  // The stored records are not in the 409's answer (described: a bulk answer names what it created).
  { fault: 'bulk-create-partial', fails: [UNIQUE.batch] },
  { fault: 'customer-update-lost', fails: [LIFECYCLE.customer] },
  { fault: 'idempotent-delete-404', fails: [TWICE.customer, TWICE.address, TWICE.group] },
  { fault: 'bulk-delete-first-only', fails: ['should delete three own customers with one DELETE /customers/a,b,c'] },
  { fault: 'customer-password-returned', fails: ['should never answer the password'] },
  { fault: 'type-filter-ignored', fails: ['should filter customers by type=guest and type=registree'] },
  // Other types refused with 400 is observed, not described: an advisory here (negativeDataRejection fails it in the contract suites).
  { fault: 'type-filter-invalid-accepted', fails: [], advises: ['should refuse type=foo with 400'] },
  { fault: 'state-filter-inverted', fails: ['should filter e-mails by state=pending and state=sent'] },
  { fault: 'changed-filter-ignored', fails: ['should list customers changed, modified and deleted on a day'] },
];

/** Every fault of reference/faults/customers-suite.ts has a case (a new fault without one fails the self-test). */
export const CUSTOMER_AREA_FAULTS: string[] = customersSuiteFaults.map((f) => f.name);
