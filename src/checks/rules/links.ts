// `@rule:link-header`: the Link header of a paged answer (facts: "List parameters", v2 guide
// [HATEOAS]). The one judge of it, used by the list rule tests (fixtures/list-rules.ts) and the
// paging property (suites/properties/paging.spec.ts).
//
// Where the two earlier judges disagreed, the vendor's words decide: the guide names the relations
// `first`, `previous`, `next` and `last`, and nothing else, so only those four (and `prev`) may not
// appear where they are not due; other relations (`self`, ...) are the server's business. A link
// points at the same list with the same query but `page`; a parameter the link spells out that the
// request left to its default (`per_page=50`) points at the same page, so it is no problem.
//
// Bases: the guide describes a Link header with first, previous, next and last on a paged answer;
// a relation that leads elsewhere than its page, and a relation missing where its page exists
// (next/last before the last page, first/previous after the first), break it. That first and
// previous are left out on page 1, next and last on the last page, is what both shops do
// (observed): a relation there is an advisory, as is one relation given twice (our own rule).
import { described, observed, project, type Problem } from '../basis.js';
import { defineRule } from './rule.js';

const GUIDE = described('v2 guide [HATEOAS]: a paged answer has a Link header with first, previous, next and last');

export interface LinkEntry {
  rel: string;
  url: string;
}

/**
 * `<url>; rel="next", <url>; rel="last"` -> entries (rel lower-cased; several rels in one entry
 * split). Parameter values may be quoted and hold commas or semicolons (RFC 8288); an empty
 * header, a header of empty fields or a trailing comma (GX 3.2 sends both) gives nothing extra.
 */
export function parseLinkHeader(value: string | undefined): LinkEntry[] {
  if (!value) return [];
  const out: LinkEntry[] = [];
  for (const m of value.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]+=(?:"[^"]*"|[^;,]*)\s*)*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(m[2] ?? '');
    for (const r of (rel?.[1] ?? rel?.[2] ?? '').split(/\s+/).filter(Boolean)) out.push({ rel: r.toLowerCase(), url: m[1] ?? '' });
  }
  return out;
}

/** The relations of paging; only these are judged where they are not due. */
export const PAGE_RELS: readonly string[] = ['first', 'previous', 'prev', 'next', 'last'];

/** Which rels page `page` of `last` should carry, with the page each points to: first/previous after page 1, next/last before the last. */
export function expectedLinks(page: number, last: number): Map<string, number> {
  const m = new Map<string, number>();
  if (page > 1) {
    m.set('first', 1);
    m.set('previous', Math.min(page - 1, last));
  }
  if (page < last) {
    m.set('next', page + 1);
    m.set('last', last);
  }
  return m;
}

function params(u: URL): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const [k, v] of u.searchParams) m.set(k, [...(m.get(k) ?? []), v]);
  return m;
}

/**
 * Problems of the Link header of page `page` of `last`, one readable line each with its basis
 * (none: it is right). Relative links resolve against the request URL.
 */
export function linkHeaderProblems(requestUrl: string, header: string | undefined, page: number, last: number): Problem[] {
  const problems: Problem[] = [];
  const add = (message: string, basis = GUIDE): void => void problems.push({ message, basis });
  const got = parseLinkHeader(header);
  const want = expectedLinks(page, last);
  const req = new URL(requestUrl);
  const reqParams = params(req);
  reqParams.delete('page');
  for (const [rel, target] of want) {
    const links = got.filter((l) => l.rel === rel);
    const link = links[0];
    if (!link) {
      add(`rel="${rel}" is missing (should point to page ${target})`);
      continue;
    }
    if (links.length > 1 && new Set(links.map((l) => l.url)).size > 1) add(`rel="${rel}" is given ${links.length} times with different URLs: ${links.map((l) => l.url).join(' ')}`, project('one URL per relation'));
    let u: URL;
    try {
      u = new URL(link.url, req);
    } catch {
      add(`rel="${rel}" is not a URL: ${link.url}`);
      continue;
    }
    const p = params(u);
    const pageValue = p.get('page');
    if (pageValue?.length !== 1 || pageValue[0] !== String(target)) add(`rel="${rel}" points to page ${pageValue?.join(',') ?? '(none)'}, should be ${target}: ${link.url}`);
    if (u.pathname !== req.pathname) add(`rel="${rel}" points to path ${u.pathname}, should be ${req.pathname}`);
    const changed = [...reqParams].filter(([k, v]) => (p.get(k) ?? []).join('\u0000') !== v.join('\u0000')).map(([k, v]) => `${k}=${p.get(k)?.join(',') ?? '(none)'} instead of ${v.join(',')}`);
    if (changed.length) add(`rel="${rel}" changes the other query parameters (${changed.join('; ')}): ${link.url} (request ${requestUrl})`);
  }
  for (const l of got) if (!want.has(l.rel) && PAGE_RELS.includes(l.rel)) add(`rel="${l.rel}" should not be on page ${page} of ${last}: ${l.url}`, observed('GX 3.2.0.1 and GX 4.8.0.3: first/previous only after page 1, next/last only before the last page'));
  return problems;
}

export interface LinkHeaderInput {
  /** The paged request's URL (relative links resolve against it). */
  url: string;
  /** Its answer's Link header. */
  link: string | undefined;
  page: number;
  last: number;
}

/**
 * `link-header`: a paged answer's Link header carries the paging relations due on its page, each
 * pointing at its page of the same list and query (linkHeaderProblems; some problems are advisories).
 */
export const linkHeaderRule = defineRule<LinkHeaderInput>({
  name: 'link-header',
  tag: 'link-header',
  basis: GUIDE,
  title: "a paged answer's Link header should carry first, previous, next and last where due, each pointing at its page of the same list and query",
  judge: (i) => {
    const problems = linkHeaderProblems(i.url, i.link, i.page, i.last);
    const at = `page ${i.page} of ${i.last}, Link: ${i.link ?? '(absent)'}`;
    return problems.map((p) => ({ ...p, message: `${p.message} (${at})` }));
  },
});
