// The support gate: asked by the API client before it sends anything for an operation, told about
// every answer after. It keeps three promises of the harness on real targets:
//
// - An operation the target does not implement costs a request or two, not a test run each: once
//   known (from the board, which every worker shares), calls for it are refused with an
//   UnsupportedError before anything is sent.
// - A write never reaches a path the target does not route (src/support/routes.ts): before the
//   first call under a literal segment below another path, three GETs tell whether the target
//   ignores it, and one more GET each for the other segments under the same record (an unknown
//   first-level resource needs none: its first answer, a 404, says so).
//   A search path's GET says nothing of its POST: a probe with X-HTTP-Method-Override: GET does.
// - A whole resource the target does not know is Unsupported for every operation under it, and
//   for every intent: the first 404 under it whose message says the path is unknown (even a
//   negative probe's, e.g. DELETE /vpe/abc) costs two GETs that compare the resource with one
//   that cannot exist (one, where that 404 was the resource's own GET: it is compared as it came);
//   from then on nothing under it is sent.
// - Each segment is looked at once per run: a look runs while the other workers wait (the floor),
//   and it is on the board before they go on; a worker that waited for the floor to look at the
//   same segment reads the verdict instead.
// - A create that answered 5xx BREAKER_LIMIT times to a setup step (half-written records on some
//   shops) is not called again: a BlockedError names it and its last answer. Only what tests need
//   as setup counts: a negative probe's 5xx answers invalid input the seed drew, and a property's
//   drawn valid body (GX 3.2 answers 500 to some astral-plane characters) is the property's
//   finding; counted, either would stop a create in one run and not in another, by the seed's
//   draw. A test's own create is sent once by that test and judged there.
import type { Exchange, Intent } from '../core/exchange.js';
import { notImplementedReason } from '../checks/rules/not-implemented.js';
import { listItems, saysPathUnknown } from '../core/answers.js';
import { BlockedError, UnsupportedError } from '../core/errors.js';
import { fillPath } from '../spec/catalogue.js';
import { isCreateOperation, isSearchOperation } from '../spec/operation-kinds.js';
import type { Operation } from '../spec/types.js';
import { BREAKER_LIMIT, type SupportBoard } from './board.js';

/** Intents of a setup step: only their 5xx answers count towards the breaker (see above). */
const SETUP_REQUESTS: ReadonlySet<Intent> = new Set(['setup', 'follow-up']);

import { comparedWithNonsense, judgeResource, judgeSearchProbe, judgeSubPath, literalSteps, nonsenseSegment, searchProbeBody, type LiteralStep, type PlainAnswer, type RouteVerdict } from './routes.js';
import { isSearchPath } from '../spec/operation-kinds.js';
import { RECORD_VIEWS } from '../spec/particulars.js';

/**
 * Sends a GET (relative path; '' is the API root itself) without asking the gate: the gate's own
 * look at the target. With `probe`, a POST of that body with `X-HTTP-Method-Override: GET` instead
 * (the search probe: src/support/routes.ts judgeSearchProbe), in the ledger before it is sent.
 */
export type SupportGet = (path: string, probe?: { body: unknown }) => Promise<Exchange>;

/** Intents that may spend requests on finding out whether a path is routed (valid ids in hand). */
const LOOKS_AHEAD: ReadonlySet<Intent> = new Set(['positive', 'setup', 'follow-up', 'cleanup']);
/** anyRecordValues' answer when a collection on the way answered 2xx and listed no record. */
const NONE_LISTED = 'none listed';
/** Intents whose answers say whether an operation is implemented (a negative probe's 404 says nothing). */
const TEACHES: ReadonlySet<Intent> = new Set(['positive', 'setup', 'follow-up']);

function plain(ex: Exchange): PlainAnswer {
  return { status: ex.response.status, text: ex.response.text, ...(ex.response.json !== undefined ? { json: ex.response.json } : {}) };
}

