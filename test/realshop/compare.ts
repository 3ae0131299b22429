// The real-shop phase's comparisons (issue 34). They read the runs' reports, so they cost seconds
// and no shop time, which is why they are in the phase and not a script of their own:
// - same build, two seeds: a shop whose standard run goes twice (GX 3.2 in CI; GX 4.8 with
//   REALSHOP_REPRO_SHOPS=gx48, a second 6-7 minute run, so not in CI) compared with itself must
//   give 0 items (src/compare/compare.ts);
// - GX 3.2 against GX 4.8: the comparison and the matrix of the two standard runs, written to
//   reports/realshop/compare/ (what a client of GX 3.2 meets on GX 4.8). The check is that it was
//   written and names the operations GX 4.8 implements and GX 3.2 does not: there are some (the
//   vendor's 4.8 line added resources), so a comparison that finds none is broken.
import path from 'node:path';
import { compare, type Comparison } from '../../src/compare/compare.js';
import { buildMatrix } from '../../src/compare/matrix.js';
import { loadRun } from '../../src/compare/run.js';
import { summaryLines } from '../../src/compare/summary.js';
import { writeComparison, writeMatrix } from '../../src/compare/write.js';

export interface CompareCheck {
  name: string;
  ok: boolean;
  detail: string;
  /** The lines to print under the check (the summary, the first items). */
  lines: string[];
  figures?: Comparison['counts'] & { ms: number; page: string };
}

function counted(c: Comparison, ms: number, page: string): CompareCheck['figures'] {
  return { ...c.counts, ms: Math.round(ms), page };
}

/** Two standard runs of one pristine shop with two seeds: 0 items. */
export function sameBuildCheck(shop: string, seeds: readonly [string, string], first: string, second: string, outDir: string, redact: (s: string) => string): CompareCheck {
  const name = `${shop}: compared with itself (seeds ${seeds[0]} and ${seeds[1]}), 0 items`;
  try {
    const started = performance.now();
    const c = compare(loadRun(first), loadRun(second));
    const ms = performance.now() - started;
    const [page] = writeComparison(outDir, c, redact);
    const ok = c.counts.items === 0;
    return { name, ok, detail: `${c.counts.items} item(s), ${c.counts.defects.unchanged} defect(s) in both, ${c.notComparable.length} not comparable; compared in ${Math.round(ms)} ms (${page ?? outDir})`, lines: ok ? [] : summaryLines(c), figures: counted(c, ms, page ?? '') };
  } catch (err) {
    return { name, ok: false, detail: err instanceof Error ? err.message : String(err), lines: [] };
  }
}

/** The older shop's standard run against the newer one's: the comparison and the matrix. */
export function versionsCheck(older: string, newer: string, olderRun: string, newerRun: string, outDir: string, redact: (s: string) => string): CompareCheck {
  const name = `${older} → ${newer}: comparison and matrix written, naming the operations ${newer} implements and ${older} does not`;
  try {
    const started = performance.now();
    const runs = [loadRun(olderRun), loadRun(newerRun)] as const;
    const c = compare(runs[0], runs[1]);
    const ms = performance.now() - started;
    const [page] = writeComparison(outDir, c, redact);
    writeMatrix(outDir, buildMatrix(runs), redact);
    const gained = c.items.filter((i) => i.category === 'support' && !i.breaking).length;
    const gone = c.items.filter((i) => i.category === 'support' && i.breaking).length;
    const breakingDrift = c.items.filter((i) => i.category === 'drift' && i.breaking).length;
    const detail = `${gained} operation(s) implemented now, ${gone} gone; defects ${c.counts.defects.new} new, ${c.counts.defects.fixed} fixed, ${c.counts.defects.unchanged} unchanged; ${c.counts.drift} drift (${breakingDrift} breaking); ${c.counts.cells} cell(s) changed; compared in ${Math.round(ms)} ms (${path.relative(process.cwd(), page ?? outDir)})`;
    return { name, ok: gained > 0, detail, lines: summaryLines(c).slice(0, 4), figures: counted(c, ms, page ?? '') };
  } catch (err) {
    return { name, ok: false, detail: err instanceof Error ? err.message : String(err), lines: [] };
  }
}
