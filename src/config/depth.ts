// How deep a run looks (DEPTH), beside what it may write (PROFILE). The one home of every "does
// this depth run X": the Playwright config asks which suites run, the contract plan which probes
// and checks, the contract suite whether a worker takes a file whole, the probes how many cases
// and whether to try another user, the config FC_RUNS's default, and the report what the run did
// not look at. Nothing else branches on the depth.
//
// quick judges every implemented operation once: the contract suite's valid request,
// its status, answer schema and content type, the request without credentials (with wrong ones on
// one operation per resource group), and one invalid-input case of the negative probe (src/probes/negative.ts says which);
// of the resource suites only the list-parameter tests (fixtures/list-tests.ts), each with its
// rule's first fixed case (fixtures/list-rules.ts says which: the first request standard sends for
// that rule, judged the same way), a list's reads before and after its rules chained where other
// tests may write to it (listReads), and a keyword-scoped list's seed begun with one record that
// shows whether the search narrows the list at all (listSeedProbe); no other resource rule, no
// properties, no models, no undeclared methods, no method overrides, no plain http, and of the
// security pack the passive scan of its answers only (no active probe); the record keeper's own
// reads are fewer (readLeadingDigits, refusalLookAfterReplay: what they would tell, cleanup or one
// later read tells, and the ledger holds every request that may create before its answer is read).
// Every request a check or rule judges at quick, standard sends too, in the same order within the
// operation's probes (quick's own unjudged setup reads aside: the seed probe's, a chained read), and
// each check judges a subset of the answers it judges at standard: so quick's Fail cells are a subset of
// standard's, never a new kind. What a pass at quick says is weaker, and the report says so.
// deep runs what standard runs with more fast-check runs (FC_RUNS 100 instead of 25: every
// property and model four times as many cases and sequences).

export const DEPTHS = ['quick', 'standard', 'deep'] as const;
export type Depth = (typeof DEPTHS)[number];

/** The probes of the contract suite (src/probes, ProbeKind), named here since config sits below them. */
export type DepthProbe = 'positive' | 'auth' | 'negative' | 'undeclared-method' | 'method-override' | 'plain-http';

