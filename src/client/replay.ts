// Replays of failures (same shop, same verdicts). A request is sent again exactly as it
// was, first *alone* (every other worker of the run waits: src/client/floor.ts), then, when alone
// it does not fail, *overlapped* with copies of itself sent at the same moment. What it shows:
//
//   reproduced   alone it fails again: a defect of the target, a Fail as before
//   concurrency  only overlapped: a concurrency defect of the operation, never the rule it hit
//   flaky        neither: reported, never a Fail and never in the gate
//
// Two places send replays:
// - Breakdowns (a 5xx or no answer) to idempotent requests (reads, PUT, DELETE: sending one twice
//   leaves what sending it once leaves) are settled in the client, before the caller sees
//   the answer (settleBreakdown). One that does not break down again alone is reported as
//   unreproduced and the caller gets the answer of the replay alone: the test goes on as if its
//   request had been alone, so an overlap never decides a rule, a setup or a probe. One that
//   breaks down again is returned as it was, marked `replayedAlone`.
// - A contract check's other failing answers to reads (a body that breaks the schema, a wrong
//   status) are sent again alone and judged by the same check (reproduce).
// A POST or PATCH is never sent again: it would write twice (except input sent to be refused,
// which writes nothing, and a create meant to succeed that broke down and left nothing, sent once
// more alone: createToSendAgain); nor a write the target answered: its verdict rests on what it wrote.
import { sentToBeRefused, type Exchange } from '../core/exchange.js';
import type { ReplayCount } from '../core/verdict.js';

export type Showing = 'reproduced' | 'concurrency' | 'flaky';

/** Rounds of overlapped sends after a replay alone that did not fail. */
const OVERLAP_ROUNDS = 2;
/** Copies sent beside the replayed request in each round. */
const OVERLAP_WIDTH = 2;

const READS = new Set(['GET', 'HEAD']);
/** Sending one twice leaves what sending it once leaves (RFC 9110, 9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** The method the target is asked to perform (X-HTTP-Method-Override wins). */
function effectiveMethod(ex: Exchange): string {
  return (ex.request.headers['x-http-method-override'] ?? ex.request.method).toUpperCase();
}

/**
 * Whether the request is of these methods both on the wire and as its X-HTTP-Method-Override
 * asks: a shop that ignores the override handles a POST as a POST (GX 4.8 does).
 */
function both(ex: Exchange, methods: ReadonlySet<string>): boolean {
  return methods.has(ex.request.method.toUpperCase()) && methods.has(effectiveMethod(ex));
}

/** A read: safe to send again. */
export function isRead(ex: Exchange): boolean {
  return both(ex, READS);
}

/** The answer overlap breaks: a 5xx, or none at all. */
export function brokeDown(ex: Exchange): boolean {
  return ex.response.status === 0 || ex.response.status >= 500;
}

/** Requests of the harness's own that are never replayed (they decide nothing about the target's rules). */
function ownLook(ex: Exchange): boolean {
  return ex.intent === 'support' || ex.intent === 'lookup' || ex.intent === 'cleanup';
}

/**
 * A breakdown the client settles before the caller sees it. `postCannotCreate`: the spec has no
 * POST on the request's path, so a POST whose X-HTTP-Method-Override names an idempotent method
 * (the method-override probe) is safe to send again even to a shop that ignores the override.
 */
export function breakdownToSettle(ex: Exchange, postCannotCreate = false): boolean {
  if (ownLook(ex) || !brokeDown(ex)) return false;
  if (both(ex, IDEMPOTENT)) return true;
  // Input sent to be refused (a missing or mistyped body, malformed JSON, a wrong content type)
  // writes nothing, so sending it again writes nothing twice; should a shop store something all
  // the same, the ledger has every such request before its answer is read. A refusal may itself
  // break down only when requests overlap (GX 3.2 answers a POST /addresses without a body 500
  // "Invalid argument supplied for foreach()" in some runs, 400 in others).
  if (sentToBeRefused(ex.intent)) return true;
  return postCannotCreate && ex.request.method.toUpperCase() === 'POST' && IDEMPOTENT.has(effectiveMethod(ex));
}

/** Creates meant to succeed: a record a test needs before its rule, and the valid request a test judges. */
const MEANT_TO_SUCCEED: ReadonlySet<string> = new Set(['setup', 'positive']);

/**
 * A create meant to succeed that broke down and, as the record keeper's look showed, left nothing
 * (`leftNothing`): sent once more alone before its test is blocked or judged (ApiClient.createAlone),
 * as a read's breakdown is, so an overlap decides neither. Sending it again makes at most the one
 * record it was meant to.
 */
export function createToSendAgain(ex: Exchange, leftNothing: boolean): boolean {
  return MEANT_TO_SUCCEED.has(ex.intent) && brokeDown(ex) && leftNothing && !IDEMPOTENT.has(effectiveMethod(ex));
}