export interface GateOptions {
  runId: string;
  /**
   * Runs a look while the run's other workers send nothing (src/client/floor.ts): a look compares
   * answers, and another worker's write between them (a product changed between the GET of it and
   * the GET of its sub-path) would make a segment routed in one run and not in the other. Absent:
   * as it comes.
   */
  alone?: <T>(fn: () => Promise<T>) => Promise<T>;
  /**
   * The path templates the spec declares a GET for. Under a segment it declares none at or below
   * (PATCH /orders/{order_id}/status), a GET that ignores the segment says nothing of how the
   * target routes the write: GX 4.8 routes that PATCH while its GET answers the order. Absent:
   * every segment is looked at with GETs.
   */
  declaredGets?: ReadonlySet<string>;
}

export class SupportGate {
  private readonly inflight = new Map<string, Promise<RouteVerdict>>();
  /**
   * Templates of records this worker's looks found unanswerable (`/orders/{order_id}`: GET
   * /orders/1 answered 500 alone, a record the target listed), so that no look under them can
   * decide anything this run. A shop that answers every order that way (GX 4.8) would otherwise
   * have the order list and the order read again before the first call of each order sub-path.
   * The operations under them stay undecided, as they were: their calls' answers decide.
   */
  private readonly unanswerable = new Set<string>();
  /** The same, by the record's path (`/orders/1`): a call's own look under it is not sent again either. */
  private readonly unanswerableRecords = new Set<string>();
  /** Literal steps this worker looked at under ids that name no record (lookAhead): asked once. */
  private readonly lookedWithoutRecord = new Set<string>();
  private readonly nonsense: string;
  /**
   * The 404 this worker got for GET /<nonsense>, a first-level resource that cannot exist: it names
   * no record, so nothing the run writes changes it, and every unknown resource is compared with
   * the same answer (GX 3.2 lacks 24 of them). Any other answer is asked again next time.
   */
  private rootNonsense: Exchange | undefined;

  constructor(
    readonly board: SupportBoard,
    private readonly opts: GateOptions,
  ) {
    this.nonsense = nonsenseSegment(opts.runId);
  }

  /** Why the operation is known to be unsupported, or undefined (no request is sent). */
  knownUnsupported(op: Operation): { reason: string; exchange?: Exchange } | undefined {
    this.board.refresh();
    const known = this.board.unsupportedOp(op.id);
    if (known) return known;
    for (const step of literalSteps(op.path)) {
      const r = this.board.route(step.prefix);
      if (r && !r.routed) return { reason: r.reason ?? `${step.prefix} is not routed by the target` };
    }
    return undefined;
  }

  /**
   * Throws UnsupportedError or BlockedError when the call must not be sent. May send GETs first
   * (through `get`) to find out whether the literal segments of the path are routed.
   */
  async admit(op: Operation, pathValues: Readonly<Record<string, string>>, intent: Intent, get: SupportGet): Promise<void> {
    const known = this.knownUnsupported(op);
    if (known) throw new UnsupportedError(op.id, known.reason, known.exchange);
    if (isCreateOperation(op)) {
      const errors = this.board.serverErrors(op.id);
      if (errors.length >= BREAKER_LIMIT) {
        const last = errors[errors.length - 1];
        throw new BlockedError(op.id, `the run stopped calling ${op.id} after ${errors.length} answers with 5xx (${errors.map((e) => e.response.status).join(', ')}): a create that fails may leave half-written records behind`, last);
      }
    }
    if (!LOOKS_AHEAD.has(intent)) return;
    // Only segments under another path: an unknown first-level resource is harmless to ask (its
    // first answer, a 404 "resource not found", teaches it), while a segment the target ignores
    // turns a write into a write on the path above.
    for (const step of literalSteps(op.path).filter((st) => st.parent !== '')) {
      const verdict = await this.routeOf(step, pathValues, get);
      if (verdict.routed === false) {
        this.board.recordUnsupported(op.id, verdict.reason);
        throw new UnsupportedError(op.id, verdict.reason);
      }
    }
  }

