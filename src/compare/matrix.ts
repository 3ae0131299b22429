// The matrix across versions (issue 34: `npm run compare -- A B C ...`, in the spirit of Pact's
// can-i-deploy matrix): operations as rows, runs as columns, each cell conformant, failing,
// unsupported or untested; the defects of each run; and what changed between neighbours (their
// comparison, compare.ts), the breaking part first.
import type { OperationStatus } from '../report/compatibility/rows.js';
import type { CompatibilityReport } from '../report/compatibility/types.js';
import { compare, type Comparison, type CompareItem, type RunInfo } from './compare.js';
import type { LoadedRun } from './run.js';

export type MatrixCell = 'conformant' | 'failing' | 'unsupported' | 'untested';

export interface MatrixRow {
  id: string;
  method: string;
  path: string;
  group: string;
  cells: MatrixCell[];
}

export interface Matrix {
  version: number;
  generatedAt: string;
  runs: (Pick<RunInfo, 'file' | 'label' | 'runId' | 'seed' | 'profile' | 'target' | 'score'> & { counts: Record<MatrixCell, number> })[];
  rows: MatrixRow[];
  /** Each run's defects, worst first. */
  defects: { id: string; title: string; severity: string; kind: string; operations: string[] }[][];
  /** Each run against the one before it. */
  neighbours: { from: number; to: number; counts: Comparison['counts']; breaking: CompareItem[]; gating: CompareItem[]; caveats: string[] }[];
}

export const MATRIX_VERSION = 1;

const CELL: Record<OperationStatus, MatrixCell> = { conformant: 'conformant', failing: 'failing', known: 'failing', unsupported: 'unsupported', untested: 'untested', outOfScope: 'untested' };

export function buildMatrix(runs: readonly LoadedRun[]): Matrix {
  const ops = new Map<string, Omit<MatrixRow, 'cells'>>();
  for (const run of runs) for (const o of run.report.operations) if (o.declared && !ops.has(o.id)) ops.set(o.id, { id: o.id, method: o.method, path: o.path, group: o.group });
  const statusIn = (r: CompatibilityReport): Map<string, OperationStatus> => new Map(r.operations.map((o) => [o.id, o.status]));
  const statuses = runs.map((run) => statusIn(run.report));
  const rows = [...ops.values()]
    .sort((a, b) => a.group.localeCompare(b.group) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
    .map((o) => ({ ...o, cells: statuses.map((s) => CELL[s.get(o.id) ?? 'untested']) }));
  const neighbours = runs.slice(1).map((run, i) => {
    const c = compare(runs[i] as LoadedRun, run);
    return { from: i, to: i + 1, counts: c.counts, breaking: c.items.filter((x) => x.breaking), gating: c.items.filter((x) => x.gates && !x.breaking), caveats: c.caveats };
  });
  return {
    version: MATRIX_VERSION,
    generatedAt: new Date().toISOString(),
    runs: runs.map((run, i) => {
      const r = run.report;
      const counts: Record<MatrixCell, number> = { conformant: 0, failing: 0, unsupported: 0, untested: 0 };
      for (const row of rows) counts[row.cells[i] as MatrixCell]++;
      return { file: run.file, label: run.label, runId: r.runId, seed: r.seed, profile: r.profile, target: r.target, score: r.score, counts };
    }),
    rows,
    defects: runs.map((run) => [...run.report.defects].sort((a, b) => a.rank - b.rank).map((d) => ({ id: d.id, title: d.title, severity: d.severity, kind: d.kind, operations: d.operations }))),
    neighbours,
  };
}