export interface DepthPlan {
  depth: Depth;
  /** Test folders under suites/ the run declares. */
  suites: readonly string[];
  /** Probes the contract suite sends; a check none of whose probes is among them is not declared. */
  probes: readonly DepthProbe[];
  /** Invalid-input cases the negative probe sends per operation (undefined: every one it knows). */
  negativeCases: number | undefined;
  /**
   * Where the auth probe also sends wrong credentials: on every operation, or on one per resource
   * group (its first secured read): a shop that takes any password takes it everywhere, and the
   * request without credentials, sent on every operation, judges each one's own refusal.
   */
  wrongCredentials: 'every' | 'one-per-group';
  /**
   * A DELETE's record is shared by its refusals and its valid request: the request without
   * credentials goes first, to the record the valid DELETE then deletes (a fresh one only when the
   * refusal was not plain), instead of a record of its own for each (src/probes/index.ts).
   */
  shareDeleteRecord: boolean;
  /**
   * Which tests of the resource suites run: all of them, or only the list-parameter tests (tagged
   * LIST_PARAMETER_TAG by fixtures/list-tests.ts), the one part of those suites quick looks at.
   */
  resourceTests: 'all' | 'list-parameters';
  /**
   * How much of each list rule a list-parameter test sends: every case, or the rule's first fixed
   * case alone (the first request standard sends for the rule, with the same seed and scope).
   */
  listCases: 'all' | 'first';
  /**
   * A seeded list other tests may write to meanwhile (no scope of its own: customer groups, units)
   * is read whole before and after each rule test's own requests, and a change between the two
   * voids the judgement (fixtures/list-rules.ts onQuietList). 'each-rule': each rule test reads
   * before for itself; 'chained': the read after one rule test serves as the read before the next
   * rule test of the same list and seed in the worker (at quick they run one after another), so the
   * comparison still spans every request of each rule, from an earlier start.
   */
  listReads: 'each-rule' | 'chained';
  /**
   * A list scoped by a keyword serves its rules only when the search narrows it to the test's own
   * records, else they skip (fixtures/list-rules.ts ensureRecords). Whether to learn that from the
   * first record of the seed (fixtures/list-seeds.ts: one record, one read, and the rest of the seed
   * only where the search narrows) instead of after the whole seed: a list whose search does not
   * narrow then costs one record instead of the whole seed, one that does one read more.
   */
  listSeedProbe: boolean;
  /**
   * A worker runs a contract file's operations all itself, one after another (a file holds whole
   * resource groups: suites/contract/suite.ts), instead of the operations being spread one by one
   * over the workers. The records and reads an operation's requests need are shared by the
   * worker's operations (src/data/own-records.ts ownReusable, the lists a positive GET read), so
   * a group whose operations meet in one worker has its parents made and its lists read once, not
   * once per worker. Every operation still gets the requests it gets at standard, where the same
   * operations may meet in one worker too.
   */
  wholeFiles: boolean;
  /**
   * The security pack's active probes (suites/security: injection-shaped input, a create with
   * readOnly fields set, another user's credentials, and the auth probe's request with that user's
   * credentials): each sends requests of its own and makes records (the other user, a product).
   * Without them the passive scan still reads every answer the run gets (suites/security/answers
   * shows it the answers every API gives), so the findings reported are a subset of standard's.
   */
  activeSecurity: boolean;
  /**
   * After a DELETE of a wrong-typed id (`15abc`, the negative probe) that the target did not
   * refuse, the record keeper reads the own record the id's leading digits name, so the ledger
   * says at once whether the shop took the id for 15 (src/client/record-keeper.ts). Without the
   * read at once, the record stays open in the ledger and cleanup deletes it as any other; only
   * if that DELETE fails is it read (a shop may answer a DELETE of a record that is gone with a
   * 5xx), so the leftover report stays exact. The read never decides a verdict (GX 4.8 answers
   * 500 to five such DELETEs and keeps each record: ten reads, with those of the replays).
   */
  readLeadingDigits: boolean;
  /**
   * A create sent to be refused (the negative probe's broken body) that breaks down with a 5xx is
   * replayed at once, unchanged; the record keeper's look for what it may have half-written
   * (src/client/record-keeper.ts) then waits for the replay, and one read of the collection tells
   * what either made, instead of one read after each. The request is pending in the ledger before
   * it is sent either way, and is settled (or named open) before its caller sees the answer. Only
   * for input sent to be refused: a valid create's look decides whether it is sent again.
   */
  refusalLookAfterReplay: boolean;
  /** FC_RUNS when the variable is unset. */
  fcRunsDefault: number;
  /** What the run did not look at, in words for the page and the closing line (empty: nothing left out). */
  notLookedAt: readonly string[];
}

const ALL_SUITES = ['contract', 'resources', 'properties', 'model'] as const;
/** The security pack's test files that probe actively (activeSecurity); answers.spec.ts only reads. */
const ACTIVE_SECURITY_FILES = ['injection', 'mass-assignment', 'credentials'] as const;
const ALL_PROBES: readonly DepthProbe[] = ['positive', 'auth', 'negative', 'undeclared-method', 'method-override', 'plain-http'];

