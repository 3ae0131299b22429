// A resource rule: VPE answers its `names` with the language keys in upper case (EN, DE), as the
// vendor's v2 guide writes them in its resource appendix.
import type { Json } from '../../engine/schema-tools.js';
import { isObj } from '../../../src/core/json.js';
import { defineFault } from '../types.js';

const upper = (rec: Json): Json => (isObj(rec.names) ? { ...rec, names: Object.fromEntries(Object.entries(rec.names).map(([k, v]) => [k.toUpperCase(), v])) } : rec);

export default defineFault({
  name: 'language-keys-uppercase',
  description: 'VPE answers `names` with the language keys EN and DE instead of en and de.',
  catches: ['@rule:lifecycle'],
  // Advisory only: the v2 guide's resource appendix writes EN/DE for VPE, the description's schema
  // en/de; a shop that follows either vendor document conforms (facts: known defects, language keys).
  shows: 'advisory',
  area: 'schema',
  // After the answer's shaping (which keeps only the schema's keys, en and de): a VPE record is
  // one with a `default` flag and `names` (quantity units have no flag).
  answer: {
    conform: (shop) => (schema, value) => {
      const out = shop(schema, value);
      const vpe = (v: unknown): unknown => (isObj(v) && typeof v.default === 'boolean' && isObj(v.names) ? upper(v) : v);
      return Array.isArray(out) ? out.map(vpe) : vpe(out);
    },
  },
});
