// A resource rule and the answer's shape: the customer's view carries the stored password, and
// answers keep write-only fields (the shop's schema shaping would drop it).
import type { SpecSchema } from '../../../src/spec/types.js';
import { isObj } from '../../../src/core/json.js';
import type { Json } from '../../engine/schema-tools.js';
import { onResource, viewOf } from '../support.js';
import { defineFault } from '../types.js';

const readable = new WeakMap<object, unknown>();

/** The schema without writeOnly marks, at any depth (cached; the spec's schemas may refer to themselves). */
function withoutWriteOnly(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutWriteOnly);
  if (!isObj(schema)) return schema;
  const known = readable.get(schema);
  if (known) return known;
  const out: Json = {};
  readable.set(schema, out);
  for (const [k, v] of Object.entries(schema)) if (k !== 'writeOnly' && k !== 'x-writeOnly') out[k] = withoutWriteOnly(v);
  return out;
}

export default defineFault({
  name: 'customer-password-returned',
  description: 'Customer answers carry the stored password.',
  catches: ['@rule:password-hidden', '@check:responseSchemaConformance'],
  area: 'schema',
  resource: onResource('customers', (def) => ({
    view: (rec, ctx) => {
      const cred = ctx.state.col('credentials').get(rec.id as number);
      const out = viewOf(def)(rec, ctx);
      return cred ? { ...out, password: cred.password } : out;
    },
  })),
  answer: {
    conform: (shop) => (schema, value) => shop(withoutWriteOnly(schema) as SpecSchema | undefined, value),
  },
});
