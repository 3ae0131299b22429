// Faults of the rules the customer, address, customer-group, e-mail and reference-data suites
// check (suites/resources/): each breaks one rule at the spot where the shop keeps it.
import type { Fault } from './types.js';

export const customersSuiteFaults = [
  {
    name: 'refused-create-stored',
    description: 'A customer create refused with 409 (taken registree e-mail) stores the customer anyway.',
    catches: ['@rule:unique-email'],
    area: 'customers',
  },
  {
    name: 'customer-new-address-ignored',
    description: 'A customer create with a new `address` makes no address (addressId stays 0).',
    catches: ['@rule:customer-address'],
    area: 'customers',
  },
  {
    name: 'customer-address-id-dropped',
    description: 'A customer create with the addressId of an existing address stores addressId 0.',
    catches: ['@rule:customer-address'],
    area: 'customers',
  },
  {
    name: 'customer-update-address-id-ignored',
    description: 'A customer update keeps the old addressId instead of the one it was given.',
    catches: ['@rule:customer-address'],
    area: 'customers',
  },
  {
    name: 'customer-missing-200',
    description: 'GET of a missing customer answers 200 with an empty record instead of 404.',
    catches: ['@rule:error-status'],
    area: 'customers',
  },
  {
    name: 'address-update-lost',
    description: 'PUT /addresses/{id} answers the old address and stores nothing.',
    catches: ['@rule:lifecycle'],
    area: 'customers',
  },
  {
    name: 'customer-group-patch-lost',
    description: 'PATCH /customer_groups/{id} answers the old group and stores nothing.',
    catches: ['@rule:lifecycle'],
    area: 'customers',
  },
  {
    name: 'vendor-not-found-404',
    description: "Missing records answer 404 where the operation declares the vendor's 500/501 instead (countries, zones).",
    catches: ['@rule:error-status'],
    area: 'customers',
  },
  {
    name: 'email-queued-as-sent',
    description: 'PUT /emails stores the e-mail as sent (isPending false) instead of pending.',
    catches: ['@rule:email-queue'],
    area: 'customers',
  },
  {
    name: 'email-send-stays-pending',
    description: 'POST /emails/{id} answers success but leaves the e-mail pending without a sent date.',
    catches: ['@rule:email-queue'],
    area: 'customers',
  },
  {
    name: 'email-attachments-dropped',
    description: 'A queued e-mail is stored without its attachment paths.',
    catches: ['@rule:lifecycle'],
    area: 'customers',
  },
  {
    name: 'upload-without-file-accepted',
    description: 'An upload without a file part answers success (an empty file under the given name) instead of 400.',
    catches: ['@rule:files'],
    area: 'customers',
  },
  {
    name: 'deleted-filter-ignored',
    description: 'deleted=<date> lists the live records instead of those deleted that day.',
    catches: ['@rule:changed-date'],
    area: 'customers',
  },
] as const satisfies readonly Fault[];
