// The one typed configuration of the harness. Every field names its environment variable and its
// default; values come from the process environment first, then `.env`, then the default, and are
// validated here so a mistake ends the run with one clear line instead of a stack trace.
// Nothing else in the code base reads process.env for harness settings (playwright.config.ts only
// hands values through to worker processes).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseDotenv } from 'dotenv';
import { BudgetSyntaxError, DEFAULT_MAX_RESPONSE_MS, parseResponseBudgets, type ResponseBudgets } from './budgets.js';
import { DEPTH_PLANS, DEPTHS, type Depth } from './depth.js';
import { SECURITY_GATES, type SecurityGate } from '../core/security.js';


export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BUNDLED_SPEC = path.join(PROJECT_ROOT, 'spec/shop-api-v2.yaml');

export const PROFILES = ['readonly', 'standard', 'full'] as const;
export type Profile = (typeof PROFILES)[number];

export interface HarnessConfig {
  /** Full base URL of the target including the API base path; undefined means the embedded reference shop. */
  baseUrl: string | undefined;
  apiUser: string;
  apiPassword: string;
  /** Absolute path of the spec file (Swagger 2.0 or OpenAPI 3.x, YAML or JSON). */
  spec: string;
  /** Optional errata overlay applied to the spec at load time. */
  errata: string | undefined;
  profile: Profile;
  /** How deep the run looks (src/config/depth.ts): quick, standard or deep. */
  depth: Depth;
  insecureTls: boolean;
  timeoutMs: number;
  maxRps: number;
  fcSeed: number | undefined;
  fcRuns: number;
  fcPath: string | undefined;
  strictFields: boolean;
  onlyGroups: string[];
  skipGroups: string[];
  /** Response-time budgets: MAX_RESPONSE_MS and the RESPONSE_BUDGETS overrides (budgets.ts). */
  responseBudgets: ResponseBudgets;
  /** MIN_COVERAGE: the run fails when its coverage index (percent) is below it; undefined: off. */
  minCoverage: number | undefined;
  /** SECOND_USER / SECOND_PASSWORD: a non-admin user's credentials the security pack tries on one read per resource (both or neither). */
  secondUser: string | undefined;
  secondPassword: string | undefined;
  /** SECURITY_GATE: security findings of this severity or worse, not in the baseline, fail the gate; `off`: never. */
  securityGate: SecurityGate;
  /** Identifies one run in every record name, e-mail and ledger line. */
  runId: string;
  reportDir: string;
}

/** Where a variable's value came from. */
export type ConfigSource = 'environment' | '.env';

export interface ConfigProblem {
  /** The variable at fault. */
  variable: string;
  /** One line saying what is wrong and what to use instead. */
  message: string;
  /** Where its value came from (undefined for a problem of no one value). */
  source?: ConfigSource;
}

/**
 * A configuration that cannot be used: every problem found, each with the variable's source
 * (a .env with two bad values says both, and that they came from .env). `message`
 * is the problems' lines.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly problems: ConfigProblem[];
  constructor(message: string | ConfigProblem[]) {
    super(typeof message === 'string' ? message : message.map((p) => p.message).join('\n'));
    this.problems = typeof message === 'string' ? [{ variable: '', message }] : message;
  }
}

/** A problem as loadConfigOrExit prints it: one line, with where the value came from. */
export function problemLine(p: ConfigProblem): string {
  return `Configuration error${p.source ? ` (${p.source === '.env' ? 'in .env' : 'in the environment'})` : ''}: ${p.message}`;
}

interface FieldDoc {
  env: string;
  default: string;
  meaning: string;
}

