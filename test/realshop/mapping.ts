// Which API record a changed database row of a real shop belongs to, and whether the run's
// leftover report accounts for it. One mapping per shop (GX 3.2.0.1, GX 4.8.0.3): their schemas
// share the old tables and GX 4.8 adds many (shops.ts names each shop's mapping).
//
// GX 3.2.0.1, found empirically: records created and deleted with curl against a pristine shop, the
// database dumped before and after each call. A create writes the tables below (customer:
// customers, customers_info, address_book, addon_values_storage for addonValues; address:
// address_book; category: categories, categories_description; product: products,
// products_description, products_item_codes, products_to_categories, and with images
// products_images and gm_prd_img_alt; link: products_to_categories; order: orders,
// orders_products, orders_total, orders_status_history, its items' attributes
// orders_products_attributes; e-mail: emails, email_contacts). A delete removes the same rows,
// except products_item_codes, which DELETE /products/{id} leaves behind (a shop defect: such rows
// stay unexplained unless the leftover report names the product). Authenticated reads (lists,
// single records, search) and refused requests (401) changed no table at all.
//
// GX 4.8.0.3: every resource of its root map (40) that can create (GX48_RECORD_TABLES says which
// tables each writes), read from the shop's schema (a dump of a pristine install) and checked
// against the diff of a whole standard run.
//
// A row belongs to one or more record paths (relative to the API root, as the ledger writes them).
// It is explained when one of them is, or lies under, a record the leftover report names with a
// reason: rows of an order's items are explained by the order, an address row by its customer.
import type { DumpDiff, Row } from './dump.js';

/** Finds a row of the dumps before or after the run, for rows that name their owner indirectly. */
export type Lookup = (table: string, match: (values: Row['values']) => boolean) => Row | undefined;

type Paths = (v: Row['values'], lookup: Lookup) => (string | undefined)[];

const id = (v: string | null | undefined): string | undefined => (v === null || v === undefined || v === '' ? undefined : v);
const at = (prefix: string, v: string | null | undefined): string | undefined => (id(v) ? `${prefix}/${v}` : undefined);

const customer: Paths = (v) => [at('/customers', v.customers_id)];
const category: Paths = (v) => [at('/categories', v.categories_id)];
const product: Paths = (v) => [at('/products', v.products_id)];
const email: Paths = (v) => [at('/emails', v.email_id)];
const order: Paths = (v) => [at('/orders', v.orders_id)];
const orderPart =
  (part: string, column: string): Paths =>
  (v) => [id(v.orders_id) && id(v[column]) ? `/orders/${v.orders_id}/${part}/${v[column]}` : at('/orders', v.orders_id)];

/** The order an order item (orders_products_id) belongs to, from either dump. */
function itemPath(itemId: string | undefined, lookup: Lookup): string | undefined {
  if (!itemId) return undefined;
  const item = lookup('orders_products', (v) => v.orders_products_id === itemId);
  return item && id(item.values.orders_id) ? `/orders/${item.values.orders_id}/items/${itemId}` : undefined;
}

/**
 * addon_values_storage rows by container_type: the shop's service interfaces whose addonValues it
 * stores there (GX 4.8's source: the five *AddonValueStorage classes; GX 3.2 showed the first three).
 */
const ADDON_CONTAINERS: Record<string, (containerId: string | undefined, lookup: Lookup) => string | undefined> = {
  CustomerInterface: (c) => at('/customers', c),
  CategoryInterface: (c) => at('/categories', c),
  OrderItemInterface: (c, lookup) => itemPath(c, lookup),
  OrderInterface: (c) => at('/orders', c),
  ProductInterface: (c) => at('/products', c),
};

