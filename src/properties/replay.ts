// The exact command that replays a property failure: the run's seed, the counterexample's path
// and the test, selected by file and title. Model-based tests append the commands' replay path
// to FC_PATH (`<path>~<replayPath>`): fast-check needs both to rebuild a shrunk command list.
// The run's target and settings come first (src/config/replay.ts), so the command reaches the same
// target and writes its reports apart from the run's.
import { shellQuote } from '../core/shell.js';

/** Splits FC_PATH into fast-check's `path` and the commands' `replayPath`. */
export function splitPath(fcPath: string | undefined): { path?: string; replayPath?: string } {
  if (fcPath === undefined || fcPath === '') return {};
  const [path, replayPath] = fcPath.split('~', 2);
  return { ...(path ? { path } : {}), ...(replayPath ? { replayPath } : {}) };
}

export function joinPath(path: string, replayPath?: string): string {
  return replayPath ? `${path}~${replayPath}` : path;
}


/** A --grep pattern that matches exactly this title (Playwright greps title paths with a RegExp). */
export function titleGrep(title: string): string {
  return title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface ReplayTarget {
  seed: number;
  path: string;
  /** Spec file, relative to the project root, e.g. suites/properties/paging.spec.ts. */
  file: string;
  title: string;
  /** Faults of an in-process reference shop: the embedded shop of `npm run conformance` takes them as SHOP_FAULTS. */
  shopFaults?: readonly string[];
  /** The run's target and settings as variables (replayVariables), first in the command. */
  env?: readonly string[];
}

/** `BASE_URL=… API_USER="$API_USER" … REPORT_DIR=… FC_SEED=… FC_PATH=… npx playwright test <file> -g '<title>'` */
export function replayCommand(t: ReplayTarget): string {
  const env = [...(t.env ?? []), ...(t.shopFaults?.length ? [`SHOP_FAULTS=${shellQuote(t.shopFaults.join(','))}`] : []), `FC_SEED=${t.seed}`, `FC_PATH=${shellQuote(t.path)}`];
  return `${env.join(' ')} npx playwright test ${shellQuote(t.file)} -g ${shellQuote(titleGrep(t.title))}`;
}
