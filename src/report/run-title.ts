// What names a run in Playwright's HTML report: its title line and the config metadata.
//
// Why a title and not the metadata alone: since Playwright 1.51 the HTML report's "Metadata" shows
// only its own CI and git entries; a config's other keys appear only when the report is opened
// with `#show-metadata-other` after index.html (microsoft/playwright#35001, which hid them, and
// #35614), so the toggle expands to nothing. The html reporter's `title` option (1.53,
// microsoft/playwright#35659) is shown at the top of the report's first page: there the run's
// seed, runs, target, profile and id are always in sight. The metadata keeps them too, for that
// view, for other reporters and for merge-reports (the compatibility reporter reads the seed there).
// Never a credential: the target is the URL without user info (safeUrl).
import { safeUrl } from './compatibility/meta.js';

export interface RunLabel {
  runId: string;
  /** BASE_URL, or undefined for the embedded reference shop. */
  baseUrl: string | undefined;
  profile: string;
  /** DEPTH; absent or standard: not named in the title (the default). */
  depth?: string | undefined;
  seed: number | undefined;
  fcRuns: number | undefined;
}

/** The metadata key playwright.config.ts pins the seed under (merge-reports keeps it). */
export const SEED_METADATA = 'fast-check seed';

function target(l: Pick<RunLabel, 'baseUrl'>): string {
  return l.baseUrl === undefined ? 'embedded reference shop' : (safeUrl(l.baseUrl) ?? 'BASE_URL (unreadable)');
}

/** `DEPTH=quick` when the run was not at the default depth. */
function depthPart(l: Pick<RunLabel, 'depth'>): string[] {
  return l.depth === undefined || l.depth === 'standard' ? [] : [`DEPTH=${l.depth}`];
}

/** `Conformance run r1a2b · https://shop.example.test/shop1/api.php/v2 · PROFILE=standard · FC_SEED=42 · FC_RUNS=25` */
export function runTitle(l: RunLabel): string {
  return [`Conformance run ${l.runId}`, target(l), `PROFILE=${l.profile}`, ...depthPart(l), ...(l.seed !== undefined ? [`FC_SEED=${l.seed}`] : []), ...(l.fcRuns !== undefined ? [`FC_RUNS=${l.fcRuns}`] : [])].join(' · ');
}

/**
 * The title of a merge of shards: what they share once, what differs listed (`FC_SEED=1, 2`):
 * shards run apart, each with its run id and, unless FC_SEED pins it, its own seed.
 */
export function mergedTitle(labels: readonly RunLabel[]): string | undefined {
  if (!labels.length) return undefined;
  const all = (f: (l: RunLabel) => string | undefined): string => [...new Set(labels.map(f).filter((v): v is string => v !== undefined))].join(', ');
  const seeds = all((l) => (l.seed === undefined ? undefined : String(l.seed)));
  const runs = all((l) => (l.fcRuns === undefined ? undefined : String(l.fcRuns)));
  const depths = all((l) => (l.depth === undefined || l.depth === 'standard' ? undefined : l.depth));
  return [`Conformance run ${all((l) => l.runId)}`, all((l) => target(l)), `PROFILE=${all((l) => l.profile)}`, ...(depths ? [`DEPTH=${depths}`] : []), ...(seeds ? [`FC_SEED=${seeds}`] : []), ...(runs ? [`FC_RUNS=${runs}`] : [])].join(' · ');
}

/** The config metadata naming the run (shown by the HTML report at `#show-metadata-other`). */
export function runMetadata(l: RunLabel): Record<string, string | number> {
  return {
    ...(l.seed !== undefined ? { [SEED_METADATA]: l.seed } : {}),
    ...(l.fcRuns !== undefined ? { 'fast-check runs (FC_RUNS)': l.fcRuns } : {}),
    target: target(l),
    'profile (PROFILE)': l.profile,
    ...(l.depth !== undefined ? { 'depth (DEPTH)': l.depth } : {}),
    'run id (RUN_ID)': l.runId,
  };
}
