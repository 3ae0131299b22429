// Reading lists inside properties. Generic list properties judge a collection the whole target
// shares: another writer (a parallel worker, a person) may add or delete a record between two
// requests of one run. When a judgement fails, the unpaged list is read again; if it changed
// meanwhile, the run is judged again on the new list (twice at most) and then discarded
// (fc.pre), so a verdict only ever rests on a collection that held still. A list that reads the
// same before and after can still have changed in between (another worker's test made a record
// and deleted it again: GX 3.2's Link header counted 7 categories of 6), so a problem on a list
// that held still is judged once more, alone, and stands only when it shows again. Discarded runs are
// counted in the report; a property whose every run was discarded is a Skip, not a Pass.
import fc from 'fast-check';
import type { ApiClient } from '../../../src/client/api-client.js';
import { listAnswer } from '../../../src/core/answers.js';
import { RULE } from '../../../src/checks/rules/registry.js';
import type { Exchange } from '../../../src/core/exchange.js';
import type { Finding } from '../../../src/core/finding.js';
import { ConformanceError } from '../../../src/checks/runner.js';
import type { Operation } from '../../../src/spec/types.js';
import { expectRule, holdingAdvisories, onlyAdvisories, show } from '../../../fixtures/evidence.js';
import { judgedAlone } from '../../../fixtures/replays.js';

export interface Listing {
  exchange: Exchange;
  items: unknown[];
}

/** GET a list; anything but 200 with a list fails `list-answer` in the rule's column, with the exchange as evidence. */
export async function readList(api: ApiClient, op: Operation, query: Record<string, unknown>, rule: string, label?: string): Promise<Listing> {
  const ex = await api.call(op, { query, ...(label ? { label } : {}) });
  expectRule(api, RULE.listAnswer, { status: ex.response.status, json: ex.response.json, asked: label ?? show(query), transportError: ex.response.transportError }, { exchange: ex, tag: rule });
  return { exchange: ex, items: listAnswer(ex.response.json) ?? [] };
}

/** Why a list cannot serve a property at all (not readable), or undefined with the listing. */
export async function tryList(api: ApiClient, op: Operation, query: Record<string, unknown> = {}): Promise<Listing | string> {
  const ex = await api.call(op, { query });
  const items = ex.response.status === 200 ? listAnswer(ex.response.json) : undefined;
  if (!items) return `${op.id} (GET ${op.path}) answered ${ex.response.status || ex.response.transportError || 'no answer'}, not a list`;
  return { exchange: ex, items };
}

/**
 * What a judgement found, as a value judgeStable decides on: the rule failure it threw, or the
 * advisories it gave (held, not recorded: a list that changed meanwhile voids them too); anything
 * else is thrown on. A caller records what stands (onlyAdvisories).
 */
async function failureOf(judge: () => Promise<void>): Promise<ConformanceError | undefined> {
  const advisories: Finding[] = [];
  try {
    await holdingAdvisories(advisories, judge);
    return advisories.length ? new ConformanceError(advisories) : undefined;
  } catch (err) {
    if (err instanceof ConformanceError) return new ConformanceError([...err.findings, ...advisories]);
    throw err;
  }
}

/**
 * Judges a run against a snapshot of the whole list (`query` scopes it, e.g. a search): `judge`
 * asks its rules (expectRule), and a rule it breaks, or an advisory it gives, stands only if the
 * list is still the same afterwards; see the file comment. A failure that stands is thrown, the
 * advisories that stand are recorded. Answers the snapshot the run agreed with: the list as it was a
 * moment ago, which the next run may start from instead of reading it again (if it changed
 * meanwhile, a problem makes the run read it again anyway).
 */
export async function judgeStable(api: ApiClient, op: Operation, query: Record<string, unknown>, first: Listing, judge: (snapshot: Listing) => Promise<void>): Promise<Listing> {
  let snapshot = first;
  for (let attempt = 0; attempt < 3; attempt++) {
    const problem = await failureOf(() => judge(snapshot));
    if (!problem) return snapshot;
    const again = await readList(api, op, query, 'paging', 'the unpaged list again, to see whether it changed meanwhile');
    // Equal as JSON: a record edited meanwhile (a sort key changed) counts as a change too.
    if (JSON.stringify(again.items) === JSON.stringify(snapshot.items)) {
      // Judged once more alone (every other worker of the run waits: src/client/floor.ts), on the
      // list as it is then: no record another test makes and deletes can come between.
      const still = await judgedAlone(api, () => readList(api, op, query, 'paging', 'the unpaged list again, alone'), (list) => failureOf(() => judge(list)));
      // Advisories that stand are recorded, and the run goes on: they never fail it.
      if (still && !onlyAdvisories(still)) throw still;
      if (still) return snapshot;
      // It did not show again: a record came and went between the reads. No verdict on this run.
      break;
    }
    snapshot = again;
  }
  fc.pre(false);
  return snapshot;
}
