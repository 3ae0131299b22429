// Which API record a changed database row of the real shop (Gambio GX 3.2.0.1) belongs to, and
// whether the run's leftover report accounts for it.
//
// Found empirically: records created and deleted with curl against a pristine shop, the database
// dumped before and after each call. A create writes the tables below (customer: customers,
// customers_info, address_book, addon_values_storage for addonValues; address: address_book;
// category: categories, categories_description; product: products, products_description,
// products_item_codes, products_to_categories, and with images products_images and gm_prd_img_alt;
// link: products_to_categories; order: orders, orders_products, orders_total,
// orders_status_history, its items' attributes orders_products_attributes; e-mail: emails,
// email_contacts). A delete removes the same rows, except products_item_codes, which
// DELETE /products/{id} leaves behind (a shop defect: such rows stay unexplained unless the
// leftover report names the product). Authenticated reads (lists, single records, search) and
// refused requests (401) changed no table at all.
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

/** addon_values_storage rows by container_type (the shop's service interfaces). */
const ADDON_CONTAINERS: Record<string, (containerId: string | undefined, lookup: Lookup) => string | undefined> = {
  CustomerInterface: (c) => at('/customers', c),
  CategoryInterface: (c) => at('/categories', c),
  OrderItemInterface: (c, lookup) => itemPath(c, lookup),
};

/** Tables an API create writes, and the record(s) each row belongs to. */
export const RECORD_TABLES: Readonly<Record<string, Paths>> = {
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

/**
 * Tables any API call may change as pure bookkeeping (counters, logs, caches), each with the
 * reason. Empty: curl reads and writes against a pristine shop changed no such table (the rate
 * limit counter lives in a file, shop/cache/gxapi_v2_sessions_*, and sessions/whos_online are left
 * out of the dump). Add a table only with what was seen and why it is bookkeeping.
 */
export const BOOKKEEPING_TABLES: Readonly<Record<string, string>> = {};

/**
 * Rows the shop itself leaves behind when the API deletes a record, which no client can see or
 * remove: declared with the defect, and accepted only when the record they belong to is gone.
 */
export const DELETE_REMAINS: Readonly<Record<string, { record: string; why: string }>> = {
  // Found with curl: POST /products writes a products_item_codes row; DELETE /products/{id} removes
  // every other row of the product and leaves this one.
  products_item_codes: { record: 'products', why: 'DELETE /products/{id} leaves the product\'s item-code row behind (shop defect)' },
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
export function recordPaths(row: Row, lookup: Lookup): string[] | undefined {
  const f = RECORD_TABLES[row.table];
  if (!f) return undefined;
  return f(row.values, lookup).filter((p): p is string => p !== undefined);
}

const within = (p: string, record: string): boolean => p === record || p.startsWith(`${record}/`);

export interface DiffVerdict {
  /** Rows explained by a leftover with a reason. */
  explained: number;
  /** Rows of bookkeeping tables. */
  bookkeeping: number;
  /** Diff lines nothing accounts for, each with why. */
  unexplained: { line: string; why: string }[];
}

export function judgeDiff(diff: DumpDiff, leftovers: readonly Leftover[], lookup: Lookup, partial: readonly PossiblePartial[] = []): DiffVerdict {
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
  const judge = (row: Row, sign: string): void => {
    const line = `${sign} ${row.line}`;
    if (BOOKKEEPING_TABLES[row.table] !== undefined) {
      verdict.bookkeeping++;
      return;
    }
    const paths = recordPaths(row, lookup);
    if (paths === undefined) return void verdict.unexplained.push({ line, why: `table ${row.table} is not written by any API create` });
    if (!paths.length) return void verdict.unexplained.push({ line, why: `row of ${row.table} names no record` });
    if (paths.some((p) => withReason.some((l) => within(p, l.path)))) {
      verdict.explained++;
      return;
    }
    const remains = DELETE_REMAINS[row.table];
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
  for (const l of diff.schema) verdict.unexplained.push({ line: l, why: 'schema changed' });
  return verdict;
}