  /**
   * Decides the routes of an operation's literal segments before it can be called: for a probe or
   * test that could not be set up (a record its path needs could not be made), so that whether an
   * operation is Unsupported does not depend on whether another test happened to call it first.
   * Reads only: an unknown first-level resource is asked with a GET (and, on a 404
   * saying the path is unknown, compared with one that cannot exist); a segment under a record
   * is looked at under the record with the smallest id its collection lists (the shop's own, not
   * one this run writes to). Records what it finds on the board; sends nothing already known.
   */
  async lookAhead(op: Operation, get: SupportGet): Promise<void> {
    if (this.knownUnsupported(op)) return;
    // One read of each path per look (a collection's list serves its resource and its ids).
    const reads = new Map<string, Promise<Exchange>>();
    const read: SupportGet = (p, probe) => {
      if (probe) return get(p, probe);
      let r = reads.get(p);
      if (!r) reads.set(p, (r = get(p)));
      return r;
    };
    for (const step of literalSteps(op.path)) {
      let verdict: RouteVerdict | undefined;
      if (step.parent === '') {
        if (this.board.route(step.prefix)) continue;
        const ex = await read(step.prefix);
        // The look compares this very answer (the same GET of this look-ahead) with the nonsense one.
        if (saysPathUnknown(ex.response)) verdict = await this.routeOf(step, {}, read);
        // A resource that lists is routed: not asked again.
        else if (ex.response.status >= 200 && ex.response.status < 300) this.board.recordRoute(step.prefix, true);
      } else {
        // routeOf answers a known route from the board; only an unknown one needs a record to look under.
        const known = this.board.route(step.prefix);
        if (!known && this.unanswerable.has(step.parent)) continue;
        const values = known ? {} : await anyRecordValues(step.parent, read);
        if (values === NONE_LISTED) {
          // The target lists no record to look under (GX 3.2 starts with no order, and the run
          // cannot make one there): looked at under ids that name none, once per worker. Decided
          // only where the path above answers 2xx all the same (GX 3.2 answers GET /orders/1abc
          // with the order list, and /orders/1abc/payment_details and /orders/1abc/<nonsense>
          // alike: it ignores the segment, and the negative probe's 200 there was the list's, not
          // a payment detail's); a target that refuses the id leaves it undecided, as before.
          if (this.lookedWithoutRecord.has(step.prefix)) continue;
          this.lookedWithoutRecord.add(step.prefix);
          const none = noRecordValues(step.parent);
          const where = Object.entries(none).map(([k, v]) => `${k}=${v}`).join(', ');
          verdict = await this.routeOf(step, none, get, { note: ` (looked at under ${where}, ids that name no record: the target lists none)`, records: 'none' });
        } else if (values) verdict = await this.routeOf(step, values, get, { records: 'listed' });
      }
      if (verdict?.routed === false) {
        this.board.recordUnsupported(op.id, verdict.reason || `${step.prefix} is not routed by the target`);
        return;
      }
    }
  }

  /**
   * Learns from an answer: not implemented, a search that created, a create that failed with 5xx.
   * Returns why the operation is not implemented when this answer showed it. With `get`, a 404
   * that says its path is unknown has the first-level resource looked at (two GETs, once per run).
   */
  async learn(op: Operation, ex: Exchange, get?: SupportGet): Promise<string | undefined> {
    const s = ex.response.status;
    let why: string | undefined;
    if (TEACHES.has(ex.intent)) {
      why = notImplementedReason(ex.response, op) ?? (createdInsteadOfSearching(op, ex) ? `${op.method.toUpperCase()} ${op.path} answered ${s} with a single record instead of a list: the target created a record instead of searching` : undefined);
    }
    if (get && ex.intent !== 'undeclared-method' && saysPathUnknown(ex.response)) {
      const resource = await this.resourceVerdict(op, get, ex);
      if (resource) why = resource;
    }
    if (why) this.board.recordUnsupported(op.id, why, ex);
    // A setup create that broke down and left nothing is sent once more alone by the client before
    // it counts (ApiClient.createAlone): an overlap of two workers' creates is no failing create.
    if (s >= 500 && isCreateOperation(op) && SETUP_REQUESTS.has(ex.intent) && !ex.leftNothing) this.board.record5xx(op.id, ex);
    return why;
  }

