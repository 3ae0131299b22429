// Seeded ids for every path parameter of the spec, so a request to any operation names a record
// that exists in a freshly reset shop.
export const SEEDED_IDS: Readonly<Record<string, string>> = {
  field_id: '1',
  address_id: '2',
  category_id: '2',
  country_id: '81',
  customer_group_id: '3',
  customer_id: '3',
  email_id: '2',
  manufacturer_id: '1',
  order_status_id: '2',
  order_id: '400210',
  history_id: '1',
  item_id: '1',
  attribute_id: '1',
  total_id: '1',
  parcel_service_id: '2',
  product_id: '1',
  quantity: '6',
  quantity_unit_id: '2',
  review_id: '1',
  special_offer_id: '1',
  tracking_code_id: '1',
  vpe_id: '2',
  withdrawal_id: '1',
  zone_id: '1279',
};

/** References a minimal body needs, by field name (existing records of the seed). */
export const SEEDED_REFS: Readonly<Record<string, unknown>> = {
  customerId: 2,
  countryId: 81,
  zoneId: 1279,
  addressId: 2,
  statusId: 2,
  productId: 2,
  languageId: 1,
  parcelServiceId: '1',
  categoryId: 3,
  oldCategoryId: 4,
  newCategoryId: 3,
  parentId: 1,
  mainCategoryId: 0,
  manufacturerId: 1,
  taxClassId: 1,
  quantityUnitId: 1,
  vpeId: 0,
  shippingTimeId: 1,
  productTypeId: 1,
  vatId: 0,
  optionId: 1,
  optionValueId: 2,
  combisId: 0,
  id: 2,
};

export function fillPath(template: string, ids: Readonly<Record<string, string>> = SEEDED_IDS): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const v = ids[name];
    if (v === undefined) throw new Error(`no seeded id for path parameter ${name}`);
    return v;
  });
}