/** GX 3.2.0.1: tables an API create writes, and the record(s) each row belongs to. */
const GX32_RECORD_TABLES: Readonly<Record<string, Paths>> = {
  // POST /customers (registree or guest): customer, its info row, its default address.
  customers: customer,
  customers_info: (v) => [at('/customers', v.customers_info_id)],
  // POST /addresses and the customer's own address: both the address and its customer.
  address_book: (v) => [at('/addresses', v.address_book_id), at('/customers', v.customers_id)],
  // addonValues of customers, categories and order items.
  addon_values_storage: (v, lookup) => [ADDON_CONTAINERS[v.container_type ?? '']?.(id(v.container_id), lookup)],
  // POST /categories
  categories: category,
  categories_description: category,
  // POST /products (with images: products_images, gm_prd_img_alt), POST /products/{id}/links
  products: product,
  products_description: product,
  products_item_codes: product,
  products_to_categories: product,
  products_images: product,
  gm_prd_img_alt: product,
  // POST /orders (items, totals, history in one), POST /orders/{id}/items, .../attributes, .../totals
  orders: order,
  orders_products: orderPart('items', 'orders_products_id'),
  orders_products_attributes: (v) => [
    id(v.orders_id) && id(v.orders_products_id) && id(v.orders_products_attributes_id)
      ? `/orders/${v.orders_id}/items/${v.orders_products_id}/attributes/${v.orders_products_attributes_id}`
      : at('/orders', v.orders_id),
  ],
  orders_total: orderPart('totals', 'orders_total_id'),
  orders_status_history: orderPart('history', 'orders_status_history_id'),
  // PUT /emails (queue), POST /emails (send)
  emails: email,
  email_contacts: email,
  email_attachments: email,
};

/** The additional field and the product an additional_field_values row ties together. */
const fieldValue = (valueId: string | undefined, lookup: Lookup): (string | undefined)[] => {
  const row = valueId ? lookup('additional_field_values', (v) => v.additional_field_value_id === valueId) : undefined;
  if (!row) return [];
  const { additional_field_id: field, item_id: item } = row.values;
  return [id(item) && id(field) ? `/products/${item}/additional_fields/${field}` : undefined, at('/additional_fields', field), at('/products', item)];
};

/**
 * GX 4.8.0.3: the tables of GX 3.2 (the same columns where both have them) and those of the
 * resources GX 3.2 lacks. Found by creating one record of every kind its root map offers with curl
 * on a pristine shop, dumping before and after each create and each delete (the bodies as the
 * vendor describes them): customer with address and addonValues, address, customer group,
 * manufacturer, category with addonValues, product, product link, additional field, a product's
 * additional field value, product prices with group and graduated prices, special offer, review,
 * order (with an item, its attribute, totals and history), order item, item attribute, order
 * total, tracking code, withdrawal, parcel service, order status, e-mail, VPE, quantity unit.
 * Every delete removed every row its create wrote (DELETE /orders/{id} leaves the order's tracking
 * codes, which are records of their own: /tracking_codes/{id}).
 */
const GX48_RECORD_TABLES: Readonly<Record<string, Paths>> = {
  ...GX32_RECORD_TABLES,
  // An order item's quantity unit (keyed by the item).
  orders_products_quantity_units: (v, lookup) => [itemPath(id(v.orders_products_id), lookup)],
  // An item attribute that carries a combisId (the vendor example's form: a property, option ids
  // empty) is stored as a property of the item (keyed by the item); its id is the attribute's.
  orders_products_properties: (v, lookup) => {
    const item = itemPath(id(v.orders_products_id), lookup);
    return [item && id(v.orders_products_properties_id) ? `${item}/attributes/${v.orders_products_properties_id}` : item];
  },
  // POST /orders/{id}/tracking_codes (and the deprecated /tracking_code): a record of its own.
  orders_parcel_tracking_codes: (v) => [
    at('/tracking_codes', v.orders_parcel_tracking_code_id),
    at('/tracking_code', v.orders_parcel_tracking_code_id),
    id(v.order_id) && id(v.orders_parcel_tracking_code_id) ? `/orders/${v.order_id}/tracking_codes/${v.orders_parcel_tracking_code_id}` : at('/orders', v.order_id),
  ],
  // POST /withdrawals (for an order and its customer).
  withdrawals: (v) => [at('/withdrawals', v.withdrawal_id), at('/orders', v.order_id)],
  // POST /manufacturers: the record and one info row per language.
  manufacturers: (v) => [at('/manufacturers', v.manufacturers_id)],
  manufacturers_info: (v) => [at('/manufacturers', v.manufacturers_id)],
  // POST /reviews
  reviews: (v) => [at('/reviews', v.reviews_id)],
  reviews_description: (v) => [at('/reviews', v.reviews_id)],
  // POST /special_offers
  specials: (v) => [at('/special_offers', v.specials_id), at('/products', v.products_id)],
  // POST /parcel_services
  parcel_services: (v) => [at('/parcel_services', v.parcel_service_id)],
  parcel_services_description: (v) => [at('/parcel_services', v.parcel_service_id)],
  // POST /order_statuses (one row per language)
  orders_status: (v) => [at('/order_statuses', v.orders_status_id)],
  // POST /customer_groups (one row per language; the schema changes are in GX48_SCHEMA_OWNER)
  customers_status: (v) => [at('/customer_groups', v.customers_status_id)],
  // POST /vpe (one row per language)
  products_vpe: (v) => [at('/vpe', v.products_vpe_id)],
  // POST /quantity_units, and a product's quantity unit
  quantity_unit: (v) => [at('/quantity_units', v.quantity_unit_id)],
  quantity_unit_description: (v) => [at('/quantity_units', v.quantity_unit_id)],
  products_quantity_unit: product,
  // POST /additional_fields; POST /products/{id}/additional_fields (a value of a field for a product)
  additional_fields: (v) => [at('/additional_fields', v.additional_field_id)],
  additional_field_descriptions: (v) => [at('/additional_fields', v.additional_field_id)],
  additional_field_values: (v) => [
    id(v.item_id) && id(v.additional_field_id) ? `/products/${v.item_id}/additional_fields/${v.additional_field_id}` : undefined,
    at('/additional_fields', v.additional_field_id),
    at('/products', v.item_id),
  ],
  additional_field_value_descriptions: (v, lookup) => fieldValue(id(v.additional_field_value_id), lookup),
};