function signature(ex: Exchange): string {
  const r = ex.request;
  return JSON.stringify([r.method, r.url, r.auth, r.headers['x-http-method-override'] ?? '', r.headers['content-type'] ?? '', r.rawBody ?? '', r.multipart ?? {}]);
}

/** How replays are sent: the same request again, alone or as it comes. */
export interface Resend {
  /** Sends the same request again (same label: checks read it), through the whole pipeline. */
  again(): Promise<Exchange | undefined>;
  alone<T>(fn: () => Promise<T>): Promise<{ value: T; alone: boolean }>;
}

/** What a failing answer showed when it was sent again (`evidence`: alone first, then the overlapped one). */
export interface Replayed {
  showing: Showing;
  alone: ReplayCount;
  overlapped?: ReplayCount;
  evidence: Exchange[];
  /** The others did not settle within the floor's limit: the "alone" replay ran beside them. */
  crowded?: boolean;
}

/** Requests of this worker whose failure was seen again alone: a repeat of one is not sent again. */
const reproducedAlone = new Map<string, Exchange>();
const CACHE_LIMIT = 2000;

function remember(ex: Exchange, replay: Exchange): void {
  if (reproducedAlone.size >= CACHE_LIMIT) reproducedAlone.clear();
  reproducedAlone.set(signature(ex), replay);
}

/** Alone, then overlapped: what the answer shows when the request is sent again. */
async function replay(ex: Exchange, resend: Resend, fails: (replay: Exchange) => boolean): Promise<Replayed | undefined> {
  const seen = reproducedAlone.get(signature(ex));
  if (seen && fails(seen)) return { showing: 'reproduced', alone: { reproduced: 1, of: 1 }, evidence: [seen] };
  const { value: first, alone } = await resend.alone(() => resend.again());
  if (!first) return undefined;
  const crowded = alone ? {} : { crowded: true };
  if (fails(first)) {
    remember(ex, first);
    return { showing: 'reproduced', alone: { reproduced: 1, of: 1 }, evidence: [first], ...crowded };
  }
  let last: Exchange | undefined;
  for (let round = 1; round <= OVERLAP_ROUNDS; round++) {
    // The replayed request first, then its copies, all at once.
    const mine = resend.again();
    const beside = Array.from({ length: OVERLAP_WIDTH }, () => resend.again());
    [last] = await Promise.all([mine, ...beside]);
    if (last && fails(last)) return { showing: 'concurrency', alone: { reproduced: 0, of: 1 }, overlapped: { reproduced: 1, of: round }, evidence: [first, last], ...crowded };
  }
  return { showing: 'flaky', alone: { reproduced: 0, of: 1 }, overlapped: { reproduced: 0, of: OVERLAP_ROUNDS }, evidence: last ? [first, last] : [first], ...crowded };
}

/**
 * A breakdown to an idempotent request, settled before the caller sees it: the answer to hand on (the original,
 * marked `replayedAlone`, when it broke down again; else the replay alone) and, when it did not
 * break down again alone, what it showed.
 */
export async function settleBreakdown(ex: Exchange, resend: Resend): Promise<{ answer: Exchange; unreproduced?: Replayed }> {
  const r = await replay(ex, resend, brokeDown);
  if (!r) return { answer: ex };
  if (r.showing === 'reproduced') {
    // The answer alone is the target's own: an overlap can put another breakdown's words in the
    // first one (GX 3.2 answers "Invalid argument supplied for foreach()" to whatever overlaps,
    // where alone the same request gets its own 500), and the verdict judges what reproduces.
    const alone = r.evidence[0];
    if (alone) ex.response = alone.response;
    ex.replayedAlone = r.alone;
    return { answer: ex };
  }
  return { answer: r.evidence[0] ?? ex, unreproduced: r };
}

/** Why a failing answer is not sent again, or undefined when it may be. */
export function notReplayable(ex: Exchange, resend: Resend | undefined): string | undefined {
  if (ownLook(ex)) return `a ${ex.intent} request of the harness`;
  if (!isRead(ex)) return 'a write the target answered: sending it again would write again';
  if (!resend) return 'not sent by this worker as it was recorded';
  return undefined;
}

/**
 * A failing answer that is not a breakdown the client settled: sent again and judged by `fails`
 * (the same check). A breakdown the client already replayed alone counts as it showed then.
 */
export async function reproduce(ex: Exchange, resend: Resend | undefined, fails: (replay: Exchange) => boolean): Promise<Replayed | { notReplayed: string }> {
  if (ex.replayedAlone) return { showing: 'reproduced', alone: ex.replayedAlone, evidence: [] };
  const why = notReplayable(ex, resend);
  if (why || !resend) return { notReplayed: why ?? 'not sent by this worker as it was recorded' };
  return (await replay(ex, resend, fails)) ?? { notReplayed: 'the request could not be sent again' };
}

/** Forgets the worker's replays (tests of the module). */
export function forgetReplays(): void {
  reproducedAlone.clear();
}
