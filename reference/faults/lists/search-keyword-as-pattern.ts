// The search stage reads a keyword as a pattern: a dot stands for any character, as it does for a
// shop that hands the keyword to MySQL's REGEXP (GX 4.8 finds "Handbuch" for `search=Hand.uch`).
// A record that does not contain the keyword is then a hit.
import { isObj } from '../../../src/core/json.js';
import { keywordsOf } from '../../engine/listing.js';
import { defineFault } from '../types.js';

/** The keyword as a case-insensitive pattern in which only the dot is special. */
function pattern(keyword: string): RegExp {
  const escaped = keyword.replace(/[\\^$*+?()[\]{}|/]/g, '\\$&');
  return new RegExp(escaped, 'iu');
}

function matches(rec: unknown, re: RegExp): boolean {
  if (!isObj(rec)) return typeof rec === 'string' && re.test(rec);
  return Object.values(rec).some((v) => (typeof v === 'string' || typeof v === 'number') && re.test(String(v)));
}

export default defineFault({
  name: 'search-keyword-as-pattern',
  description: 'search/q read the keyword as a pattern: a dot in it matches any character.',
  catches: ['@rule:search'],
  area: 'lists',
  answer: {
    search: () => (records, ctx) => {
      const res = keywordsOf(ctx.query).map(pattern);
      return res.length ? records.filter((r) => res.every((re) => matches(r, re))) : records;
    },
  },
});
