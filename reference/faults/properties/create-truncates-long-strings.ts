// Every resource's create: first-level strings are cut to 255 code points before the record is
// stored, like a VARCHAR(255) column. The spec bounds none of these strings, yet shops keep them in
// VARCHAR columns: the round trip sends them as its long class and judges them as an advisory
// (suites/properties/support/round-trip-cases.ts), so this fault shows as one.
import type { Json } from '../../engine/schema-tools.js';
import { prepareOf } from '../support.js';
import { defineFault } from '../types.js';

function truncated(rec: Json): Json {
  return Object.fromEntries(Object.entries(rec).map(([k, v]) => [k, typeof v === 'string' && [...v].length > 255 ? [...v].slice(0, 255).join('') : v]));
}

export default defineFault({
  name: 'create-truncates-long-strings',
  description: 'Creates silently cut first-level strings longer than 255 characters (a VARCHAR(255) column).',
  catches: ['@rule:lifecycle'],
  shows: 'advisory',
  area: 'properties',
  resource: (def) => ({
    ...def,
    prepare: (input, ctx, existing, others) => {
      const draft = prepareOf(def)(input, ctx, existing, others);
      return existing ? draft : truncated(draft);
    },
  }),
});