/** The documented variables, in the order README and .env.example list them. */
export const CONFIG_FIELDS: readonly FieldDoc[] = [
  { env: 'BASE_URL', default: '(unset: embedded reference shop)', meaning: 'Full base URL of the target, including the API base path, e.g. https://shop.example.test/shop1/api.php/v2' },
  { env: 'API_USER', default: 'admin@example.test', meaning: 'Basic-auth user (the shop admin e-mail)' },
  { env: 'API_PASSWORD', default: 'conformance-Pa55-0815', meaning: 'Basic-auth password' },
  { env: 'SPEC', default: 'spec/shop-api-v2.yaml', meaning: 'Spec to test against (Swagger 2.0 or OpenAPI 3.x, YAML or JSON)' },
  { env: 'ERRATA', default: '(unset)', meaning: 'YAML overlay that patches the spec at load time; spec/errata.yaml is used when present' },
  { env: 'PROFILE', default: 'standard', meaning: 'readonly (GETs and search POSTs only), standard (also own records), full (also destructive operations)' },
  { env: 'DEPTH', default: 'standard', meaning: 'quick (every operation once: contract checks on one valid, one unauthenticated and one invalid request; no resource rules, properties or models), standard, deep (standard with FC_RUNS 100)' },
  { env: 'INSECURE_TLS', default: '0', meaning: 'Accept self-signed TLS certificates (1/true)' },
  { env: 'TIMEOUT_MS', default: '15000', meaning: 'Per-request timeout in milliseconds' },
  { env: 'MAX_RPS', default: '200', meaning: 'Upper bound on requests per second sent by one worker' },
  { env: 'FC_SEED', default: '(drawn and printed)', meaning: 'fast-check seed for property and model runs' },
  { env: 'FC_RUNS', default: '25 (DEPTH=deep: 100)', meaning: 'fast-check runs of a cheap property; each property runs a share of it by cost (README: Properties)' },
  { env: 'FC_PATH', default: '(unset)', meaning: 'fast-check replay path printed with a failure' },
  { env: 'STRICT_FIELDS', default: '0', meaning: 'Report response fields the spec does not declare (1/true)' },
  { env: 'ONLY_GROUPS', default: '(all)', meaning: 'Comma-separated resource groups to run, e.g. customers,orders; a test touching several groups runs when one of them is named' },
  { env: 'SKIP_GROUPS', default: '(none)', meaning: 'Comma-separated resource groups to leave out; wins over ONLY_GROUPS, leaving out every test touching one of them' },
  { env: 'MAX_RESPONSE_MS', default: String(DEFAULT_MAX_RESPONSE_MS), meaning: 'Response-time budget: the responseTime check fails an operation whose p95 is over it; 0 turns it off' },
  { env: 'RESPONSE_BUDGETS', default: '(none)', meaning: 'Budgets of some groups or operations instead, e.g. orders:4000,getCountry:1000 (an operation wins over its group; 0 turns it off)' },
  { env: 'MIN_COVERAGE', default: '(off)', meaning: 'Fail the run when its coverage index is below this percentage (0-100)' },
  { env: 'SECOND_USER', default: '(unset)', meaning: "A non-admin user's Basic-auth user (e.g. a registered customer's e-mail); one read per resource tried with it must be refused (security pack, API2/API5). Unset: the run makes a registree of its own where the profile writes" },
  { env: 'SECOND_PASSWORD', default: '(unset)', meaning: "SECOND_USER's password (both or neither)" },
  { env: 'SECURITY_GATE', default: 'off', meaning: 'off, high, medium or low: security findings of that severity or worse that the baseline does not know fail the run (exit 1); off: they are reported only' },
  { env: 'RUN_ID', default: '(generated)', meaning: 'Run id used in names, e-mails and the ledger' },
  { env: 'REPORT_DIR', default: 'reports', meaning: 'Where reports, the ledger and evidence go' },
];

export const DEFAULT_USER = 'admin@example.test';
export const DEFAULT_PASSWORD = 'conformance-Pa55-0815';

type Env = Readonly<Record<string, string | undefined>>;

function readDotenv(root: string): Record<string, string> {
  const file = path.join(root, '.env');
  if (!existsSync(file)) return {};
  return parseDotenv(readFileSync(file));
}

/**
 * Environment first, then `.env`; an empty value means "unset". A variable set to the empty string
 * in the environment still wins over `.env`: `BASE_URL= npm test` must reach the embedded shop even
 * when `.env` names a live one.
 */
export function mergedEnv(env: Env = process.env, root: string = PROJECT_ROOT): Record<string, string> {
  return sourcedEnv(env, root).values;
}

