// The page stage: the Link header loses its rel="next" entry.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'link-header-without-next',
  description: 'The Link header of a paged answer lacks rel="next".',
  catches: ['@rule:link-header'],
  area: 'lists',
  answer: {
    page: (shop) => (records, ctx, pageUrl) => {
      const page = shop(records, ctx, pageUrl);
      if (!page.link) return page;
      const link = page.link
        .split(', ')
        .filter((l) => !l.endsWith('; rel="next"'))
        .join(', ');
      const { link: _old, ...rest } = page;
      return link ? { ...rest, link } : rest;
    },
  },
});