  /** A create's 5xx that counts towards the breaker after all: it broke down again alone, or could not be sent again. */
  strike(op: Operation, ex: Exchange): void {
    if (isCreateOperation(op) && SETUP_REQUESTS.has(ex.intent)) this.board.record5xx(op.id, ex);
  }

  /**
   * Why the operation's first-level resource is unknown to the target, or undefined when it is
   * routed (or cannot be told). `taught` is the answer that raised the question: where it is the
   * very GET the look would send (the resource itself, no query, the run's credentials: a list
   * read of GX 3.2's /vpe), the look compares that answer instead of asking it again, as lookAhead
   * does with its own read.
   */
  private async resourceVerdict(op: Operation, get: SupportGet, taught: Exchange): Promise<string | undefined> {
    const step = literalSteps(op.path)[0];
    if (!step || step.parent !== '') return undefined;
    const same = this.isPlainGetOf(taught, step.prefix);
    const read: SupportGet = (p, probe) => (!probe && same && p === step.prefix ? Promise.resolve(taught) : get(p, probe));
    const v = await this.routeOf(step, {}, read);
    return v.routed === false ? v.reason || `${step.prefix} is not routed by the target` : undefined;
  }

  /** The exchange is a GET of exactly `prefix` under the API root, without a query, with the run's own credentials. */
  private isPlainGetOf(ex: Exchange, prefix: string): boolean {
    return ex.request.method.toUpperCase() === 'GET' && ex.request.auth === 'default' && ex.request.url === `${this.board.target}${prefix}`;
  }

  /** The board's verdict on a route (read afresh: another worker may have written it), or undefined while undecided. */
  private decided(prefix: string): RouteVerdict | undefined {
    this.board.refresh();
    const known = this.board.route(prefix);
    if (!known) return undefined;
    return known.routed ? { routed: true } : { routed: false, reason: known.reason ?? '' };
  }

  /**
   * `note` is said after the reason of a route found not routed (where it was looked at, when that
   * is not plain). `records` says what the values name, and so what a server error of the record
   * above says: 'listed', records the target lists (lookAhead): no record of the template can be
   * looked under this run (a shop may answer every order 500, as GX 4.8 can); 'caller', the caller's
   * (admit: a record of the run, or the resolver's guess at an id, GET /orders/1/history on GX 3.2
   * without orders): that record only; 'none', ids that name none: nothing.
   */
  private routeOf(step: LiteralStep, values: Readonly<Record<string, string>>, get: SupportGet, how: { note?: string; records?: 'listed' | 'caller' | 'none' } = {}): Promise<RouteVerdict> {
    const note = how.note ?? '';
    const known = this.decided(step.prefix);
    if (known) return Promise.resolve(known);
    let parent: string;
    try {
      parent = fillPath(step.parent, values);
    } catch {
      return Promise.resolve({ routed: 'unknown', reason: 'no values for the path above it' });
    }
    if (this.unanswerableRecords.has(parent)) return Promise.resolve({ routed: 'unknown', reason: `GET ${parent} answered a server error` });
    // Concurrent calls of one worker share the look; the board shares it with other workers.
    const key = `${step.prefix} ${parent}`;
    let p = this.inflight.get(key);
    if (!p) {
      const look = async (): Promise<RouteVerdict> => {
        // Another worker may have decided the segment while this one waited for the floor (both
        // met the same unknown resource at once): its verdict stands, and nothing is sent.
        const decided = this.decided(step.prefix);
        if (decided) return decided;
        const found = await this.look(step, parent, get, how.records ?? 'caller', note);
        const v: RouteVerdict = found.routed === false && note ? { routed: false, reason: `${found.reason}${note}` } : found;
        // On the board before the floor is given back, so that a worker waiting for it reads this
        // verdict instead of looking again.
        if (v.routed !== 'unknown') this.board.recordRoute(step.prefix, v.routed, v.routed ? undefined : v.reason);
        return v;
      };
      p = this.opts.alone ? this.opts.alone(look) : look();
      this.inflight.set(key, p);
      void p.finally(() => this.inflight.delete(key)).catch(() => undefined);
    }
    return p;
  }

