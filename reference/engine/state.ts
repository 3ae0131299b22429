// The whole in-memory state of one shop: named collections plus the uploaded files. snapshot()
// gives a deep copy, so self-tests can assert that a rejected request changed nothing.
import { Collection, type CollectionDump } from './collection.js';

export const COLLECTIONS = [
  'additionalFields',
  'addressFormats',
  'addresses',
  'categories',
  'countries',
  'credentials',
  'customerGroups',
  'customers',
  'emails',
  'languages',
  'manufacturers',
  'orderHistory',
  'orderItemAttributes',
  'orderItems',
  'orderStatuses',
  'orderTotals',
  'orders',
  'parcelServices',
  'paymentDetails',
  'productFieldValues',
  'productLinks',
  'productPrices',
  'products',
  'quantityUnits',
  'reviews',
  'shopInformation',
  'specialOffers',
  'taxClasses',
  'taxRates',
  'taxZones',
  'trackingCodes',
  'vpe',
  'withdrawals',
  'zones',
] as const;

export type CollectionName = (typeof COLLECTIONS)[number];

export const FILE_KINDS = ['attachments', 'category_icons', 'category_images', 'product_images'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export interface StateSnapshot {
  collections: Record<string, CollectionDump>;
  files: Record<string, Record<string, number>>;
}

export class State {
  private readonly collections = new Map<CollectionName, Collection>();
  /** Stored file names and sizes per upload kind (the bytes live in the upload folder). */
  readonly files = new Map<FileKind, Map<string, number>>();

  constructor() {
    for (const name of COLLECTIONS) this.collections.set(name, new Collection(name));
    for (const kind of FILE_KINDS) this.files.set(kind, new Map());
  }

  col(name: CollectionName): Collection {
    const c = this.collections.get(name);
    if (!c) throw new Error(`unknown collection ${name}`);
    return c;
  }

  filesOf(kind: FileKind): Map<string, number> {
    return this.files.get(kind) as Map<string, number>;
  }

  /** Puts the state back to a snapshot (collections and the file index; the caller restores the bytes). */
  restore(snap: StateSnapshot): void {
    for (const [name, c] of this.collections) {
      const dump = snap.collections[name];
      if (dump) c.load(dump);
    }
    for (const [kind, m] of this.files) {
      m.clear();
      for (const [name, size] of Object.entries(snap.files[kind] ?? {})) m.set(name, size);
    }
  }

  snapshot(): StateSnapshot {
    const collections: Record<string, CollectionDump> = {};
    for (const [name, c] of this.collections) collections[name] = c.dump();
    const files: Record<string, Record<string, number>> = {};
    for (const [kind, m] of this.files) files[kind] = Object.fromEntries([...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return { collections, files };
  }
}
