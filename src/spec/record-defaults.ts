// What a record gets where its writer has nothing of its own to say: one home for the bodies the
// harness sends (fixtures/factories) and for the records the reference shop starts with
// (reference/seed). Each writer adds only what is its own: the factories a run id in every name,
// e-mails on example.test and the references they read from the target; the seed its fixed ids,
// names and the records its storefront shows (on the sitemap, open to customer groups), where a
// record of ours stays off the sitemap and names no customer group, since a live shop's groups are
// not ours to assume. Fields a shop keeps are all written, empty where there is nothing to say: a
// shop builds its rows from all of them (GX 3.2 answers 500 "$p_vatNumber is not a string"
// without a VAT number, "$p_company is not a string" without a company).
import type { Json } from '../core/json.js';
import { KNOWN_SETTINGS, MODULES } from './particulars.js';

/** A setting's value as every shop knows it (KNOWN_SETTINGS, which the bodies built from the schema take too). */
function knownSetting(name: string): string {
  const value = KNOWN_SETTINGS[name];
  if (value === undefined) throw new Error(`record-defaults: no known value of the setting ${name} in KNOWN_SETTINGS`);
  return value;
}

/** A category's `settings`, as PUT /categories/{id} takes them. */
export function categorySettings(overrides: Json = {}): Json {
  return {
    categoryListingTemplate: knownSetting('categoryListingTemplate'),
    productListingTemplate: knownSetting('productListingTemplate'),
    sortColumn: knownSetting('sortColumn'),
    sortDirection: knownSetting('sortDirection'),
    onSitemap: false,
    sitemapPriority: knownSetting('sitemapPriority'),
    sitemapChangeFrequency: knownSetting('sitemapChangeFrequency'),
    showAttributes: false,
    showGraduatedPrice: false,
    showQuantity: true,
    showQuantityInfo: false,
    showSubCategories: true,
    showSubCategoryImages: true,
    showSubCategoryNames: true,
    showSubCategoryProducts: false,
    showCategoriesImageInDescription: false,
    isViewModeTiled: true,
    showCategoryFilter: false,
    filterSelectionMode: 0,
    filterValueDeactivation: 0,
    groupPermissions: [],
    ...overrides,
  };
}

/** A product's `settings`, as PUT /products/{id} takes them. */
export function productSettings(overrides: Json = {}): Json {
  return {
    detailsTemplate: knownSetting('detailsTemplate'),
    optionsDetailsTemplate: knownSetting('optionsDetailsTemplate'),
    optionsListingTemplate: knownSetting('optionsListingTemplate'),
    showOnStartpage: false,
    showQuantityInfo: false,
    showWeight: false,
    showPriceOffer: false,
    showAddedDateTime: false,
    priceStatus: 0,
    minOrder: 1,
    graduatedQuantity: 1,
    onSitemap: false,
    sitemapPriority: knownSetting('sitemapPriority'),
    sitemapChangeFrequency: knownSetting('sitemapChangeFrequency'),
    propertiesDropdownMode: knownSetting('propertiesDropdownMode'),
    startpageSortOrder: 0,
    showPropertiesPrice: false,
    propertiesCombisQuantityCheckMode: 0,
    usePropertiesCombisShippingTime: false,
    usePropertiesCombisWeight: false,
    groupPermissions: [],
    ...overrides,
  };
}

/** A category's own fields besides its texts (ShopCategory): hidden from the storefront, no pictures, default settings. */
export function categoryFields(overrides: Json = {}): Json {
  return { isActive: false, icon: '', image: '', settings: categorySettings(), addonValues: {}, ...overrides };
}

/** A product's own fields besides its texts, references and amounts (ShopProduct): hidden, no discount, shipping costs or age limit, no packing unit, default settings. */
export function productFields(overrides: Json = {}): Json {
  return {
    isActive: false,
    discountAllowed: 0,
    shippingCosts: 0,
    isFsk18: false,
    isVpeActive: false,
    vpeValue: 0,
    addonValues: { productsImageWidth: knownSetting('productsImageWidth'), productsImageHeight: knownSetting('productsImageHeight') },
    settings: productSettings(),
    ...overrides,
  };
}

/** A customer's personal fields as a create takes them (ShopCustomer, the shop's own fields left out). */
export function customerFields(overrides: Json = {}): Json {
  return { gender: 'f', firstname: '', lastname: '', dateOfBirth: '', email: '', isGuest: false, telephone: '', fax: '', vatNumber: '', ...overrides };
}

/** Where an address is: a country and, where known, one of its zones, as the target wrote it (references, never a default). */
export interface Place {
  countryId: number;
  zoneId?: number | string;
}

