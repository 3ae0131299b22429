// Why a fault of the reference shop makes more than one defect in the compatibility report: the
// fault matrix proves the grouping (analyse.ts), and each fault either makes exactly one defect or
// is listed here with the reason, in the words a reader of the report would use. Most reasons are
// one of three: the same rule is judged by a resource suite's test and by a property or model test,
// each in its own words (a rule's failures are grouped by those words; one judge per rule, issue 22
// step 2, gives them one wording); the rule is judged per resource and each test names its
// resource (on a real shop each resource is its own code path, so they stay apart); or the fault
// breaks more than one thing a client sees.

/** The same rule, judged by a resource suite's test and by a property or model test in their own words. */
const TWO_JUDGES = 'the resource suite and the property or model suite judge the same rule, each in its own words';
/** A rule judged per resource: each test names its resource. */
const PER_RESOURCE = 'the rule is judged per resource, and each test names its resource (on a real shop each resource is its own code path)';

/** Fault -> [the most defects it may make, why more than one]. More than that fails the matrix: the grouping got worse. */
export const DEFECT_REASONS: Readonly<Record<string, readonly [number, string]>> = {
  'error-body-without-message': [2, 'errorBodyShape and the schema of the error answers judge the same body, each in its own words'],
  'location-header-missing': [5, PER_RESOURCE],
  'order-vat-id-text-only': [2, 'a 500 whose message names only a value type is a defect of each operation that answers it (src/report/defects/signature.ts): the create and the update of an order each read the VAT id in their own code'],
  'rate-limit-headers-missing': [4, 'the rate-limit rule is judged on four kinds of answer (a read, a 401, a 404, a series of reads), each named in its test'],
  'customer-password-returned': [2, 'the schema of customer answers forbids the field and a rule of the customers suite says no answer may carry a password: two judges, their own words'],
  'wrong-types-accepted': [21, 'the shop stores a field of the wrong type in every resource, and each resource is its own defect (its controller reads its own body: GX 4.8 casts an address\'s b2bStatus and compares a customer\'s isGuest, two causes); a body of the wrong type is one more, and one create then crashes on what it stored (500)'],
  'registree-email-duplicate-on-create': [4, `${TWO_JUDGES}, for a single create and for a batch`],
  'registree-email-duplicate-on-update': [3, TWO_JUDGES],
  'bulk-create-partial': [2, TWO_JUDGES],
  'refused-create-stored': [4, `${TWO_JUDGES}, after a create and a batch`],
  'paging-zero-based': [3, TWO_JUDGES],
  'sort-descending-ignored': [3, `${TWO_JUDGES}; the resource suite words a wrong two-key order and an order that does not flip apart`],
  'per-page-ignored': [2, TWO_JUDGES],
  'link-header-without-next': [2, TWO_JUDGES],
  'fields-ignored-on-lists': [3, `${TWO_JUDGES}; one test names its operation`],
  'fields-ignored-on-single': [6, 'the fields rule of single reads is judged per operation, and each test names its operation'],
  'search-case-sensitive': [3, TWO_JUDGES],
  'q-parameter-ignored': [2, TWO_JUDGES],
  'type-filter-ignored': [2, TWO_JUDGES],
  'state-filter-inverted': [2, TWO_JUDGES],
  'links-not-disabled': [2, PER_RESOURCE],
  'recursive-ignored': [3, 'recursive is judged on the category list and on a category\'s products, and by two suites'],
  'search-conditions-ignored': [6, PER_RESOURCE],
  'customer-update-lost': [2, TWO_JUDGES],
  'idempotent-delete-404': [6, `${PER_RESOURCE}, by two suites; a manufacturer's second delete answers the 500 the operation declares for a missing record`],
  'bulk-delete-first-only': [3, 'the deleted records are still read back (the resource suite names its input, the property does not) and still listed'],
  'order-status-double-history': [2, TWO_JUDGES],
  'category-children-include-grandchildren': [2, TWO_JUDGES],
  'category-products-ignore-links': [3, 'the links are judged on a category\'s products before and after a product is deleted, and by two suites'],
  'bulk-create-first-only': [2, PER_RESOURCE],
  'order-parts-any-order': [3, 'the rule is judged per order part (history entry, item, total), and each test names its part'],
  'order-part-update-lost': [3, 'the rule is judged per order part (item, attribute, total), and each test names its part'],
  'order-status-no-history': [2, TWO_JUDGES],
  'order-status-not-stored': [2, TWO_JUDGES],
  'paging-last-page-drops-one': [3, TWO_JUDGES],
  'sort-ties-unstable': [2, TWO_JUDGES],
  'create-truncates-long-strings': [2, PER_RESOURCE],
};
