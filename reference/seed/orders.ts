// One complete order (items, an item attribute, totals, history, payment details, a tracking
// code and a withdrawal), queued and sent e-mails.
import type { Json } from '../engine/schema-tools.js';

const SEEDED = '2024-03-01 09:00:00';

const orderAddress = {
  gender: 'f',
  firstname: 'Ada',
  lastname: 'Lovelace',
  company: '',
  street: 'St James Square',
  houseNumber: '12',
  additionalAddressInfo: '',
  suburb: '',
  postcode: 'SW1Y 4JH',
  city: 'London',
  countryId: 222,
  zoneId: 0,
  b2bStatus: false,
};

export const orders: Json[] = [
  {
    id: 400210,
    statusId: 2,
    purchaseDate: SEEDED,
    currencyCode: 'EUR',
    languageCode: 'en',
    comment: 'Please ring twice.',
    totalWeight: 3,
    paymentType: { title: 'Invoice', module: 'invoice' },
    shippingType: { title: 'Standard shipping', module: 'flat_flat' },
    customer: { id: 2, number: '10002', email: 'ada@example.test', phone: '+44 20 0000 0001', vatId: 0, status: { id: 2, name: 'Customer', image: '', discount: 0, isGuest: false } },
    addresses: { customer: orderAddress, billing: orderAddress, delivery: orderAddress },
    addonValues: {
      ccCvv: '',
      ccExpires: '',
      ccIssue: '',
      ccNumber: '',
      ccOwner: '',
      ccStart: '',
      ccType: '',
      customerIp: '192.0.2.10',
      downloadAbandonmentStatus: '0',
      serviceAbandonmentStatus: '0',
    },
  },
];

const item = (id: number, model: string, name: string, quantity: number, price: number, productId: number): Json => ({
  id,
  orderId: 400210,
  model,
  name,
  quantity,
  price,
  finalPrice: price * quantity,
  tax: 19,
  isTaxAllowed: true,
  discount: 0,
  shippingTimeInformation: '2-3 days',
  checkoutInformation: '',
  downloadInformation: [],
  addonValues: { productId: String(productId), productType: '1' },
  quantityUnitName: 'piece',
  gxCustomizerData: [],
});

export const orderItems: Json[] = [item(1, 'SP-100', 'Garden spade', 1, 25, 1), item(2, 'RK-200', 'Rake', 2, 20, 2)];

export const orderItemAttributes: Json[] = [
  { id: 1, orderId: 400210, itemId: 1, name: 'Handle', value: 'Long', price: 0, priceType: '+', optionId: 1, optionValueId: 2, combisId: 0 },
];

export const orderTotals: Json[] = [
  { id: 1, orderId: 400210, title: 'Sub-total:', value: 65, valueText: '65,00 EUR', class: 'ot_subtotal', sortOrder: 10 },
  { id: 2, orderId: 400210, title: 'Shipping:', value: 5, valueText: '5,00 EUR', class: 'ot_shipping', sortOrder: 30 },
  { id: 3, orderId: 400210, title: 'Total:', value: 70, valueText: '70,00 EUR', class: 'ot_total', sortOrder: 99 },
];

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
