// `@rule:links`, judged on one record: a positive customerId, addressId, countryId, zoneId or
// ordersId earns an entry in `_links`, keyed by the field without its `Id` suffix (ShopLinks in
// spec/shop-api-v2.yaml, ERRATA 33), whose URL names that record (`…/customers/<customerId>`).
// Pure, so single reads and lists are judged alike.
import { isObj } from '../../../src/core/json.js';
import type { Json } from '../../../fixtures/factories/index.js';

/** Referring field -> the collection its link points into (facts: "Responses"). */
export const LINKED_FIELDS: Readonly<Record<string, string>> = {
  customerId: 'customers',
  addressId: 'addresses',
  countryId: 'countries',
  zoneId: 'zones',
  ordersId: 'orders',
};

/** The referring fields of a record with a positive id (0 means "none": no link is due). */
export function referringIds(rec: Json): { field: string; id: number; collection: string }[] {
  const out: { field: string; id: number; collection: string }[] = [];
  for (const [field, collection] of Object.entries(LINKED_FIELDS)) {
    const v = rec[field];
    const id = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : 0;
    if (Number.isSafeInteger(id) && id > 0) out.push({ field, id, collection });
  }
  return out;
}

/**
 * What is wrong with the `_links` of one record, one line each (empty: the rule holds). Link URLs
 * may be relative; they are resolved against the request URL (`base`) and their path must end with
 * `/<collection>/<id>` (the path prefix is the shop's, which a proxy may change).
 */
export function linkProblems(rec: Json, base: string): string[] {
  const due = referringIds(rec);
  if (!due.length) return [];
  const links = rec._links;
  const label = `record ${JSON.stringify(rec.id ?? '?')}`;
  if (!isObj(links)) return [`${label} refers to ${due.map((d) => `${d.field} ${d.id}`).join(', ')} but has ${links === undefined ? 'no _links' : `_links ${JSON.stringify(links)}`}`];
  const problems: string[] = [];
  for (const d of due) {
    const key = d.field.slice(0, -2);
    const url = links[key];
    const want = `/${d.collection}/${d.id}`;
    if (typeof url !== 'string') {
      problems.push(`${label}: ${d.field} ${d.id} has no _links.${key} (links: ${JSON.stringify(links)})`);
      continue;
    }
    let path: string;
    try {
      path = new URL(url, base).pathname.replace(/\/+$/, '');
    } catch {
      problems.push(`${label}: _links.${key} ${JSON.stringify(url)} is not a URL`);
      continue;
    }
    if (!path.endsWith(want)) problems.push(`${label}: _links.${key} ${JSON.stringify(url)} should point to ${want} (${d.field} ${d.id})`);
  }
  return problems;
}

/** Where `_links` appears at any depth (`$._links`, `$[3]._links`, `$.address._links`): nowhere with disable_links. */
export function linksFound(value: unknown, at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => linksFound(v, `${at}[${i}]`));
  if (!isObj(value)) return [];
  const here = '_links' in value ? [`${at}._links`] : [];
  return [...here, ...Object.entries(value).flatMap(([k, v]) => (k === '_links' ? [] : linksFound(v, `${at}.${k}`)))];
}