export const DEPTH_PLANS: Readonly<Record<Depth, DepthPlan>> = {
  quick: {
    depth: 'quick',
    suites: ['contract', 'resources'],
    probes: ['positive', 'auth', 'negative'],
    negativeCases: 1,
    wrongCredentials: 'one-per-group',
    shareDeleteRecord: true,
    resourceTests: 'list-parameters',
    listCases: 'first',
    listReads: 'chained',
    listSeedProbe: true,
    wholeFiles: true,
    activeSecurity: false,
    readLeadingDigits: false,
    refusalLookAfterReplay: true,
    fcRunsDefault: 25,
    notLookedAt: [
      'the resource rules (lifecycles, errors per request, Location and rate-limit headers, type and state filters, changed/modified/deleted, fields on a single read)',
      'list parameters beyond one case each (paging: page 1 only; per_page: one size, not the default or values below 1; Link header: page 1 only; sort: one key ascending, not descending, two keys or ties across pages; fields: one set; search and q: the keyword as written, not in upper case), and on lists no resource suite declares',
      'properties and model sequences',
      'invalid input beyond one case per operation',
      'wrong credentials beyond one operation per resource group',
      'undeclared methods, method overrides and plain http',
      "the active security probes (injection-shaped input, readOnly fields in a create, another user's credentials): the passive scan of the answers the run gets only",
    ],
  },
  standard: { depth: 'standard', suites: ALL_SUITES, probes: ALL_PROBES, negativeCases: undefined, wrongCredentials: 'every', shareDeleteRecord: false, resourceTests: 'all', listCases: 'all', listReads: 'each-rule', listSeedProbe: false, wholeFiles: false, activeSecurity: true, readLeadingDigits: true, refusalLookAfterReplay: false, fcRunsDefault: 25, notLookedAt: [] },
  deep: { depth: 'deep', suites: ALL_SUITES, probes: ALL_PROBES, negativeCases: undefined, wrongCredentials: 'every', shareDeleteRecord: false, resourceTests: 'all', listCases: 'all', listReads: 'each-rule', listSeedProbe: false, wholeFiles: false, activeSecurity: true, readLeadingDigits: true, refusalLookAfterReplay: false, fcRunsDefault: 100, notLookedAt: [] },
};

export function depthPlan(depth: Depth): DepthPlan {
  return DEPTH_PLANS[depth];
}

/** Whether the run declares the tests of this folder of suites/ (`contract`, `resources`, ...). */
export function runsSuite(depth: Depth, folder: string): boolean {
  return DEPTH_PLANS[depth].suites.includes(folder);
}

/** The suites/ folders a depth leaves out, as globs for Playwright's testIgnore. */
export function ignoredSuites(depth: Depth): string[] {
  const folders = ALL_SUITES.filter((s) => !runsSuite(depth, s)).map((s) => `**/suites/${s}/**`);
  const security = DEPTH_PLANS[depth].activeSecurity ? [] : ACTIVE_SECURITY_FILES.map((f) => `**/suites/security/${f}.spec.ts`);
  return [...folders, ...security];
}

/** The tag fixtures/list-tests.ts gives each list-parameter test (one per list rule of a list). */
export const LIST_PARAMETER_TAG = '@list-parameter';

/**
 * The tests of a declared folder this depth leaves out, as a Playwright grepInvert (undefined:
 * none). Playwright greps a line of the project's name, the test's file path (relative to
 * suites/), its titles and its tags: at quick a test of suites/resources/ without the
 * list-parameter tag is left out. A grep from the command
 * line applies on top of it (Playwright keeps the two apart), so a user's --grep narrows quick
 * further and never widens it.
 */
export function ignoredTests(depth: Depth): RegExp | undefined {
  if (DEPTH_PLANS[depth].resourceTests === 'all') return undefined;
  return new RegExp(`(?:^|\\s)resources[\\\\/][^\\s]+\\.spec\\.ts\\s(?!.*${LIST_PARAMETER_TAG}(?:\\s|$))`);
}

/** The probes of `wanted` this depth sends. */
export function probesAt(depth: Depth, wanted: readonly DepthProbe[]): DepthProbe[] {
  return wanted.filter((p) => DEPTH_PLANS[depth].probes.includes(p));
}

/** "quick depth: not looked at: a; b; c" for the page and the closing line, or undefined at standard. */
export function depthNote(depth: Depth): string | undefined {
  const left = DEPTH_PLANS[depth].notLookedAt;
  if (!left.length) return undefined;
  return `DEPTH=${depth}: every operation judged once; not looked at: ${left.join('; ')}. A pass here is weaker than at standard, and operations not judged are untested, not conformant`;
}
