// Why operations in the run's scope were not tested (status `untested`: no check passed, failed or
// found them unsupported), so "160/170" on a correct shop does not read as ten defects. Grouped by
// cause, each group with one line the page, report.md and the console print:
//   profile    their tests ran, and PROFILE does not send them (profileBlocks, the write guard's
//              rule, src/client/guard.ts): "10 destructive
//              operations not run: PROFILE=standard; PROFILE=full runs them";
//   skipped    their tests ran and were all skipped or disabled for another reason (a setup that
//              could not be had): each operation with the reason its tests gave;
//   unreached  no test of the run named them (a --grep, a file left out).
// The cause is decided from the catalogue, the profile and the cells' outcomes, never read back
// from a message; the reason shown for a skipped operation is its tests' own skip reason.
import { marksDestructive } from '../../spec/operation-kinds.js';
import { profileBlocks } from '../../client/guard.js';
import type { Operation } from '../../spec/types.js';
import type { CellReport, OperationRow } from './rows.js';
import type { NotTestedGroup } from './types.js';

const PROFILES = ['readonly', 'standard', 'full'] as const;
type Profile = (typeof PROFILES)[number];

function isProfile(p: string): p is Profile {
  return (PROFILES as readonly string[]).includes(p);
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The reason most of an operation's cells give (its tests' skip reasons), if any. */
function commonReason(cells: readonly CellReport[]): string | undefined {
  const counts = new Map<string, number>();
  for (const c of cells) if (c.note) counts.set(c.note, (counts.get(c.note) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

export function notTested(rows: readonly OperationRow[], operations: readonly Operation[], profile: string, cellsOf: (operation: string) => CellReport[]): NotTestedGroup[] {
  const byId = new Map(operations.map((o) => [o.id, o]));
  const marks = marksDestructive(operations);
  const full: NotTestedGroup['operations'] = [];
  const standard: NotTestedGroup['operations'] = [];
  const skipped: NotTestedGroup['operations'] = [];
  const unreached: NotTestedGroup['operations'] = [];
  for (const row of rows) {
    if (!row.declared || row.status !== 'untested') continue;
    // No test of it ran (a --grep, a test file left out): whatever the profile would have said.
    const cells = cellsOf(row.id);
    if (!cells.length) {
      unreached.push({ id: row.id });
      continue;
    }
    const op = byId.get(row.id);
    const blocked = op && isProfile(profile) ? profileBlocks(op, profile, marks) : undefined;
    if (blocked) {
      (blocked.needs === 'full' ? full : standard).push({ id: row.id, reason: blocked.reason });
      continue;
    }
    const reason = commonReason(cells);
    skipped.push(reason ? { id: row.id, reason } : { id: row.id });
  }
  const groups: NotTestedGroup[] = [];
  if (full.length) {
    groups.push({ cause: 'profile', needs: 'full', summary: `${plural(full.length, 'destructive operation')} not run (they clear caches, trigger jobs or send mail): PROFILE=${profile}; PROFILE=full runs them`, operations: full });
  }
  if (standard.length) {
    groups.push({ cause: 'profile', needs: 'standard', summary: `${plural(standard.length, 'write operation')} not run: PROFILE=${profile} sends no writes; PROFILE=standard runs them`, operations: standard });
  }
  if (skipped.length) {
    groups.push({ cause: 'skipped', summary: `${plural(skipped.length, 'operation')} whose every test was skipped or disabled (each says why)`, operations: skipped });
  }
  if (unreached.length) groups.push({ cause: 'unreached', summary: `${plural(unreached.length, 'operation')} no test of this run reached`, operations: unreached });
  return groups;
}

/** One line for the console and the score: "10 not tested: 10 destructive operations not run: …". */
export function notTestedLine(groups: readonly NotTestedGroup[] | undefined): string | undefined {
  if (!groups?.length) return undefined;
  const n = groups.reduce((a, g) => a + g.operations.length, 0);
  return `${n} not tested: ${groups.map((g) => g.summary).join('; ')}`;
}
