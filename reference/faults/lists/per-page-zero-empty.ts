// When query parameters are read: a per_page below 1 is not refused, only parsed, and a page of
// that size holds nothing (the page stage answers no records for it).
import { parseParams } from '../../engine/params.js';
import { defineFault } from '../types.js';

const INTEGER_TEXT = /^\s*-?\d+\s*$/;

export default defineFault({
  name: 'per-page-zero-empty',
  description: 'per_page below 1 answers an empty page instead of 400 or the default page.',
  catches: ['@rule:per-page'],
  // Advisory only: per_page below 1 is not described (facts "List parameters").
  shows: 'advisory',
  area: 'lists',
  checks: {
    params: (shop) => (op, where, raw) => {
      const perPage = raw.per_page;
      if (where !== 'query' || typeof perPage !== 'string' || !INTEGER_TEXT.test(perPage) || Number(perPage) >= 1) return shop(op, where, raw);
      const alone = { ...op, parameters: op.parameters.filter((p) => p.in === 'query' && p.name === 'per_page') };
      const parsed = parseParams(alone, 'query', { per_page: perPage }).per_page;
      const { per_page: _below, ...rest } = raw;
      const read = shop(op, where, rest);
      if (parsed !== undefined) read.per_page = parsed;
      return read;
    },
  },
});