  private async look(step: LiteralStep, parent: string, get: SupportGet, records: 'listed' | 'caller' | 'none', note: string): Promise<RouteVerdict> {
    const spared = lookSpared(step, this.opts.declaredGets);
    if (spared) return spared;
    if (step.parent === '') {
      // A first-level resource: compared with one that cannot exist (asked only after a 404 that says the path is unknown).
      const [literal, nonsense] = await Promise.all([get(step.prefix), this.rootNonsense ?? get(`/${this.nonsense}`)]);
      if (nonsense.response.status === 404) this.rootNonsense = nonsense;
      return judgeResource(step.segment, plain(literal), plain(nonsense), this.nonsense);
    }
    const up = await get(parent);
    if (up.response.status < 200 || up.response.status >= 300) {
      // The look runs alone (opts.alone): a server error here is the record's, not an overlap's.
      if (up.response.status >= 500 && records !== 'none') {
        if (records === 'listed') this.unanswerable.add(step.parent);
        this.unanswerableRecords.add(parent);
      }
      return { routed: 'unknown', reason: `GET ${parent} answered ${up.response.status}` };
    }
    const literal = await get(`${parent}/${step.segment}`);
    // The nonsense answer is asked once per look, and only where a judgement compares it: with a
    // segment that answered 2xx (comparedWithNonsense). A search path's 2xx is judged by its probe.
    let nonsense: Promise<Exchange> | undefined;
    const nonsenseAnswer = (): Promise<Exchange> => (nonsense ??= get(`${parent}/${this.nonsense}`));
    const search = isSearchPath(step.prefix);
    if (!search && comparedWithNonsense(plain(literal))) await nonsenseAnswer();
    await this.lookAtSiblings(step, parent, up, nonsenseAnswer, get, note);
    // A search path whose GET answers 2xx: the GETs do not say what its POST does (GX 4.8 routes by method).
    if (search && literal.response.status >= 200 && literal.response.status < 300) {
      const probe = await get(`${parent}/${step.segment}`, { body: searchProbeBody(this.nonsense) });
      return judgeSearchProbe(step, plain(probe));
    }
    return judgeSubPath(step, plain(up), plain(literal), nonsense ? plain(await nonsense) : undefined, this.nonsense);
  }

  /**
   * The other literal segments under the same path above (`/orders/{order_id}`: items, history,
   * totals, ...) that no worker has decided yet, looked at in the same look, while the run's other
   * workers still wait: each its own GET, judged against the same GET of the record above and the
   * same nonsense answer. Their own looks would send those two again, under the same template, and
   * the board keeps one verdict per template whatever record it was looked at under. Only segments
   * a GET can judge (lookSpared) and no search paths (their POST has a probe of its own).
   */
  private async lookAtSiblings(step: LiteralStep, parent: string, up: Exchange, nonsense: () => Promise<Exchange>, get: SupportGet, note: string): Promise<void> {
    for (const sibling of siblingSteps(step, this.opts.declaredGets)) {
      this.board.refresh();
      if (this.board.route(sibling.prefix) || isSearchPath(sibling.prefix) || lookSpared(sibling, this.opts.declaredGets)) continue;
      const literal = plain(await get(`${parent}/${sibling.segment}`));
      const v = judgeSubPath(sibling, plain(up), literal, comparedWithNonsense(literal) ? plain(await nonsense()) : undefined, this.nonsense);
      if (v.routed !== 'unknown') this.board.recordRoute(sibling.prefix, v.routed, v.routed ? undefined : `${v.reason}${note}`);
    }
  }
}