/** The parts of an address inside another record: a new customer's `address` (ShopCustomerNewAddress) or an order's (ShopOrderAddress). */
export function addressParts(place: Place, overrides: Json = {}): Json {
  return {
    gender: 'f',
    company: '',
    firstname: '',
    lastname: '',
    street: '',
    houseNumber: '',
    additionalAddressInfo: '',
    suburb: '',
    postcode: '',
    city: '',
    countryId: place.countryId,
    ...(place.zoneId !== undefined ? { zoneId: place.zoneId } : {}),
    b2bStatus: false,
    ...overrides,
  };
}

/** An address record (ShopAddress, as POST and PUT /addresses take it): the parts and its class. */
export function addressFields(place: Place, overrides: Json = {}): Json {
  return addressParts(place, { class: '', ...overrides });
}

/** A customer group's `settings`: not public, prices shown with tax, reviews open. */
export function customerGroupSettings(overrides: Json = {}): Json {
  return {
    public: false,
    otDiscountFlag: false,
    graduatedPrices: false,
    showPrice: true,
    showPriceTax: true,
    addTaxOt: false,
    discountAttributes: false,
    fsk18: false,
    fsk18Display: false,
    writeReviews: true,
    readReviews: true,
    ...overrides,
  };
}

/** A customer group's `configurations`: no order limits, no discount, every module allowed. */
export function customerGroupConfigurations(overrides: Json = {}): Json {
  return { minOrder: 0, maxOrder: 0, discount: 0, otDiscount: 0, unallowedPaymentModules: [], unallowedShippingModules: [], ...overrides };
}

/** How an order is paid and shipped: by modules every shop has installed (MODULES). */
export function orderModules(): Json {
  return { paymentType: { title: 'Invoice', module: MODULES.payment }, shippingType: { title: 'Standard shipping', module: MODULES.shipping } };
}

/** The status an order's customer has (its `customer.status`): a registered customer's, without discount; the id only where known. */
export function orderCustomerStatus(id?: number): Json {
  return { ...(id !== undefined ? { id } : {}), name: 'Customer', image: '', discount: 0, isGuest: false };
}

/** An order's `addonValues`: no card details, nothing abandoned, and the buyer's address (a documentation address of RFC 5737). */
export function orderAddonValues(customerIp = '192.0.2.1'): Json {
  return {
    ccCvv: '',
    ccExpires: '',
    ccIssue: '',
    ccNumber: '',
    ccOwner: '',
    ccStart: '',
    ccType: '',
    customerIp,
    downloadAbandonmentStatus: knownSetting('downloadAbandonmentStatus'),
    serviceAbandonmentStatus: knownSetting('serviceAbandonmentStatus'),
  };
}

/** What names an order item line: its model, name, quantity, whole unit price and, where known, the product it stands for. */
export interface ItemLine {
  model: string;
  name: string;
  quantity: number;
  price: number;
  productId?: string | number;
}

/** An order item (ShopOrderItem) of a line: `finalPrice` is price × quantity, taxed at 19 %, no discount. */
export function orderItemFields(line: ItemLine, overrides: Json = {}): Json {
  return {
    model: line.model,
    name: line.name,
    quantity: line.quantity,
    price: line.price,
    finalPrice: line.price * line.quantity,
    tax: 19,
    isTaxAllowed: true,
    discount: 0,
    shippingTimeInformation: '2-3 days',
    checkoutInformation: '',
    downloadInformation: [],
    addonValues: { ...(line.productId !== undefined ? { productId: String(line.productId) } : {}), productType: knownSetting('productType') },
    quantityUnitName: 'piece',
    gxCustomizerData: [],
    ...overrides,
  };
}

/** An item attribute (ShopOrderItemAttributes): a free text of the item at no extra price, naming no product option. */
export function itemAttributeFields(name: string, value: string, overrides: Json = {}): Json {
  return { name, value, price: 0, priceType: knownSetting('priceType'), optionId: null, optionValueId: null, combisId: 0, ...overrides };
}

/** A whole amount as an order total writes it for people (`12,00 EUR`; the schema types the values as integers). */
export function amountText(value: number, currency: string): string {
  return `${value},00 ${currency}`;
}

/** The usual totals (ShopOrderTotal) of a list of items: sub-total (sum of final prices), shipping, total. */
export function totalsFor(items: readonly Json[], shipping = 5, currency = 'EUR'): Json[] {
  const sub = items.reduce((s, i) => s + (typeof i.finalPrice === 'number' ? i.finalPrice : 0), 0);
  return [
    { title: 'Sub-total:', value: sub, valueText: amountText(sub, currency), class: 'ot_subtotal', sortOrder: 10 },
    { title: 'Shipping:', value: shipping, valueText: amountText(shipping, currency), class: 'ot_shipping', sortOrder: 30 },
    { title: 'Total:', value: sub + shipping, valueText: amountText(sub + shipping, currency), class: 'ot_total', sortOrder: 99 },
  ];
}
