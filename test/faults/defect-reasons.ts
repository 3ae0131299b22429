// Why a fault of the reference shop makes more than one defect in the compatibility report: the
// fault matrix proves the grouping (analyse.ts), and each fault either makes exactly one defect or
// is listed here with the reason, in the words a reader of the report would use. A rule has one
// title (src/checks/rules/rule.ts), whichever suite, property or model test judges it, so a fault
// of one cause is one defect; the reasons left are that the rule is judged per resource or per
// operation (on a real shop each is its own code path, so they stay apart), that two different
// judges see the fault (a schema check and a rule), or that the fault breaks more than one thing a
// client sees.

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
  'refused-create-stored': [3, 'a refused create that is stored breaks what a client sees twice: the registree refused for a taken e-mail is there (e-mail taken once) and a refused batch stored records its answer does not name; where a later test of the run creates with the stored one\'s e-mail, its valid create is refused too (a third)'],
  'links-not-disabled': [2, PER_RESOURCE],
  'recursive-ignored': [3, 'recursive is judged on the category list and on a category\'s products, and by two suites'],
  'search-conditions-ignored': [6, PER_RESOURCE],
  'idempotent-delete-404': [5, `${PER_RESOURCE}; a manufacturer's second delete answers the 500 the operation declares for a missing record, a server error of its own`],
  'bulk-delete-first-only': [3, 'the deleted records are still read back (the resource suite names its input, the property does not) and still listed'],
  'category-products-ignore-links': [3, 'the links are judged on a category\'s products before and after a product is deleted, and by two suites'],
  'bulk-create-first-only': [2, PER_RESOURCE],
  'order-parts-any-order': [3, 'the rule is judged per order part (history entry, item, total), and each test names its part'],
  'order-part-update-lost': [3, 'the rule is judged per order part (item, attribute, total), and each test names its part'],
};