/** mergedEnv with where each value came from. */
export function sourcedEnv(env: Env = process.env, root: string = PROJECT_ROOT): { values: Record<string, string>; sources: Record<string, ConfigSource> } {
  const values: Record<string, string> = {};
  const sources: Record<string, ConfigSource> = {};
  for (const [k, v] of Object.entries(readDotenv(root))) {
    if (v === '') continue;
    values[k] = v;
    sources[k] = '.env';
  }
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) continue;
    if (v === '') {
      delete values[k];
      delete sources[k];
    } else {
      values[k] = v;
      sources[k] = 'environment';
    }
  }
  return { values, sources };
}

function parseBool(name: string, raw: string | undefined): boolean {
  if (raw === undefined) return false;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(`${name}=${raw} is not a boolean; use 1 or 0.`);
}

function parseInt(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(`${name}=${raw} is not a whole number.`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name}=${raw} is out of range; use ${min}..${max}.`);
  return n;
}

function parsePercent(name: string, raw: string): number {
  const v = raw.trim().replace(/%$/, '');
  if (!/^\d+(\.\d+)?$/.test(v) || Number(v) > 100) throw new ConfigError(`${name}=${raw} is not a percentage; use a number from 0 to 100, e.g. 60.`);
  return Number(v);
}

function parseBaseUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`BASE_URL=${raw} is not a URL; give the full base URL, e.g. https://shop.example.test/shop1/api.php/v2`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`BASE_URL=${raw} must use http or https.`);
  }
  if (url.username || url.password) {
    throw new ConfigError('BASE_URL must not carry credentials; set API_USER and API_PASSWORD instead.');
  }
  if (url.search || url.hash) throw new ConfigError(`BASE_URL=${raw} must not have a query or fragment.`);
  return url.toString().replace(/\/+$/, '');
}

