// Categories (a small tree), products with links, prices and graduated prices, manufacturers,
// additional fields, a special offer and reviews.
import type { Json } from '../engine/schema-tools.js';
import { categoryFields, categorySettings, productFields, productSettings } from '../../src/spec/record-defaults.js';

const ml = (en: string, de: string) => ({ en, de });
const SEEDED = '2024-03-01 09:00:00';

// The seed's records show on its storefront: on the sitemap, open to the first two customer groups.
const seededCategorySettings = categorySettings({ onSitemap: true, groupPermissions: [{ id: 1, isPermitted: true }, { id: 2, isPermitted: true }] });

const category = (id: number, parentId: number, sortOrder: number, en: string, de: string, extra: Partial<Json> = {}): Json => ({
  id,
  dateAdded: SEEDED,
  lastModified: SEEDED,
  parentId,
  ...categoryFields({ isActive: true, settings: structuredClone(seededCategorySettings) }),
  sortOrder,
  name: ml(en, de),
  headingTitle: ml(en, de),
  description: ml(`All about ${en.toLowerCase()}`, `Alles über ${de}`),
  descriptionBottom: ml('', ''),
  metaTitle: ml(en, de),
  metaDescription: ml('', ''),
  metaKeywords: ml('', ''),
  urlKeywords: ml(en.toLowerCase().replace(/\W+/g, '-'), de.toLowerCase().replace(/\W+/g, '-')),
  imageAltText: ml('', ''),
  ...extra,
});

export const categories: Json[] = [
  category(1, 0, 1, 'Garden', 'Garten', { icon: 'garden.png', image: 'garden-banner.png' }),
  category(2, 1, 1, 'Tools', 'Werkzeug'),
  category(3, 1, 2, 'Seeds', 'Saatgut'),
  category(4, 2, 1, 'Hand tools', 'Handwerkzeug'),
  category(5, 0, 2, 'Kitchen', 'Küche'),
  category(6, 5, 1, 'knives', 'Messer', { isActive: false }),
];

const seededProductSettings = productSettings({ showPriceOffer: true, onSitemap: true, showPropertiesPrice: true, groupPermissions: [{ id: 1, isPermitted: true }] });

const product = (id: number, model: string, en: string, de: string, price: number, extra: Partial<Json> = {}): Json => ({
  id,
  ...productFields({ isActive: true, settings: structuredClone(seededProductSettings) }),
  sortOrder: id,
  dateAdded: SEEDED,
  dateAvailable: '',
  lastModified: SEEDED,
  orderedCount: 0,
  productModel: model,
  ean: `400000000${String(id).padStart(4, '0')}`,
  price,
  taxClassId: 1,
  quantity: 100,
  weight: 1.5,
  shippingTimeId: 1,
  productTypeId: 1,
  manufacturerId: 1,
  vpeId: 0,
  name: ml(en, de),
  description: ml(`<p>${en}</p>`, `<p>${de}</p>`),
  shortDescription: ml(en, de),
  keywords: ml('', ''),
  metaTitle: ml(en, de),
  metaDescription: ml('', ''),
  metaKeywords: ml('', ''),
  url: ml('', ''),
  infoUrl: ml('', ''),
  urlKeywords: ml(en.toLowerCase().replace(/\W+/g, '-'), de.toLowerCase().replace(/\W+/g, '-')),
  checkoutInformation: ml('', ''),
  viewedCount: { en: 0, de: 0 },
  images: [],
  quantityUnitId: 1,
  mainCategoryId: 0,
  ...extra,
});

export const products: Json[] = [
  product(1, 'SP-100', 'Garden spade', 'Gartenspaten', 24.9, {
    mainCategoryId: 4,
    images: [{ filename: 'spade.png', isPrimary: true, isVisible: true, imageAltText: ml('A spade', 'Ein Spaten') }],
  }),
  product(2, 'RK-200', 'Rake', 'Rechen', 19.5, { mainCategoryId: 4, images: [{ filename: 'rake.png', isPrimary: true, isVisible: true, imageAltText: ml('A rake', 'Ein Rechen') }] }),
  product(3, 'SD-300', 'Tomato seeds', 'Tomatensamen', 2.99, { mainCategoryId: 3, taxClassId: 2, weight: 0.05, quantityUnitId: 3 }),
  product(4, 'KN-400', 'chef knife', 'Kochmesser', 79, { mainCategoryId: 6, manufacturerId: 2, isFsk18: true }),
  product(5, 'WC-500', 'Watering can', 'Gießkanne', 12.5, { isActive: false, quantity: 0 }),
];

export const productLinks: Json[] = [
  { id: 1, productId: 1, categoryId: 4 },
  { id: 2, productId: 1, categoryId: 2 },
  { id: 3, productId: 2, categoryId: 4 },
  { id: 4, productId: 3, categoryId: 3 },
  { id: 5, productId: 4, categoryId: 6 },
];

export const productPrices: Json[] = [
  {
    id: 1,
    groupPrices: [
      { customerGroupId: 3, groupPrice: 23.9, graduatedPrices: [{ graduatedPrice: 22.5, threshold: 5 }, { graduatedPrice: 20, threshold: 10 }] },
      { customerGroupId: 4, groupPrice: 21, graduatedPrices: [{ graduatedPrice: 19, threshold: 10 }] },
    ],
  },
  { id: 3, groupPrices: [{ customerGroupId: 3, groupPrice: 0, graduatedPrices: [{ graduatedPrice: 2.5, threshold: 20 }] }] },
];

export const manufacturers: Json[] = [
  { id: 1, name: 'Spaten & Söhne', image: 'manufacturers/spaten.png', dateAdded: { date: `${SEEDED}.000000`, timezone_type: 3, timezone: 'UTC' }, lastModified: { date: `${SEEDED}.000000`, timezone_type: 3, timezone: 'UTC' }, urls: ml('https://spaten.example.test', 'https://spaten.example.test/de') },
  { id: 2, name: 'Blade Works', image: '', dateAdded: { date: `${SEEDED}.000000`, timezone_type: 3, timezone: 'UTC' }, lastModified: { date: `${SEEDED}.000000`, timezone_type: 3, timezone: 'UTC' }, urls: ml('', '') },
];

export const additionalFields: Json[] = [
  { id: 1, names: ml('Material', 'Material') },
  { id: 2, names: ml('Warranty', 'Garantie') },
];

export const productFieldValues: Json[] = [
  { id: 1, productId: 1, fieldId: 1, values: ml('Steel and ash wood', 'Stahl und Eschenholz') },
  { id: 2, productId: 1, fieldId: 2, values: ml('5 years', '5 Jahre') },
];

export const specialOffers: Json[] = [
  { id: 1, productId: 2, price: 15.99, quantity: 50, status: true, expiresAt: '2030-12-31 23:59:59', added: SEEDED, modified: SEEDED },
];

export const reviews: Json[] = [
  { id: 1, productId: 1, rating: 5, readCount: 3, dateAdded: SEEDED, lastModified: SEEDED, languageId: 1, text: 'Sturdy and sharp.', customer: { customerId: 2, customerName: 'Ada Lovelace' } },
  { id: 2, productId: 1, rating: 4, readCount: 0, dateAdded: SEEDED, lastModified: SEEDED, languageId: 2, text: 'Gut, aber schwer.', customer: { customerId: 6, customerName: 'Émilie du Châtelet' } },
];
