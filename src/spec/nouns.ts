// What kind of record a name says: a collection path (`/orders/12/items` -> item), a path parameter
// (`customer_group_id` -> customer_group) and a reference field of a body (`taxClassId` ->
// tax_class). The ledger, the write guard, the resolver and the reads of the target all name kinds
// this way, so a record made under one name is found under the other.

/** How many parameters a path has. */
export const pathParams = (path: string): number => (path.match(/\{/g) ?? []).length;

/** The first segment of a path: its top resource (`/orders/{id}/items` -> orders). */
export const firstSegment = (path: string): string => path.split('/')[1] ?? '';

/** `customer_groups` -> `customer_group`, `categories` -> `category`, `addresses` -> `address`. */
export function singular(word: string): string {
  const w = word.toLowerCase();
  if (/ies$/.test(w)) return w.slice(0, -3) + 'y';
  if (/(ss|x|ch|sh|us)es$/.test(w)) return w.slice(0, -2);
  if (/s$/.test(w) && !/ss$/.test(w)) return w.slice(0, -1);
  return w;
}

/** The kind of record a path parameter names: `customer_group_id` -> `customer_group`. */
export function paramNoun(name: string): string {
  return singular(name.replace(/([a-z])([A-Z])/g, '$1_$2').replace(/[_-]?ids?$/i, ''));
}

/** The kind of record a collection holds: `/orders/12/items` -> `item`. */
export function collectionNoun(collection: string): string {
  const seg = collection.split('/').filter((s) => s && !/^\{.*\}$/.test(s)).pop() ?? '';
  return singular(seg);
}

/** The kind of record a reference field names: `taxClassId` -> tax_class, `statusId` -> status, `id` -> ''. */
export function fieldNoun(field: string): string {
  if (field === 'id' || field === 'ids') return '';
  const snake = field.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().replace(/[_-]?ids?$/, '');
  return /(us|ss)$/.test(snake) ? snake : paramNoun(snake);
}

const ROLE = /^(old|new|main|parent|default|primary|target|source|previous|current|next)_(.+)$/;

/** The kinds a reference field names, its role stripped: `oldCategoryId` -> old_category, category. */
export function kindNouns(field: string): string[] {
  const noun = fieldNoun(field);
  if (!noun) return [];
  const m = ROLE.exec(noun);
  return m?.[2] ? [noun, m[2]] : [noun];
}

/** Kinds a reference field may name, most specific last: `statusId` of /orders -> status, order_status. */
export function nounsFor(field: string, contextPaths: readonly string[] = []): string[] {
  const noun = fieldNoun(field);
  const out = kindNouns(field);
  for (const p of contextPaths) {
    const ctx = collectionNoun(p);
    if (!noun) {
      // A nested create's `id` names a record of the sub-collection's kind (`/products/{id}/additional_fields`).
      if (pathParams(p) > 0 && ctx) out.push(ctx);
      continue;
    }
    const top = collectionNoun(`/${firstSegment(p)}`);
    for (const owner of [ctx, top]) if (owner && !noun.startsWith(`${owner}_`)) out.push(`${owner}_${noun}`);
  }
  return [...new Set(out)];
}
