// The Link header of a paged answer, as the facts give it: rel="first" and rel="previous" only
// after page 1, rel="next" and rel="last" only before the last page; each link is the same
// request with another page number.

export interface LinkRel {
  rel: string;
  url: string;
}

/** `<url>; rel="next", <url>; rel="last"` -> entries (one per rel value). */
export function parseLinkHeader(header: string | undefined): LinkRel[] {
  if (!header) return [];
  const out: LinkRel[] = [];
  for (const m of header.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]+)*)/g)) {
    const url = m[1] ?? '';
    const rels = /;\s*rel\s*=\s*"?([^";,]+)"?/i.exec(m[2] ?? '')?.[1];
    for (const rel of (rels ?? '').split(/\s+/).filter(Boolean)) out.push({ rel: rel.toLowerCase(), url });
  }
  return out;
}

/** Which rels page `page` of `last` should carry, with the page each points to. */
export function expectedRels(page: number, last: number): Map<string, number> {
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
 * Problems of the Link header of one page, as readable lines (none when it is right). A link must
 * point at the requested path with the same query except `page` (relative links resolve against
 * the request URL).
 */
export function linkProblems(requestUrl: string, header: string | undefined, page: number, last: number): string[] {
  const problems: string[] = [];
  const got = parseLinkHeader(header);
  const want = expectedRels(page, last);
  const req = new URL(requestUrl);
  const reqParams = params(req);
  reqParams.delete('page');
  for (const [rel, target] of want) {
    const link = got.find((l) => l.rel === rel);
    if (!link) {
      problems.push(`rel="${rel}" is missing (should point to page ${target})`);
      continue;
    }
    let u: URL;
    try {
      u = new URL(link.url, req);
    } catch {
      problems.push(`rel="${rel}" is not a URL: ${link.url}`);
      continue;
    }
    const p = params(u);
    const pageValue = p.get('page');
    if (pageValue?.length !== 1 || pageValue[0] !== String(target)) problems.push(`rel="${rel}" points to page ${pageValue?.join(',') ?? '(none)'}, should be ${target}: ${link.url}`);
    if (u.pathname !== req.pathname) problems.push(`rel="${rel}" points to path ${u.pathname}, should be ${req.pathname}`);
    p.delete('page');
    const same = p.size === reqParams.size && [...reqParams].every(([k, v]) => (p.get(k) ?? []).join('\u0000') === v.join('\u0000'));
    if (!same) problems.push(`rel="${rel}" changes the other query parameters: ${link.url} (request ${requestUrl})`);
  }
  for (const l of got) if (!want.has(l.rel) && ['first', 'previous', 'prev', 'next', 'last'].includes(l.rel)) problems.push(`rel="${l.rel}" should not be on page ${page} of ${last}: ${l.url}`);
  return problems;
}
