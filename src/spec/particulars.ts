// What is particular to the Shop Management REST API v2, beyond what a Swagger file can say, as
// data in one place. The harness is generic over any spec; where it must know a habit of this API
// to tell what a request created or deleted, how to delete it again, or what a shop accepts, it
// reads it here: the client's record keeper and write guard, the cleanup, the data resolver, the
// bodies and the arbitraries. A new habit of the API is an entry here, not a branch in the client.
// (Which operations search, write or destroy is read from these in src/spec/operation-kinds.ts.)

/** A path ending in this segment is a search: `POST /customers/search` reads, it never creates. */
export const SEARCH_SEGMENT = 'search';

/** Extensions a spec may use to mark operations: a search POST, an operation that clears caches, runs jobs or sends mail. */
export const EXTENSIONS = { search: 'x-search', destructive: 'x-destructive' } as const;

/**
 * For a spec that marks no destructive operation: these words in a path make one destructive
 * (cache clears, cron triggers, sending mail), as does a DELETE of a whole collection.
 */
export const DESTRUCTIVE_WORDS = /(^|[/_-])(cache|caches|cron|cronjobs?|jobs?|send|mail|flush|purge|reset|trigger|reindex|import|sync|clear)($|[/_-])/i;

/** A PUT on a collection that creates (the API queues e-mails with `PUT /emails`, queueEmail): told by its operationId. */
export const PUT_CREATE_IDS = /^(create|queue|add|insert|new|post)/i;

/**
 * Bulk answers: a bulk create answers `{ "created": [...], "errors": [...] }`, a grouped delete
 * (`DELETE /categories/3,4,5`) may answer which ids it deleted.
 */
export const BULK_ANSWER = { created: 'created', deleted: 'deleted', errors: 'errors' } as const;

/**
 * Literal segments after a record's id that address the same record in another view, not a
 * sub-resource: `DELETE /orders/1/items/2/attributes/8/Property` deletes attribute 8 (and
 * `GET .../attributes/Property` lists the attributes). Any other literal segment after an id is a
 * sub-resource of that record (`/products/5/links`, `/orders/5/status`): writing or deleting it
 * changes the record's parts, never the record itself.
 */
export const RECORD_VIEWS: readonly string[] = ['Property'];

/** File collections (`/product_images`, `/category_icons` ...): how their requests and answers name files. */
export const FILES = {
  /** Fields that carry a file name in upload answers and in rename and delete bodies. */
  nameFields: /^(filename|fileName|file_name|newFilename|path|file|name)$/,
  /** The field a file DELETE names its file in when its schema shows none. */
  deleteField: 'filename',
  /** A rename names the file it renames (`from`) and the name it gives (`to`, in the body and in the answer). */
  rename: { from: 'oldFilename', to: 'newFilename' },
  /** Other fields that name an existing file (the old name of a rename, however spelt). */
  oldName: /^old/i,
} as const;

/**
 * Parents whose delete removes records below them, from the API's behaviour notes ("Deleting an
 * order removes its items, attributes and totals"). `parent` is a record path template;
 * `children` are the sub-collections (relative to the parent's path) whose records, and everything
 * under them, go with it. Tracking codes, payment details and the status history are not named
 * there, so they are deleted on their own.
 */
export const CASCADES: readonly { parent: string; children: readonly string[]; source: string }[] = [
  { parent: '/orders/{order_id}', children: ['/items', '/totals'], source: 'behaviour notes: deleting an order removes its items, attributes and totals' },
];

/** Values of configuration-like fields a shop knows (templates, sitemap settings), by field name. */
export const KNOWN_SETTINGS: Readonly<Record<string, string>> = {
  categoryListingTemplate: 'categorie_listing.html',
  productListingTemplate: 'product_listing_v1.html',
  detailsTemplate: 'standard.html',
  optionsDetailsTemplate: 'product_options_dropdown.html',
  optionsListingTemplate: 'product_options_dropdown.html',
  sortColumn: 'p.products_price',
  sortDirection: 'ASC',
  sitemapPriority: '0.5',
  sitemapChangeFrequency: 'daily',
  propertiesDropdownMode: '',
  priceType: '+',
  productsImageWidth: '0',
  productsImageHeight: '0',
  productType: '1',
  downloadAbandonmentStatus: '0',
  serviceAbandonmentStatus: '0',
};

/** A `module` field names a module the shop has installed: a shipping module under a shipping field, else a payment module. */
export const MODULES = { shipping: 'flat_flat', payment: 'invoice' } as const;
