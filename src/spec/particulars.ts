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

/**
 * Records that name others and that nothing names, which a cleanup deletes before anything else
 * (the rest goes newest first): a withdrawal names its customer and its order, and GX 4.8 can
 * neither read nor delete one whose customer was deleted first (its customer_id turns NULL: 500
 * "IntType ... got NULL"); a grouped delete of customers may come before it in newest-first order.
 */
export const DELETED_FIRST: readonly string[] = ['/withdrawals'];

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

/**
 * Optional fields a real client sends, by operation: the vendor's operation texts and examples
 * show them and shops need them, though our schema leaves them out of `required` (or, as the
 * vendor's, marks them readOnly). A path names a field (`*` for any item of a list; a list named
 * `.../*` gets one item).
 */
export const CLIENT_SENDS: Readonly<Record<string, readonly string[]>> = {
  // "A create takes either a new `address` object or the `addressId` of an existing address", the
  // address as the vendor's example writes it; the vendor's ShopCustomer requires the personal
  // fields (GX 4.8 answers 400 without: "$p_vatNumber is not a string", or reading the address's countryId).
  // A password too: a client that registers a customer gives one (both shops take it on create,
  // guests included); GX 4.8 answers 400 "StringType: Invalid argument value given (expected
  // string got NULL)" to a registree without, so a drawn setup registree must never lack it.
  createCustomers: ['/*/dateOfBirth', '/*/vatNumber', '/*/telephone', '/*/fax', '/*/password', '/*/address', ...['company', 'houseNumber', 'additionalAddressInfo', 'suburb', 'zoneId', 'b2bStatus'].map((f) => `/*/address/${f}`)],
  // An offer is for a product (the vendor's example names one; GX 4.8 answers 400 without).
  createSpecialOffers: ['/productId'],
  // The reviewer's customer (readOnly in the vendor's schema, named by its example; GX 4.8 answers 500 without).
  postReviews: ['/customer/customerId'],
  // A parcel service with its tracking URL and comment (the vendor's example shows them; GX 4.8 answers 500 to none).
  createParcelService: ['/descriptions/*'],
  // The status of an order's customer by its id (readOnly in the vendor's schema, named by its
  // example; GX 4.8 answers 500 "IntType ... got NULL" without): what it names, CLIENT_SENT_IDS.
  createOrder: ['/customer/status/id'],
  updateOrder: ['/customer/status/id'],
  // The order a withdrawal is of (readOnly in the vendor's schema, named by its example; GX 4.8
  // answers 500 "IntType ... got NULL" without): an own order.
  postWithdrawals: ['/order/orderId'],
  updateWithdrawals: ['/order/orderId'],
};

/**
 * What an id that CLIENT_SENDS adds names, where its own name does not say: the field of a
 * collection's records that holds the same kind of value, read from the target as references are
 * (src/data/references.ts). An order's customer status is a customer's group, as a customer
 * record's `statusId` shows it.
 */
export const CLIENT_SENT_IDS: Readonly<Record<string, Readonly<Record<string, { field: string; collection: string }>>>> = {
  createOrder: { '/customer/status/id': { field: 'statusId', collection: '/customers' } },
  updateOrder: { '/customer/status/id': { field: 'statusId', collection: '/customers' } },
};

/**
 * Kinds of record the spec can create that other records only name, and whose own answers show
 * nothing of what names them: a tracking code's parcel service. A body borrows one the target
 * lists, as it does a country or a tax class, instead of making one of its own: a shop may refuse
 * every create of one (GX 4.8 answers 500 to each parcel service create), and then no tracking code
 * could be set up at all.
 */
export const NAMED_ONLY: readonly string[] = ['parcel_service'];

/**
 * Fields whose name ends like a reference (`...Id`) but that name no record: a VAT identification
 * number (`ShopOrderCustomer.vatId`) is the customer's tax number, written by the client.
 */
export const NOT_REFERENCES: readonly string[] = ['vatId'];