/** How one shop's rows map to API records. */
export interface ShopMapping {
  /** Tables an API create writes, and the record(s) each row belongs to. */
  records: Readonly<Record<string, Paths>>;
  /** Tables named by pattern (one per customer group), with the record(s) each row belongs to. */
  recordPatterns?: readonly { table: RegExp; paths: (v: Row['values'], table: RegExpExecArray) => (string | undefined)[] }[];
  /**
   * Tables any API call may change as pure bookkeeping (counters, logs, caches, indexes), each with
   * the reason; `rows` narrows it to the rows that are. Add one only with what was seen and why.
   */
  bookkeeping: Readonly<Record<string, { why: string; rows?: (v: Row['values']) => boolean }>>;
  /**
   * Rows the shop itself leaves behind when the API deletes a record, which no client can see or
   * remove: declared with the defect, and accepted only when the record they belong to is gone.
   */
  deleteRemains: Readonly<Record<string, { record: string; why: string }>>;
  /**
   * Rows of records the run never wrote that the shop rewrites itself when the run writes another
   * record: a row changed (removed and added under the same key) as `changed` says is accounted for.
   */
  shopRewrites?: Readonly<Record<string, { why: string; key: readonly string[]; changed: (before: Row['values'], after: Row['values']) => boolean }>>;
  /** The record(s) a schema change belongs to (table, changed line), when a record's create changes the schema. */
  schemaOwner?: (table: string, line: string) => string[] | undefined;
}

export const GX32_MAPPING: ShopMapping = {
  records: GX32_RECORD_TABLES,
  // None: curl reads and writes against a pristine shop changed no such table (the rate limit
  // counter lives in a file, shop/cache/gxapi_v2_sessions_*, and sessions/whos_online are left out
  // of the dump).
  bookkeeping: {},
  deleteRemains: {
    // Found with curl: POST /products writes a products_item_codes row; DELETE /products/{id}
    // removes every other row of the product and leaves this one.
    products_item_codes: { record: 'products', why: "DELETE /products/{id} leaves the product's item-code row behind (shop defect)" },
  },
};

/** Columns and tables a customer group adds to the schema: group_permission_<id>, personal_offers_by_customers_status_<id>. */
const GROUP_TABLE = /^personal_offers_by_customers_status_(\d+)$/;
const GROUP_COLUMN = /`group_permission_(\d+)`/;

