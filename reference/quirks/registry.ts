// Every quirk of the reference shop (one file each, see types.ts), and the quirks a shop runs with.
import addressWithoutCustomerKept from './address-without-customer-kept.js';
import noCategoryImages from './no-category-images.js';
import categorySegmentsIgnored from './category-segments-ignored.js';
import oneOfferPerProduct from './one-offer-per-product.js';
import type { Quirk } from './types.js';

export const QUIRKS = [oneOfferPerProduct, noCategoryImages, addressWithoutCustomerKept, categorySegmentsIgnored] as const satisfies readonly Quirk[];

export type QuirkName = (typeof QUIRKS)[number]['name'];

export class UnknownQuirkError extends Error {
  override name = 'UnknownQuirkError';
}

/** The quirks a shop runs with, by name (each once, in the order given); unknown names throw. */
export function quirksNamed(names: readonly string[] = []): Quirk[] {
  const all: readonly Quirk[] = QUIRKS;
  const unknown = names.filter((n) => !all.some((q) => q.name === n));
  if (unknown.length) throw new UnknownQuirkError(`unknown quirk(s): ${unknown.join(', ')}. Known quirks: ${all.map((q) => q.name).sort().join(', ')}`);
  return [...new Set(names)].map((n) => all.find((q) => q.name === n) as Quirk);
}