/**
 * Reference fields naming records this API has no collection of, which a client that names none
 * fills with the none, 0 (ids count from 1), where the target shows no value of its own: an order
 * item's attribute names a product option and its value (optionId, optionValueId) or a property
 * combination (combisId) of the shop's catalogue; the vendor's example leaves the option ids empty
 * and its API documentation says an attribute carries one kind or the other.
 */
export const NONE_WHEN_UNREAD: readonly string[] = ['optionId', 'optionValueId', 'combisId'];

/**
 * How the vendor's own examples write a field of a request body where they contradict its schema,
 * by named schema and property: a client copying the example sends that form, and a shop that
 * follows either document conforms (facts README). Records made only to stand behind the operation
 * under test (the resolver's own records, the group factories' bodies) are written in it, so what
 * depends on them is judged on a shop that takes only the example's form; the operation's own valid
 * request keeps the declared form, so a shop that fails on that fails there, with its answer as
 * evidence. The reference shop takes both (reference/engine/body.ts). Kinds:
 *   text   a string where the schema declares a number
 *   list   a list of the declared object (a setup sends it empty, a factory with one entry)
 *   null   null where the schema declares an id
 *   alias  the same value also under the example's name of the field
 */
export type ExampleForm = { kind: 'text' } | { kind: 'list' } | { kind: 'null' } | { kind: 'alias'; as: string };

export const EXAMPLE_FORMS: Readonly<Record<string, Readonly<Record<string, ExampleForm>>>> = {
  // A VAT identification number is text: the vendor's API documentation of order creation calls it
  // a string and writes an empty one in its example; the schema declares an integer, which GX 4.8
  // answers with 500 "StringType: Invalid argument value given (expected string got integer)".
  ShopOrderCustomer: { vatId: { kind: 'text' } },
  // facts: x-example-type array; GX 4.8 reads the attributes as a list (one object answers 500).
  ShopOrderItem: { attributes: { kind: 'list' } },
  // facts: x-example-type null; beside a combisId, GX 4.8 answers 500 to option ids ("Call to
  // undefined method OrderItemProperty::setOptionId()").
  ShopOrderItemAttributes: { optionId: { kind: 'null' }, optionValueId: { kind: 'null' } },
  // The vendor's withdrawal example and GX 4.8 spell the first name customerFirstName; the schema
  // customerFirstname (GX 4.8 answers 500 "StringType ... got NULL" without the example's spelling).
  ShopWithdrawalOrder: { customerFirstname: { kind: 'alias', as: 'customerFirstName' } },
};

/**
 * Optional fields a real client leaves out, by operation (paths as in CLIENT_SENDS): where the
 * vendor's description contradicts itself about a field, or its value is the shop's to choose.
 * Minimal bodies send no optional field anyway; drawn bodies (src/arbitraries) leave these out.
 */
export const CLIENT_OMITS: Readonly<Record<string, readonly string[]>> = {
  // `addonValues` is typed a string while the vendor's examples show null or an object (GX 4.8
  // answers 500 to a string); the customer group (`statusId`) is the shop's to give (on GX, 0 is
  // the admin group, which the target's own records show), and so is `vatNumberStatus`, the result
  // of its check of the VAT number (GX 4.8 writes its own, e.g. 8, whatever was sent).
  createCustomers: ['/*/addonValues', '/*/statusId', '/*/vatNumberStatus'],
};

/** Whether an instance path of a body (`/0/address/countryId`) is a field CLIENT_SENDS names for the operation, or lies inside one. */
export function clientSends(operationId: string, instancePath: string): boolean {
  const parts = instancePath.split('/').slice(1);
  return (CLIENT_SENDS[operationId] ?? []).some((p) => {
    const want = p.split('/').slice(1);
    return want.length <= parts.length && want.every((w, i) => w === parts[i] || (w === '*' && /^\d+$/.test(parts[i] ?? '')));
  });
}
