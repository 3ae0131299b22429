// The harness's `@rule:` tags: the columns its resource-suite rules are judged in, each with a
// one-line meaning. Suites put them on their tests and the reference shop's faults name them in
// `catches`; the list is the harness's, so the shop may read it and the harness never reads the
// shop. Generic checks are `@check:<checkName>` (src/checks/registry.ts). A new rule tag is added
// here first, then used by a test and by the fault that proves it.
export const RULE_TAGS = {
  '@rule:idempotent-delete': 'deleting a record twice (or a missing one) succeeds where the spec says x-idempotent-delete',
  '@rule:unique-email': "a registree's e-mail is unique (409 on create and update); guests may share",
  '@rule:paging': 'page counts from 1 and applies only when given',
  '@rule:link-header': 'paged answers carry Link with first/previous/next/last as the facts say',
  '@rule:per-page': 'per_page sets the page size, default 50; below 1 is a 400 or ignored',
  '@rule:sort': 'sort takes up to five +/- keys with dots; strings in byte order',
  '@rule:fields': 'fields keeps only the named first-level fields, on lists and single records',
  '@rule:search': 'q and search match case-insensitively on first-level strings and numbers',
  '@rule:filter-type': 'customers type=guest|registree filters; other values are a 400',
  '@rule:filter-state': 'e-mails state=pending|sent filters',
  '@rule:changed-date': 'changed/modified/deleted=<date> find records of that day',
  '@rule:lifecycle': 'what is created or updated reads back equal (no lost writes)',
  '@rule:password-hidden': 'passwords are accepted and never answered',
  '@rule:order-cascade-delete': "deleting an order removes its items, attributes and totals",
  '@rule:order-status-history': 'PATCH /orders/{id}/status adds exactly one history entry',
  '@rule:bulk': 'bulk create/update/delete: all or nothing for creates, per-record results otherwise',
  '@rule:location-header': 'a create answers with a Location header pointing to the new record',
  '@rule:links': 'records referring to customers, addresses, countries, zones or orders carry _links, unless disable_links',
  '@rule:rate-limit': 'every answer carries X-Rate-Limit-Limit/-Remaining/-Reset; past the limit 429',
  '@rule:recursive': 'recursive includes descendants on category lists and category products',
  '@rule:graduated-prices': 'a quantity price follows the graduated bands of the customer group, with fallbacks',
  '@rule:category-tree': 'GET /categories/{id}/children lists exactly the direct children',
  '@rule:product-links': 'a product linked to a category shows in both directions; unlinking or deleting the product removes the link',
  '@rule:files': 'an upload stores one named file that lists, renames and deletes by that name; uploads without a file, a name or content get a 4xx',
  '@rule:customer-address': 'a customer create takes a new address or an existing addressId; an update takes addressId only',
  '@rule:email-queue': 'PUT /emails queues an e-mail as pending; POST /emails/{id} sends it (not pending, with a sent date)',
  '@rule:error-status': 'invalid ids, missing bodies and missing records get the error status the operation declares',
  '@rule:order-list-reduced': 'GET /orders and POST /orders/search answer reduced list items (ShopOrderListItem) without the full-order parts',
  '@rule:order-part-ownership': 'an order part (item, item attribute, total, history entry) is found only under its own order and item; elsewhere 404',
  '@rule:order-totals-consistent': 'the totals and items an order holds are the same whether read with the order or through their own paths',
  '@rule:path-aliases': 'paths the spec gives for the same data (deprecated and current tracking codes, /orders_history, /payment_details) answer the same',
} as const;

export type RuleTag = keyof typeof RULE_TAGS;

/** The security pack's test tags (suites/security/): what a security fault names in `catches`. */
export const SECURITY_TAGS = {
  '@security:answers': 'the scan is shown a list, a wrong-typed id, a missing record, no credentials and an unknown Origin',
  '@security:tls': 'the scan is shown an answer over https (HSTS)',
  '@security:credentials': "a non-admin user's credentials (SECOND_USER, or a registree the run made) are refused with 401 or 403",
  '@security:assignment': 'a product create with its readOnly fields set does not store them (read back)',
  '@security:injection': 'injection-shaped sort, fields, search and path-id values are refused or treated as unknown: never a 5xx, never reflected, never more records',
} as const;