/**
 * Segments no GET can judge, or need not: a view of the record above it (RECORD_VIEWS, `.../
 * attributes/{id}/Property`: a target that ignores the segment answers that very record, which is
 * what the view asks for, so any write there reaches the record it names), and a segment the spec
 * declares no GET at or below, but a search (its POST has a probe of its own): how the target
 * routes the write there is for the write's own answer to say.
 */
function lookSpared(step: LiteralStep, declaredGets: ReadonlySet<string> | undefined): RouteVerdict | undefined {
  if (step.parent === '') return undefined;
  if (RECORD_VIEWS.includes(step.segment)) return { routed: true };
  const readable = declaredGets === undefined || [...declaredGets].some((t) => t === step.prefix || t.startsWith(`${step.prefix}/`));
  if (!readable && !isSearchPath(step.prefix)) return { routed: 'unknown', reason: `the spec declares no GET at or below ${step.prefix}: a GET there does not say how the target routes a write` };
  return undefined;
}

/**
 * The literal steps under the same template as `step` (its siblings) that the spec declares a GET
 * at or below, in the spec's order; none without the declared GETs.
 */
function siblingSteps(step: LiteralStep, declaredGets: ReadonlySet<string> | undefined): LiteralStep[] {
  if (!declaredGets || step.parent === '') return [];
  const out = new Map<string, LiteralStep>();
  for (const t of declaredGets) {
    for (const s of literalSteps(t)) if (s.parent === step.parent && s.prefix !== step.prefix) out.set(s.prefix, s);
  }
  return [...out.values()];
}

/**
 * Values for a path template's parameters that name records the target lists, each the smallest id
 * of the collection above it (`/orders/{order_id}/items/{item_id}`: an order, then one of its
 * items); NONE_LISTED when a collection lists none; undefined when a collection cannot be read or
 * the template has another shape.
 */
async function anyRecordValues(template: string, get: SupportGet): Promise<Record<string, string> | typeof NONE_LISTED | undefined> {
  const values: Record<string, string> = {};
  let path = '';
  for (const seg of template.split('/').filter(Boolean)) {
    const param = /^\{([^}]+)\}$/.exec(seg)?.[1];
    if (!param) {
      path += `/${seg}`;
      continue;
    }
    if (!path) return undefined;
    const list = await get(path);
    if (list.response.status < 200 || list.response.status >= 300) return undefined;
    const ids = listItems(list.response.json)
      .map((r) => r.id)
      .filter((id): id is number | string => typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id)))
      .map(Number)
      .sort((a, b) => a - b);
    const id = ids[0];
    if (id === undefined) return listItems(list.response.json).length ? undefined : NONE_LISTED;
    values[param] = String(id);
    path += `/${id}`;
  }
  return values;
}

/**
 * Values for a path template's parameters that name no record: each the digits and letters a
 * wrong-typed id is made of (`1abc`, as the negative probe sends), which no shop can hold.
 */
function noRecordValues(template: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const m of template.matchAll(/\{([^}]+)\}/g)) if (m[1]) values[m[1]] = '1abc';
  return values;
}

/** A search POST answered like a create: 201, or one record where a list belongs. */
function createdInsteadOfSearching(op: Operation, ex: Exchange): boolean {
  if (!isSearchOperation(op)) return false;
  const s = ex.response.status;
  if (s < 200 || s >= 300) return false;
  const j = ex.response.json;
  return s === 201 || (typeof j === 'object' && j !== null && !Array.isArray(j) && 'id' in j);
}