function parseList(raw: string | undefined): string[] {
  return (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

function resolveFile(name: string, raw: string, root: string): string {
  const file = path.resolve(root, raw);
  if (!existsSync(file)) throw new ConfigError(`${name}=${raw}: file not found (${file}).`);
  return file;
}

function newRunId(): string {
  const t = new Date().toISOString().replace(/[-:T]/g, '').slice(2, 12);
  return `r${t}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * Builds and validates the configuration. Every value is checked, and a ConfigError names every
 * problem found, each with its variable's source, so one start shows them all.
 */
export function loadConfig(env: Env = process.env, root: string = PROJECT_ROOT): HarnessConfig {
  const { values: e, sources } = sourcedEnv(env, root);
  const problems: ConfigProblem[] = [];
  /** `parse()`, or `fallback` with the problem noted against `variable`. */
  const take = <T>(variable: string, parse: () => T, fallback: T): T => {
    try {
      return parse();
    } catch (err) {
      if (!(err instanceof ConfigError || err instanceof BudgetSyntaxError)) throw err;
      const source = sources[variable];
      problems.push({ variable, message: err.message, ...(source ? { source } : {}) });
      return fallback;
    }
  };
  /** A variable whose value is one of a few names, any case, `fallback` when unset. */
  const oneOf = <T extends string>(variable: 'PROFILE' | 'DEPTH' | 'SECURITY_GATE', names: readonly T[], fallback: T): T =>
    take<T>(
      variable,
      () => {
        const v = (e[variable] ?? fallback).trim().toLowerCase();
        if (!(names as readonly string[]).includes(v)) throw new ConfigError(`${variable}=${e[variable]} is unknown; use one of ${names.join(', ')}.`);
        return v as T;
      },
      fallback,
    );
  const profile = oneOf<Profile>('PROFILE', PROFILES, 'standard');
  const depth = oneOf<Depth>('DEPTH', DEPTHS, 'standard');
  const fcRunsDefault = DEPTH_PLANS[depth].fcRunsDefault;
  const spec = take('SPEC', () => resolveFile('SPEC', e.SPEC ?? BUNDLED_SPEC, root), BUNDLED_SPEC);
  const defaultErrata = path.join(root, 'spec/errata.yaml');
  const errata = take('ERRATA', () => (e.ERRATA !== undefined ? resolveFile('ERRATA', e.ERRATA, root) : existsSync(defaultErrata) ? defaultErrata : undefined), undefined);
  const runId = take(
    'RUN_ID',
    () => {
      const id = e.RUN_ID ?? newRunId();
      if (!/^[a-z0-9-]{3,32}$/i.test(id)) throw new ConfigError(`RUN_ID=${id} must be 3-32 letters, digits or dashes.`);
      return id;
    },
    newRunId(),
  );
  const fcSeed = take('FC_SEED', () => (e.FC_SEED === undefined ? undefined : parseInt('FC_SEED', e.FC_SEED, 0, -(2 ** 31), 2 ** 31 - 1)), undefined);
  take(
    'FC_PATH',
    () => {
      if (e.FC_SEED === undefined && e.FC_PATH !== undefined) throw new ConfigError('FC_PATH needs FC_SEED: a replay path only makes sense with its seed.');
    },
    undefined,
  );
  const overrides = take('RESPONSE_BUDGETS', () => parseResponseBudgets(e.RESPONSE_BUDGETS), {});
  const config: HarnessConfig = {
    baseUrl: take('BASE_URL', () => parseBaseUrl(e.BASE_URL), undefined),
    apiUser: e.API_USER ?? DEFAULT_USER,
    apiPassword: e.API_PASSWORD ?? DEFAULT_PASSWORD,
    spec,
    errata,
    profile,
    depth,
    insecureTls: take('INSECURE_TLS', () => parseBool('INSECURE_TLS', e.INSECURE_TLS), false),
    timeoutMs: take('TIMEOUT_MS', () => parseInt('TIMEOUT_MS', e.TIMEOUT_MS, 15000, 100, 600000), 15000),
    maxRps: take('MAX_RPS', () => parseInt('MAX_RPS', e.MAX_RPS, 200, 1, 100000), 200),
    fcSeed,
    fcRuns: take('FC_RUNS', () => parseInt('FC_RUNS', e.FC_RUNS, fcRunsDefault, 1, 100000), fcRunsDefault),
    fcPath: e.FC_PATH,
    strictFields: take('STRICT_FIELDS', () => parseBool('STRICT_FIELDS', e.STRICT_FIELDS), false),
    onlyGroups: parseList(e.ONLY_GROUPS),
    skipGroups: parseList(e.SKIP_GROUPS),
    responseBudgets: { default: take('MAX_RESPONSE_MS', () => parseInt('MAX_RESPONSE_MS', e.MAX_RESPONSE_MS, DEFAULT_MAX_RESPONSE_MS, 0, 600000), DEFAULT_MAX_RESPONSE_MS), overrides },
    minCoverage: take('MIN_COVERAGE', () => (e.MIN_COVERAGE === undefined ? undefined : parsePercent('MIN_COVERAGE', e.MIN_COVERAGE)), undefined),
    secondUser: take('SECOND_USER', () => {
      if ((e.SECOND_USER === undefined) !== (e.SECOND_PASSWORD === undefined)) throw new ConfigError('SECOND_USER and SECOND_PASSWORD go together: set both (a non-admin user\'s credentials) or neither.');
      if (e.SECOND_USER !== undefined && e.SECOND_USER === (e.API_USER ?? DEFAULT_USER)) throw new ConfigError('SECOND_USER is the admin (API_USER): give a non-admin user, e.g. a registered customer.');
      return e.SECOND_USER;
    }, undefined),
    secondPassword: e.SECOND_USER !== undefined ? e.SECOND_PASSWORD : undefined,
    securityGate: oneOf<SecurityGate>('SECURITY_GATE', SECURITY_GATES, 'off'),
    runId,
    reportDir: path.resolve(root, e.REPORT_DIR ?? 'reports'),
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/** For CLIs: load the config or print the one-line reason and exit non-zero. */
export function loadConfigOrExit(env: Env = process.env): HarnessConfig {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(err.problems.map((p) => `${problemLine(p)}\n`).join(''));
      process.exit(2);
    }
    throw err;
  }
}
