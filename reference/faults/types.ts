// A fault is a tiny named defect the reference shop can be started with (SHOP_FAULTS=a,b or
// createShop({ faults: ['a'] })). Each breaks exactly one rule and names the test tags expected to
// catch it; the fault matrix (test/faults/) proves that they do and that the clean shop is green.

export interface Fault {
  /** kebab-case, unique, e.g. `auth-missing-www-authenticate`. */
  name: string;
  /** One line: what is broken. */
  description: string;
  /**
   * Test tags of which at least one must fail when the fault is on, e.g. `@check:authRequired`
   * (a generic check) or `@rule:customers-unique-email` (a resource-suite rule).
   */
  catches: string[];
  /** The issue/area that owns the fault, for the listing (e.g. `core`, `customers`, `orders`). */
  area: string;
}
