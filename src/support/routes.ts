// Which literal path segments a target must route for an operation, and how to tell from two safe
// GETs that it does not. Real shops do not all answer an unknown path with a 404: the vendor's own
// shop (GX 3.2) ignores a segment it does not know and answers the nearest path it does know.
// `GET /products/search` answers the product list and `GET /products/1/additional_fields` the
// product itself, so `POST /products/search` is a `POST /products`: it creates a product. A write
// to such a path must never be sent. Pure functions; src/support/gate.ts sends the requests.
import { isObj } from '../core/json.js';

/** One literal segment of a path template, with the template of the path it hangs under. */
export interface LiteralStep {
  /** Template of the path above the segment ('' for the API root). */
  parent: string;
  segment: string;
  /** Template up to and including the segment, e.g. `/products/{product_id}/links`. */
  prefix: string;
}

const PARAM = /^\{[^}]+\}$/;

/** The literal segments of a template, outermost first: `/orders/{o}/items` -> orders, items. */
export function literalSteps(template: string): LiteralStep[] {
  const segs = template.split('/').filter(Boolean);
  const out: LiteralStep[] = [];
  segs.forEach((seg, i) => {
    if (PARAM.test(seg)) return;
    const parent = i === 0 ? '' : `/${segs.slice(0, i).join('/')}`;
    out.push({ parent, segment: seg, prefix: `${parent}/${seg}` });
  });
  return out;
}

/** The segment a run sends where a literal would stand, to see what an unknown one is answered with. */
export function nonsenseSegment(runId: string): string {
  return `qa-unrouted-${runId.replace(/[^A-Za-z0-9-]/g, '').toLowerCase()}`;
}

export interface PlainAnswer {
  status: number;
  text: string;
  json?: unknown;
}

/** Resource names of a root map: an object whose values are URLs or paths. */
export function rootMapOf(body: unknown): string[] | undefined {
  if (!isObj(body)) return undefined;
  const entries = Object.entries(body);
  if (!entries.length || !entries.every(([, v]) => typeof v === 'string' && /^(https?:\/\/|\/)/.test(v))) return undefined;
  return entries.map(([k]) => k).sort();
}

/**
 * An answer with the words that differ only because the path differs (the segment and the
 * nonsense stand-in, echoed by error bodies) replaced, and an error body's request echo dropped.
 */
export function normalisedBody(a: PlainAnswer, words: readonly string[]): string {
  let body: unknown = a.json;
  if (isObj(body) && isObj(body.request)) {
    const { request: _echo, ...rest } = body;
    body = rest;
  }
  let text = body !== undefined ? JSON.stringify(body) : a.text.trim();
  for (const w of words) if (w) text = text.split(w).join('<segment>');
  return text;
}

export function sameAnswer(a: PlainAnswer, b: PlainAnswer, words: readonly string[]): boolean {
  return a.status === b.status && normalisedBody(a, words) === normalisedBody(b, words);
}

export type RouteVerdict = { routed: true } | { routed: false; reason: string } | { routed: 'unknown'; reason: string };

/**
 * A literal under a path the target answers (`/products/1` -> `/products/1/additional_fields`):
 * not routed when the target answers it successfully and exactly as it answers a segment that
 * cannot exist: it ignores the segment. Equal error answers prove nothing (a strict router answers
 * 400 or 404 for both), and unequal answers mean the segment means something to it.
 */
