// The admin (the API user), registered customers, two guests sharing an e-mail, their addresses.
// The fields any writer gives a customer or an address come from src/spec/record-defaults.ts; here
// the seed's own: fixed ids and names, and what a stored record has that a create does not send
// (the shop's number, its VAT check, the customer group, the address and the addon values).
import type { Json } from '../engine/schema-tools.js';
import { addressFields, customerFields } from '../../src/spec/record-defaults.js';

const customer = (id: number, c: Partial<Json>): Json => ({
  id,
  number: '',
  ...customerFields(),
  vatNumberStatus: 0,
  statusId: 2,
  addressId: id,
  addonValues: '',
  ...c,
});

export function customers(adminEmail: string): Json[] {
  return [
    customer(1, { number: 'A-1', gender: 'f', firstname: 'Erika', lastname: 'Mustermann', email: adminEmail, statusId: 0, dateOfBirth: '1980-04-12' }),
    customer(2, { number: '10002', gender: 'f', firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.test', telephone: '+44 20 0000 0001', dateOfBirth: '1990-12-10' }),
    customer(3, { number: '10003', gender: 'm', firstname: 'Alan', lastname: 'Turing', email: 'alan@example.test', vatNumber: 'GB000000000' }),
    customer(4, { number: '', gender: 'f', firstname: 'Grace', lastname: 'Hopper', email: 'guest@example.test', isGuest: true, statusId: 1 }),
    customer(5, { number: '', gender: 'm', firstname: 'Edsger', lastname: 'Dijkstra', email: 'guest@example.test', isGuest: true, statusId: 1 }),
    customer(6, { number: '10006', gender: 'f', firstname: 'Émilie', lastname: 'du Châtelet', email: 'emilie@example.test', telephone: '+33 1 00 00 00 06' }),
  ];
}

// In Germany (81) unless said otherwise; 0 is the seed's "no zone".
const address = (id: number, customerId: number, a: Partial<Json>): Json => ({ id, customerId, ...addressFields({ countryId: 81, zoneId: 0 }), ...a });

export const addresses: Json[] = [
  address(1, 1, { gender: 'f', company: 'Example Trading GmbH', firstname: 'Erika', lastname: 'Mustermann', street: 'Musterstraße', houseNumber: '1', postcode: '80331', city: 'München', zoneId: 1279, b2bStatus: true }),
  address(2, 2, { gender: 'f', firstname: 'Ada', lastname: 'Lovelace', street: 'St James Square', houseNumber: '12', postcode: 'SW1Y 4JH', city: 'London', countryId: 222 }),
  address(3, 3, { gender: 'm', firstname: 'Alan', lastname: 'Turing', street: 'Adlington Road', houseNumber: '43', postcode: 'SK9 4LZ', city: 'Wilmslow', countryId: 222 }),
  address(4, 4, { gender: 'f', firstname: 'Grace', lastname: 'Hopper', street: 'Hauptstraße', houseNumber: '5', postcode: '10115', city: 'Berlin', zoneId: 1280 }),
  address(5, 5, { gender: 'm', firstname: 'Edsger', lastname: 'Dijkstra', street: 'Prinsengracht', houseNumber: '263', postcode: '1016 GV', city: 'Amsterdam', countryId: 150 }),
  address(6, 6, { gender: 'f', firstname: 'Émilie', lastname: 'du Châtelet', street: 'Rue de Rivoli', houseNumber: '99', postcode: '75001', city: 'Paris', countryId: 73 }),
];

export const credentials: Json[] = [
  { id: 2, password: 'seed-password-ada' },
  { id: 3, password: 'seed-password-alan' },
  { id: 6, password: 'seed-password-emilie' },
];
