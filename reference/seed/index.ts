// Fills a fresh state with the deterministic seed: same records, ids and timestamps on every start.
import type { Json } from '../engine/schema-tools.js';
import type { CollectionName, State } from '../engine/state.js';
import * as catalogue from './catalogue.js';
import * as customers from './customers.js';
import * as orders from './orders.js';
import * as ref from './reference-data.js';

/** Seed records are dated, so that date filters have something to find. */
export const SEED_TIME = new Date('2024-03-01T09:00:00Z');

export interface SeedOptions {
  adminEmail: string;
}

function fill(state: State, name: CollectionName, records: readonly Json[]): void {
  const col = state.col(name);
  for (const r of records) col.insert(structuredClone(r), SEED_TIME);
}

export function seed(state: State, opts: SeedOptions): void {
  fill(state, 'languages', ref.languages);
  fill(state, 'addressFormats', ref.addressFormats);
  fill(state, 'countries', ref.countries);
  fill(state, 'zones', ref.zones);
  fill(state, 'taxClasses', ref.taxClasses);
  fill(state, 'taxZones', ref.taxZones);
  fill(state, 'taxRates', ref.taxRates);
  fill(state, 'orderStatuses', ref.orderStatuses);
  fill(state, 'customerGroups', ref.customerGroups);
  fill(state, 'quantityUnits', ref.quantityUnits);
  fill(state, 'vpe', ref.vpe);
  fill(state, 'parcelServices', ref.parcelServices);
  fill(state, 'shopInformation', [ref.shopInformation(opts.adminEmail)]);
  fill(state, 'customers', customers.customers(opts.adminEmail));
  fill(state, 'addresses', customers.addresses);
  fill(state, 'credentials', customers.credentials);
  fill(state, 'categories', catalogue.categories);
  fill(state, 'products', catalogue.products);
  fill(state, 'productLinks', catalogue.productLinks);
  fill(state, 'productPrices', catalogue.productPrices);
  fill(state, 'manufacturers', catalogue.manufacturers);
  fill(state, 'additionalFields', catalogue.additionalFields);
  fill(state, 'productFieldValues', catalogue.productFieldValues);
  fill(state, 'specialOffers', catalogue.specialOffers);
  fill(state, 'reviews', catalogue.reviews);
  fill(state, 'orders', orders.orders);
  fill(state, 'orderItems', orders.orderItems);
  fill(state, 'orderItemAttributes', orders.orderItemAttributes);
  fill(state, 'orderTotals', orders.orderTotals);
  fill(state, 'orderHistory', orders.orderHistory);
  fill(state, 'paymentDetails', orders.paymentDetails);
  fill(state, 'trackingCodes', orders.trackingCodes);
  fill(state, 'withdrawals', orders.withdrawals);
  fill(state, 'emails', orders.emails(opts.adminEmail));
}