export const GX48_MAPPING: ShopMapping = {
  records: GX48_RECORD_TABLES,
  recordPatterns: [
    // PUT /product_prices/{id} (and /products/{id}/product_prices): a product's group and
    // graduated prices, in the table of the customer group.
    { table: GROUP_TABLE, paths: (v, t) => [at('/products', v.products_id), at('/customer_groups', t[1])] },
  ],
  bookkeeping: {
    delete_history: { why: 'the shop logs every deleted product, category, customer and order here (its DeleteHistoryService); no client can read or remove it' },
    categories_index: {
      why: "the shop's index of each product's category path, rewritten from products_to_categories whenever a product is written or deleted (the pristine install holds a row for a product 6 it does not have, which goes when a product 6 is deleted)",
    },
    gx_configurations: {
      why: "the admin's set-up wizard marks its catalogue step done when the first product is created (SetStepDoneProductWriteService)",
      rows: (v) => v.key === 'modules/gambio/setupwizard/SETUP_WIZARD_STEP_CATALOG',
    },
  },
  deleteRemains: {},
  shopRewrites: {
    products_description: {
      why: 'the pristine install gives products 1 and 5 the same URL keywords; the first product written makes the shop rename product 5\'s to "<keyword>-5"',
      key: ['products_id', 'language_id'],
      changed: (b, a) => {
        const pid = b.products_id ?? '';
        const rest = Object.keys(b).filter((k) => k !== 'gm_url_keywords');
        return rest.every((k) => b[k] === a[k]) && a.gm_url_keywords === `${b.gm_url_keywords ?? ''}-${pid}`;
      },
    },
  },
  schemaOwner: (table, line) => {
    const t = GROUP_TABLE.exec(table);
    if (t) return [`/customer_groups/${t[1] ?? ''}`];
    const c = GROUP_COLUMN.exec(line);
    return c ? [`/customer_groups/${c[1] ?? ''}`] : undefined;
  },
};

/** One entry of `${REPORT_DIR}/leftovers.json` (src/preflight/global-teardown.ts), as far as read here. */
export interface Leftover {
  path: string;
  kind?: string;
  reason?: string;
}

/**
 * A create that answered 5xx and named no record (leftovers.json `possiblePartial`): the shop may
 * keep a half-written record of it that its API does not show.
 */
export interface PossiblePartial {
  operationId: string;
  /** The collection the create posted to, relative to the API root (`/products`). */
  collection: string;
}

/** The collection a possible-partial create posted to, from its curl command line. */
export function collectionOfRequest(curl: string): string | undefined {
  const url = /'(https?:\/\/[^']+)'/.exec(curl)?.[1];
  if (!url) return undefined;
  const p = new URL(url).pathname;
  const at = p.indexOf('/v2/');
  return at >= 0 ? p.slice(at + 3).replace(/\/+$/, '') : undefined;
}

export function parsePossiblePartial(json: unknown): PossiblePartial[] {
  const list = typeof json === 'object' && json !== null ? (json as { possiblePartial?: unknown }).possiblePartial : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((e: unknown): PossiblePartial[] => {
    if (typeof e !== 'object' || e === null) return [];
    const o = e as Record<string, unknown>;
    const collection = typeof o.request === 'string' ? collectionOfRequest(o.request) : undefined;
    return typeof o.operationId === 'string' && collection ? [{ operationId: o.operationId, collection }] : [];
  });
}

/** Reads leftovers.json: `{ runId, leftovers: LedgerEntry[] }`, entries possibly with a `reason`. */
export function parseLeftovers(json: unknown): Leftover[] {
  const list = typeof json === 'object' && json !== null ? (json as { leftovers?: unknown }).leftovers : undefined;
  if (!Array.isArray(list)) throw new Error('leftovers.json has no "leftovers" list');
  return list.flatMap((e: unknown): Leftover[] => {
    if (typeof e !== 'object' || e === null) return [];
    const o = e as Record<string, unknown>;
    if (typeof o.path !== 'string') return [];
    return [{ path: o.path, ...(typeof o.kind === 'string' ? { kind: o.kind } : {}), ...(typeof o.reason === 'string' ? { reason: o.reason } : {}) }];
  });
}

/** The record paths a row belongs to; undefined when its table is not one an API create writes. */
export function recordPaths(row: Row, lookup: Lookup, mapping: ShopMapping): string[] | undefined {
  const f = mapping.records[row.table];
  if (f) return f(row.values, lookup).filter((p): p is string => p !== undefined);
  for (const pattern of mapping.recordPatterns ?? []) {
    const m = pattern.table.exec(row.table);
    if (m) return pattern.paths(row.values, m).filter((p): p is string => p !== undefined);
  }
  return undefined;
}

/** Rows a bookkeeping entry of the mapping covers. */
function isBookkeeping(row: Row, mapping: ShopMapping): boolean {
  const b = mapping.bookkeeping[row.table];
  return b !== undefined && (b.rows === undefined || b.rows(row.values));
}

