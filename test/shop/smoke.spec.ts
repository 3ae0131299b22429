// Every operation of the spec answers a status it declares for a sensible request, with a body
// that validates against the declared schema, strictly (no undeclared fields either).
import { loadSpec } from '../../reference/spec-cache.js';
import { expect, test } from './support/shop-fixture.js';
import { send, walkOrder } from './support/exchange.js';

const spec = await loadSpec();
const groups = [...new Set(spec.catalogue.operations.map((o) => o.group))].sort();

for (const group of groups) {
  test(`should answer every ${group} operation with a declared status and a valid body @shop @${group}`, async ({ api, spec: loaded }) => {
    for (const op of walkOrder(loaded.catalogue.operations.filter((o) => o.group === group))) {
      const ex = await send(api, op);
      const status = ex.response.status();
      const declared = op.responses.map((r) => r.status);
      expect.soft(declared, `${op.id} ${op.method.toUpperCase()} /${ex.path} answered ${status}: ${JSON.stringify(ex.json)?.slice(0, 300)}`).toContain(String(status));
      expect.soft(status, `${op.id} should succeed`).toBeLessThan(300);
      const result = loaded.validators.validateResponse(op, status, ex.json, true);
      expect.soft(result.errors, `${op.id} ${status} body: ${JSON.stringify(ex.json)?.slice(0, 300)}`).toEqual([]);
    }
  });
}
