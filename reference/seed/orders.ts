// One complete order (items, an item attribute, totals, history, payment details, a tracking
// code and a withdrawal), queued and sent e-mails.
// What any writer gives an order, its items and totals comes from src/spec/record-defaults.ts;
// here only the seed's own: fixed ids, Ada's order with its names, dates and amounts.
import type { Json } from '../engine/schema-tools.js';
import { addressParts, itemAttributeFields, orderAddonValues, orderCustomerStatus, orderItemFields, orderModules, totalsFor } from '../../src/spec/record-defaults.js';

const SEEDED = '2024-03-01 09:00:00';

const orderAddress = addressParts({ countryId: 222, zoneId: 0 }, { firstname: 'Ada', lastname: 'Lovelace', street: 'St James Square', houseNumber: '12', postcode: 'SW1Y 4JH', city: 'London' });

export const orders: Json[] = [
  {
    id: 400210,
    statusId: 2,
    purchaseDate: SEEDED,
    currencyCode: 'EUR',
    languageCode: 'en',
    comment: 'Please ring twice.',
    totalWeight: 3,
    ...orderModules(),
    customer: { id: 2, number: '10002', email: 'ada@example.test', phone: '+44 20 0000 0001', vatId: 0, status: orderCustomerStatus(2) },
    addresses: { customer: orderAddress, billing: orderAddress, delivery: orderAddress },
    addonValues: orderAddonValues('192.0.2.10'),
  },
];

const item = (id: number, model: string, name: string, quantity: number, price: number, productId: number): Json => ({
  id,
  orderId: 400210,
  ...orderItemFields({ model, name, quantity, price, productId }),
});

export const orderItems: Json[] = [item(1, 'SP-100', 'Garden spade', 1, 25, 1), item(2, 'RK-200', 'Rake', 2, 20, 2)];

export const orderItemAttributes: Json[] = [
  // The seed's attribute names an option of its catalogue (the handle's length).
  { id: 1, orderId: 400210, itemId: 1, ...itemAttributeFields('Handle', 'Long', { optionId: 1, optionValueId: 2 }) },
];

// Sub-total 65,00 EUR, shipping 5,00, total 70,00.
export const orderTotals: Json[] = totalsFor(orderItems, 5, 'EUR').map((t, i) => ({ id: i + 1, orderId: 400210, ...t }));

export const orderHistory: Json[] = [
  { id: 1, orderId: 400210, statusId: 1, dateAdded: SEEDED, comment: 'Order placed.', customerNotified: true },
  { id: 2, orderId: 400210, statusId: 2, dateAdded: '2024-03-01 10:30:00', comment: 'Payment received.', customerNotified: false },
];

export const paymentDetails: Json[] = [{ id: 400210, details: { invoiceNumber: 'INV-2024-0001' } }];

export const trackingCodes: Json[] = [
  {
    id: 1,
    orderId: 400210,
    trackingCode: '00340434161234567890',
    parcelServiceId: 1,
    parcelServiceName: 'DHL',
    languageId: 1,
    url: 'https://tracking.example.test/dhl?code=00340434161234567890',
    comment: 'Parcel',
    creationDate: '2024-03-02 08:00:00',
  },
];

export const withdrawals: Json[] = [
  {
    id: 1,
    withdrawalDate: '2024-03-10',
    content: 'I withdraw from the purchase of the rake.',
    order: {
      orderId: 400210,
      customerId: 2,
      customerGender: 'f',
      customerFirstname: 'Ada',
      customerLastName: 'Lovelace',
      customerStreetAddress: 'St James Square 12',
      customerPostCode: 'SW1Y 4JH',
      customerCity: 'London',
      customerCountry: 'United Kingdom',
      customerEmail: 'ada@example.test',
      orderDate: SEEDED,
      deliveryDate: '2024-03-04 12:00:00',
    },
    dateCreated: '2024-03-10 11:00:00',
    createdByAdmin: false,
  },
];

const address = (emailAddress: string, contactName: string) => ({ emailAddress, contactName });

export function emails(adminEmail: string): Json[] {
  const shop = address(adminEmail, 'Conformance Garden Store');
  return [
    {
      id: 1,
      subject: 'Your order 400210',
      sender: shop,
      recipient: address('ada@example.test', 'Ada Lovelace'),
      replyTo: shop,
      contentHtml: '<p>Thank you for your order.</p>',
      contentPlain: 'Thank you for your order.',
      isPending: false,
      creationDate: SEEDED,
      sentDate: SEEDED,
      bcc: [],
      cc: [],
      attachments: [],
    },
    {
      id: 2,
      subject: 'Your order has shipped',
      sender: shop,
      recipient: address('ada@example.test', 'Ada Lovelace'),
      replyTo: shop,
      contentHtml: '<p>Your parcel is on its way.</p>',
      contentPlain: 'Your parcel is on its way.',
      isPending: true,
      creationDate: '2024-03-02 08:00:00',
      sentDate: '',
      bcc: [],
      cc: [],
      attachments: [],
    },
  ];
}
