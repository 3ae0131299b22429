// The variables a replay command carries: a defect's or a property failure's command to run the
// test again must reach the same target with the same settings, and must not write its reports
// over the full run's. A command that named no target would, without BASE_URL in the shell, quietly
// run against the clean embedded shop and pass, and replace the run's reports.
//
// - BASE_URL of the run, when it had one (never credentials: the config refuses them in the URL);
// - API_USER and API_PASSWORD as variables ("$API_USER"), never values, when the run took them
//   from the environment (from .env, the replay reads .env as the run did, and an empty variable
//   would unset it);
// - the settings that change what a test may do or what it judges, when the environment set them
//   (PROFILE above all: a replay of a readonly run must not write);
// - REPORT_DIR: `replay` inside the run's report folder.
import path from 'node:path';
import { shellQuote } from '../core/shell.js';
import { CONFIG_FIELDS, PROJECT_ROOT, sourcedEnv, type HarnessConfig } from './config.js';

/** Settings taken over from the run's environment as they were (a .env value is read again by the replay). */
const CARRIED = ['PROFILE', 'SPEC', 'ERRATA', 'INSECURE_TLS', 'STRICT_FIELDS', 'TIMEOUT_MS', 'MAX_RPS', 'MAX_RESPONSE_MS', 'RESPONSE_BUDGETS'];

type Env = Readonly<Record<string, string | undefined>>;

export function replayVariables(config: Pick<HarnessConfig, 'baseUrl' | 'reportDir'>, env: Env = process.env, root: string = PROJECT_ROOT): string[] {
  const { values, sources } = sourcedEnv(env, root);
  const vars: string[] = [];
  if (config.baseUrl) vars.push(`BASE_URL=${shellQuote(config.baseUrl)}`);
  for (const name of ['API_USER', 'API_PASSWORD']) if (sources[name] === 'environment') vars.push(`${name}="$${name}"`);
  // Only what differs from the default: PROFILE=standard says nothing.
  const defaults = new Map(CONFIG_FIELDS.map((f) => [f.env, f.default]));
  for (const name of CARRIED) {
    const value = values[name] ?? '';
    if (sources[name] === 'environment' && value !== defaults.get(name)) vars.push(`${name}=${shellQuote(value)}`);
  }
  const dir = path.join(config.reportDir, 'replay');
  const rel = path.relative(root, dir);
  vars.push(`REPORT_DIR=${shellQuote(rel && !rel.startsWith('..') ? rel : dir)}`);
  return vars;
}