export function judgeSubPath(step: LiteralStep, parent: PlainAnswer, literal: PlainAnswer, nonsense: PlainAnswer | undefined, nonsenseWord: string): RouteVerdict {
  if (parent.status < 200 || parent.status >= 300) return { routed: 'unknown', reason: `GET ${step.parent} answered ${parent.status}` };
  if (comparedWithNonsense(literal)) {
    // The look sends the nonsense GET only for such an answer; without it nothing can be told.
    if (!nonsense) return { routed: 'unknown', reason: `GET ${step.prefix} answered ${literal.status} and was not compared with a segment that cannot exist` };
    if (!sameAnswer(literal, nonsense, [step.segment, nonsenseWord])) return { routed: true };
    const what = sameAnswer(literal, parent, [step.segment, nonsenseWord]) ? 'the record above it' : 'what it answers for a segment that cannot exist';
    return {
      routed: false,
      reason: `the target does not route ${step.prefix}: GET ${step.prefix} answers ${literal.status} with ${what} (it ignores the segment "${step.segment}"), so a write there would reach ${step.parent || 'the API root'} instead`,
    };
  }
  return { routed: true };
}

/**
 * Whether judgeSubPath compares this answer of a literal segment with the nonsense segment's: only a
 * 2xx can be the target ignoring the segment, so for any other answer the look need not ask the
 * nonsense GET at all.
 */
export function comparedWithNonsense(literal: PlainAnswer): boolean {
  return literal.status >= 200 && literal.status < 300;
}

/**
 * The body of the search probe: a condition in the vendor's example form on a column that cannot
 * exist (`qa_unrouted_...`). A server that searches reads it and refuses it (GX 4.8: 400 "column
 * not allowed") or finds nothing; a server that answers the POST as the GET its override names
 * ignores it and lists the collection.
 */
export function searchProbeBody(nonsenseWord: string): { search: { match: Record<string, string> } } {
  return { search: { match: { [nonsenseWord.replace(/-/g, '_')]: '0' } } };
}

/**
 * `GET /products/search` may answer the list on a server that routes `POST /products/search` all
 * the same (GX 4.8 routes by method: its GET ignores the segment, its POST searches), so where a
 * search path's GET answers 2xx the GETs are not the last word. The probe is a POST of a condition
 * no record can meet (searchProbeBody) with `X-HTTP-Method-Override: GET`: a server that honours
 * the override reads it as that GET (GX 3.2: the list, whatever the body), a server that does not
 * runs the POST. Routed only when the condition was read and refused (a 4xx): not a comparison of
 * two lists, which another worker's write can make differ. A list, a creation or a 5xx say nothing
 * (a server that ignores both the override and the segment is not asked again: its search would
 * create), and the path is not routed.
 */
export function judgeSearchProbe(step: LiteralStep, probe: PlainAnswer): RouteVerdict {
  const s = probe.status;
  if (s >= 400 && s < 500) return { routed: true };
  const found = Array.isArray(probe.json) ? ` with ${probe.json.length} record(s)` : '';
  return {
    routed: false,
    reason: `the target does not show that it routes POST ${step.prefix}: GET ${step.prefix} answers 2xx (it ignores the segment "${step.segment}"), and a POST of a condition no record meets, with X-HTTP-Method-Override: GET, answered ${s}${found} instead of refusing the condition, so a search there could reach ${step.parent} as a create`,
  };
}

/**
 * A first-level resource (`/vpe`): unknown to the target when a GET of it answers the same 404 as
 * a GET of a resource that cannot exist. Any other answer (a list, 401, 405 for a resource without
 * a GET) says it is routed. Asked only after a call under it answered a 404 whose message says the
 * path is unknown, so a missing record of a routed resource never makes the whole resource unknown.
 */
export function judgeResource(segment: string, literal: PlainAnswer, nonsense: PlainAnswer, nonsenseWord: string): RouteVerdict {
  if (literal.status === 404 && sameAnswer(literal, nonsense, [segment, nonsenseWord])) {
    return { routed: false, reason: `the resource /${segment} is unknown to the target: GET /${segment} answers the same 404 as a path that cannot exist (${excerpt(literal)})` };
  }
  return { routed: true };
}

function excerpt(a: PlainAnswer): string {
  const t = a.text.replace(/\s+/g, ' ').trim();
  return t.length > 120 ? `${t.slice(0, 120)}…` : t;
}
