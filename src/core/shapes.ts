// What the answers to each kind of request looked like, without a single value (issue 34): the
// statuses, the shape of each 2xx JSON body (its fields, nested, with their JSON types and how
// often each was there) and the headers a client reads (their shape, not ids or dates). Summed
// per test beside the rest of its traffic (traffic.ts), then per run by the compatibility reporter
// into compatibility/shapes.json (src/compare/shapes-file.ts), which `npm run compare` and
// `--gate-against` read to tell what changed between two builds of a shop.
//
// Why counts and not just "seen": a field present in 3 of 40 records is "sometimes" (a guest's
// missing date of birth), and only its disappearance from every answer says the build changed.
// Why the request's intent and label are kept as they came: which kind of request they were is
// the defects' request class (src/report/defects/signature.ts inputKind), decided by the reporter
// in one home; a valid request is one kind whatever its label, so its label is not kept.
import { toCurl } from './curl.js';
import type { Exchange } from './exchange.js';
import { sentToBeRefused } from './exchange.js';

export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

/** How many times each JSON type was seen at one place of a body. */
export type FieldShape = Partial<Record<JsonType, number>>;

/**
 * The shape of the JSON bodies of one status: field path -> types seen. The root is `''`, a field
 * `name`, nested `address.city`, the items of a list `[]` (`[].id`), and keys that are numbers
 * (a map by id or language number) `#` (`prices.#.value`).
 */
export type BodyShape = Record<string, FieldShape>;

/** The answers of one kind of request to one operation, as one test (or a run) saw them. */
export interface AnswerTally {
  intent: string;
  /** What the request tried (probes, invalid input); absent for valid requests, whose label names values. */
  label?: string;
  method: string;
  /** The path of the first such request (invalid input: its class names the resource written to). */
  path?: string;
  /** The first such request as curl, credentials redacted and the body cut (evidence: send it again). */
  sample?: string;
  /** Answered while a fast-check property ran: the input was drawn, so what it met varies with the seed. */
  drawn?: true;
  /** Status -> answers. */
  statuses: Record<string, number>;
  /** 2xx status -> the shape of its JSON bodies (an answer without a JSON body adds nothing). */
  bodies?: Record<string, BodyShape>;
  /** Status -> header (lower case) -> the shape of its value -> answers. */
  headers?: Record<string, Record<string, Record<string, number>>>;
}

/** One operation's tallies by request key (tallyKey). */
export type AnswerTallies = Record<string, AnswerTally>;

/** The headers whose presence and shape a client relies on. */
export const SHAPED_HEADERS = ['location', 'link', 'content-type', 'x-api-version'] as const;

/** Intents of valid requests: one kind whatever their label (the defects' `valid request`). */
const VALID_INTENTS = new Set(['positive', 'setup', 'follow-up']);

/** Bounds a walk: depth, places per body and list items looked at (a list of 500 records is one shape). */
const MAX_DEPTH = 10;
const MAX_PLACES = 2000;
const MAX_ITEMS = 200;
const MAX_LABEL = 200;
/** Characters of a request's body kept in its sample curl. */
const MAX_SAMPLE = 120;

export function jsonType(v: unknown): JsonType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  const t = typeof v;
  return t === 'string' || t === 'number' || t === 'boolean' || t === 'object' ? t : 'null';
}

/** Adds one body to a shape: every place's type, once per object it is in (so counts say "always" or "sometimes"). */
export function addBody(shape: BodyShape, body: unknown): void {
  let places = Object.keys(shape).length;
  const see = (at: string, v: unknown): boolean => {
    const place = shape[at] ?? (places < MAX_PLACES ? (places++, (shape[at] = {})) : undefined);
    if (!place) return false;
    const t = jsonType(v);
    place[t] = (place[t] ?? 0) + 1;
    return true;
  };
  const walk = (v: unknown, at: string, depth: number): void => {
    if (!see(at, v) || depth >= MAX_DEPTH) return;
    if (Array.isArray(v)) {
      for (const item of v.slice(0, MAX_ITEMS)) walk(item, `${at}[]`, depth + 1);
      return;
    }
    if (v === null || typeof v !== 'object') return;
    for (const [k, child] of Object.entries(v as Record<string, unknown>)) walk(child, `${at ? `${at}.` : ''}${/^\d+$/.test(k) ? '#' : k}`, depth + 1);
  };
  walk(body, '', 0);
}

/**
 * The shape of a header's value, without what varies from answer to answer: a Location's path with
 * its ids as `#` (scheme, host and port are the instance's), a Link's relations, a media type
 * without its parameters, a version's pattern (`v#.#.#`).
 */
export function headerShape(name: string, value: string): string {
  switch (name) {
    case 'location': {
      let p = value.trim();
      try {
        p = new URL(p, 'http://x').pathname;
      } catch {
        // Not a URL: its text, numbers out, is its shape.
      }
      return p.replace(/\d+/g, '#');
    }
    case 'link': {
      const rels = [...value.matchAll(/rel="?([^";,\s]+)"?/gi)].map((m) => (m[1] ?? '').toLowerCase());
      return rels.length ? `rel=${[...new Set(rels)].sort().join(',')}` : 'no rel';
    }
    case 'content-type':
      return (value.split(';')[0] ?? '').trim().toLowerCase();
    default:
      return value.trim().replace(/\d+/g, '#');
  }
}

/** The key of an exchange's kind of request within one operation (intent, what it tried, drawn or not). */
export function tallyKey(ex: Pick<Exchange, 'intent' | 'label'>, drawn: boolean): string {
  const label = VALID_INTENTS.has(ex.intent) ? '' : (ex.label ?? '').slice(0, MAX_LABEL);
  return `${ex.intent}\u001f${label}${drawn ? '\u001fdrawn' : ''}`;
}

function count(map: Record<string, number>, key: string): void {
  map[key] = (map[key] ?? 0) + 1;
}

/** Adds one answered exchange to an operation's tallies. */
export function addAnswer(tallies: AnswerTallies, ex: Exchange, drawn: boolean): void {
  const key = tallyKey(ex, drawn);
  let t = tallies[key];
  if (!t) {
    t = tallies[key] = { intent: ex.intent, method: ex.request.method.toUpperCase(), sample: toCurl(ex.request, MAX_SAMPLE), statuses: {} };
    const label = VALID_INTENTS.has(ex.intent) ? undefined : ex.label?.slice(0, MAX_LABEL);
    if (label) t.label = label;
    if (sentToBeRefused(ex.intent)) {
      try {
        t.path = new URL(ex.request.url).pathname;
      } catch {
        // A recorded URL is absolute; nothing to keep otherwise.
      }
    }
    if (drawn) t.drawn = true;
  }
  const status = String(ex.response.status);
  count(t.statuses, status);
  if (ex.response.status >= 200 && ex.response.status < 300 && ex.response.json !== undefined) {
    const bodies = (t.bodies ??= {});
    addBody((bodies[status] ??= {}), ex.response.json);
  }
  for (const name of SHAPED_HEADERS) {
    const value = ex.response.headers[name];
    if (value === undefined) continue;
    const headers = ((t.headers ??= {})[status] ??= {});
    count((headers[name] ??= {}), headerShape(name, value));
  }
}