/** Removed/added row pairs the shop rewrote itself (mapping.shopRewrites), as the set of both rows. */
function shopRewritten(diff: DumpDiff, mapping: ShopMapping): Set<Row> {
  const out = new Set<Row>();
  for (const [table, rule] of Object.entries(mapping.shopRewrites ?? {})) {
    const keyOf = (r: Row): string => JSON.stringify(rule.key.map((k) => r.values[k] ?? null));
    const added = diff.added.filter((r) => r.table === table && !out.has(r));
    for (const removed of diff.removed.filter((r) => r.table === table)) {
      const pair = added.find((a) => !out.has(a) && keyOf(a) === keyOf(removed) && rule.changed(removed.values, a.values));
      if (pair) {
        out.add(removed);
        out.add(pair);
      }
    }
  }
  return out;
}

const within = (p: string, record: string): boolean => p === record || p.startsWith(`${record}/`);

export interface DiffVerdict {
  /** Rows (and schema lines) explained by a leftover with a reason. */
  explained: number;
  /** Rows of the shop's bookkeeping and of its own rewrites (mapping.bookkeeping, shopRewrites). */
  bookkeeping: number;
  /** Diff lines nothing accounts for, each with why. */
  unexplained: { line: string; why: string }[];
}

export function judgeDiff(diff: DumpDiff, leftovers: readonly Leftover[], lookup: Lookup, mapping: ShopMapping, partial: readonly PossiblePartial[] = []): DiffVerdict {
  const verdict: DiffVerdict = { explained: 0, bookkeeping: 0, unexplained: [] };
  // A record of a collection a 5xx create posted to, up to as many records as such creates: the
  // leftover report names each of those creates with its request and the reason.
  const partialBudget = new Map<string, number>();
  for (const p of partial) partialBudget.set(p.collection, (partialBudget.get(p.collection) ?? 0) + 1);
  const partialRecords = new Map<string, Set<string>>();
  const asPartial = (paths: readonly string[]): boolean => {
    for (const p of paths) {
      const collection = p.slice(0, p.lastIndexOf('/'));
      const budget = partialBudget.get(collection) ?? 0;
      if (!budget) continue;
      const seen = partialRecords.get(collection) ?? new Set<string>();
      if (seen.has(p) || seen.size < budget) {
        seen.add(p);
        partialRecords.set(collection, seen);
        return true;
      }
    }
    return false;
  };
  const withReason = leftovers.filter((l) => l.kind !== 'file' && l.reason !== undefined && l.reason.trim() !== '');
  const withoutReason = leftovers.filter((l) => l.kind !== 'file' && !withReason.includes(l));
  const rewritten = shopRewritten(diff, mapping);
  const judge = (row: Row, sign: string): void => {
    const line = `${sign} ${row.line}`;
    if (isBookkeeping(row, mapping) || rewritten.has(row)) {
      verdict.bookkeeping++;
      return;
    }
    const paths = recordPaths(row, lookup, mapping);
    if (paths === undefined) return void verdict.unexplained.push({ line, why: `table ${row.table} is not written by any API create` });
    if (!paths.length) return void verdict.unexplained.push({ line, why: `row of ${row.table} names no record` });
    if (paths.some((p) => withReason.some((l) => within(p, l.path)))) {
      verdict.explained++;
      return;
    }
    const remains = mapping.deleteRemains[row.table];
    if (remains && sign === '+' && paths.every((p) => !lookup(remains.record, (v) => p.endsWith(`/${v[`${remains.record}_id`] ?? ''}`)))) {
      verdict.explained++;
      return;
    }
    // Only rows the run added can be a partial create.
    if (sign === '+' && asPartial(paths)) {
      verdict.explained++;
      return;
    }
    const named = paths.find((p) => withoutReason.some((l) => within(p, l.path)));
    verdict.unexplained.push({ line, why: named ? `${named}: leftover report names it without a reason` : `${paths.join(', ')}: not in the leftover report` });
  };
  for (const r of diff.removed) judge(r, '-');
  for (const r of diff.added) judge(r, '+');
  for (const { table, line } of diff.schema) {
    const paths = mapping.schemaOwner?.(table, line.slice(2));
    if (paths?.some((p) => withReason.some((l) => within(p, l.path)))) verdict.explained++;
    else verdict.unexplained.push({ line, why: paths?.length ? `schema changed by ${paths.join(', ')}: not in the leftover report with a reason` : `schema of ${table || 'the dump'} changed` });
  }
  return verdict;
}
