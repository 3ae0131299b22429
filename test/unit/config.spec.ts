// The one typed configuration: environment > .env > defaults, validation with one clear line, and
// the documentation (README table, .env.example) listing every variable.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { CONFIG_FIELDS, ConfigError, DEFAULT_USER, PROJECT_ROOT, loadConfig, problemLine } from '../../src/config/config.js';

/** A project root of its own: the bundled-spec path, an optional .env. */
function tempRoot(dotenv?: string): string {
  const root = mkdtempSync(path.join(tmpdir(), 'config-'));
  mkdirSync(path.join(root, 'spec'));
  writeFileSync(path.join(root, 'spec/own.yaml'), 'swagger: "2.0"\n');
  if (dotenv !== undefined) writeFileSync(path.join(root, '.env'), dotenv);
  return root;
}

/** The ConfigError message loadConfig throws for `env`, or undefined when it accepts it. */
function configError(env: Record<string, string>, root = tempRoot()): string | undefined {
  try {
    loadConfig({ SPEC: 'spec/own.yaml', ...env }, root);
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
}

test.describe('configuration @config', () => {
  test('should take the environment over .env over the defaults', () => {
    const root = tempRoot('API_USER=from-dotenv@example.test\nPROFILE=readonly\nTIMEOUT_MS=2000\nFC_RUNS=\n');
    const c = loadConfig({ SPEC: 'spec/own.yaml', PROFILE: 'full' }, root);
    expect(c.profile).toBe('full'); // environment beats .env
    expect(c.apiUser).toBe('from-dotenv@example.test'); // .env beats the default
    expect(c.timeoutMs).toBe(2000);
    expect(c.fcRuns).toBe(25); // empty in .env counts as unset: default
    expect(c.spec).toBe(path.join(root, 'spec/own.yaml'));
    expect(c.baseUrl).toBeUndefined();
    const defaults = loadConfig({ SPEC: 'spec/own.yaml' }, tempRoot());
    expect(defaults).toMatchObject({ apiUser: DEFAULT_USER, profile: 'standard', insecureTls: false, strictFields: false, errata: undefined });
  });

  test('should read the response-time budgets and MIN_COVERAGE, environment over .env over the defaults', () => {
    const defaults = loadConfig({ SPEC: 'spec/own.yaml' }, tempRoot());
    expect(defaults.responseBudgets).toEqual({ default: 2000, overrides: {} });
    expect(defaults.minCoverage).toBeUndefined();
    const root = tempRoot('MAX_RESPONSE_MS=3000\nRESPONSE_BUDGETS=orders:4000\nMIN_COVERAGE=50\n');
    expect(loadConfig({ SPEC: 'spec/own.yaml' }, root)).toMatchObject({ responseBudgets: { default: 3000, overrides: { orders: 4000 } }, minCoverage: 50 });
    const c = loadConfig({ SPEC: 'spec/own.yaml', MAX_RESPONSE_MS: '0', RESPONSE_BUDGETS: 'getCountry:1000', MIN_COVERAGE: '62.5%' }, root);
    expect(c).toMatchObject({ responseBudgets: { default: 0, overrides: { getCountry: 1000 } }, minCoverage: 62.5 });
  });

  test('should end a run at the start when RESPONSE_BUDGETS names neither a group nor an operation', () => {
    const r = spawnSync('npm', ['run', '-s', 'conformance', '--', '--reporter', 'dot'], { cwd: PROJECT_ROOT, encoding: 'utf8', env: { ...process.env, RESPONSE_BUDGETS: 'ordrs:4000,getCountry:1000', REPORT_DIR: mkdtempSync(path.join(tmpdir(), 'budgets-')) }, timeout: 120_000 });
    expect(r.status, r.stdout + r.stderr).toBe(2);
    expect(r.stderr).toContain('RESPONSE_BUDGETS names ordrs, neither a group nor an operationId of the spec. Known groups: additional_fields,');
    expect(r.stdout).not.toMatch(/passed|failed/);
  });

  test('should let an empty environment value unset what .env sets', () => {
    // npm test runs the suites with BASE_URL= so a live shop named in .env is never touched.
    const root = tempRoot('BASE_URL=https://live.example.test/shop1/api.php/v2\n');
    expect(loadConfig({ SPEC: 'spec/own.yaml' }, root).baseUrl).toBe('https://live.example.test/shop1/api.php/v2');
    expect(loadConfig({ SPEC: 'spec/own.yaml', BASE_URL: '' }, root).baseUrl).toBeUndefined();
  });

  test('should pick up spec/errata.yaml when present and ERRATA otherwise', () => {
    const root = tempRoot();
    writeFileSync(path.join(root, 'spec/errata.yaml'), 'errata: []\n');
    expect(loadConfig({ SPEC: 'spec/own.yaml' }, root).errata).toBe(path.join(root, 'spec/errata.yaml'));
    writeFileSync(path.join(root, 'mine.yaml'), 'errata: []\n');
    expect(loadConfig({ SPEC: 'spec/own.yaml', ERRATA: 'mine.yaml' }, root).errata).toBe(path.join(root, 'mine.yaml'));
  });

  test('should refuse bad values with one clear line', () => {
    const bad: [Record<string, string>, RegExp][] = [
      [{ BASE_URL: 'not a url' }, /^BASE_URL=not a url is not a URL/],
      [{ BASE_URL: 'ftp://shop.example.test/v2' }, /^BASE_URL=.* must use http or https/],
      [{ BASE_URL: 'https://user:pw@shop.example.test/v2' }, /^BASE_URL must not carry credentials/],
      [{ PROFILE: 'everything' }, /^PROFILE=everything is unknown; use one of readonly, standard, full/],
      [{ SPEC: 'spec/missing.yaml' }, /^SPEC=spec\/missing.yaml: file not found/],
      [{ ERRATA: 'nope.yaml' }, /^ERRATA=nope.yaml: file not found/],
      [{ INSECURE_TLS: 'maybe' }, /^INSECURE_TLS=maybe is not a boolean/],
      [{ FC_RUNS: '0' }, /^FC_RUNS=0 is out of range/],
      [{ MAX_RESPONSE_MS: '2s' }, /^MAX_RESPONSE_MS=2s is not a whole number/],
      [{ MAX_RESPONSE_MS: '-1' }, /^MAX_RESPONSE_MS=-1 is out of range; use 0\.\.600000/],
      [{ RESPONSE_BUDGETS: 'orders=4000' }, /^RESPONSE_BUDGETS item "orders=4000" is not <group or operationId>:<milliseconds>/],
      [{ MIN_COVERAGE: 'most' }, /^MIN_COVERAGE=most is not a percentage/],
      [{ MIN_COVERAGE: '120' }, /^MIN_COVERAGE=120 is not a percentage/],
    ];
    for (const [env, message] of bad) {
      const error = configError(env);
      expect(error, JSON.stringify(env)).toMatch(message);
      expect(error, JSON.stringify(env)).not.toContain('\n');
    }
    // The credentials given in a bad BASE_URL are not repeated in the message.
    expect(configError({ BASE_URL: 'https://user:s3cret@shop.example.test/v2' })).not.toContain('s3cret');
    expect(configError({ BASE_URL: 'https://shop.example.test/shop1/api.php/v2/' })).toBeUndefined();
  });

  test('should name every bad value at once, each with where it came from', () => {
    const root = tempRoot('PROFILE=fast\nTIMEOUT_MS=soon\nAPI_USER=ok@example.test\n');
    let err: unknown;
    try {
      loadConfig({ SPEC: 'spec/own.yaml', FC_RUNS: 'many' }, root);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const lines = (err as ConfigError).problems.map(problemLine);
    expect(lines).toEqual([
      'Configuration error (in .env): PROFILE=fast is unknown; use one of readonly, standard, full.',
      'Configuration error (in .env): TIMEOUT_MS=soon is not a whole number.',
      'Configuration error (in the environment): FC_RUNS=many is not a whole number.',
    ]);
    // The environment wins over .env, so a value the environment sets is judged and named as its.
    const fixed = loadConfig({ SPEC: 'spec/own.yaml', PROFILE: 'readonly', TIMEOUT_MS: '2000' }, root);
    expect(fixed).toMatchObject({ profile: 'readonly', timeoutMs: 2000, apiUser: 'ok@example.test' });
  });

  test('should end npm run spec:lint with one line and no stack trace when SPEC is missing', () => {
    const r = spawnSync('npm', ['run', '-s', 'spec:lint'], { cwd: PROJECT_ROOT, encoding: 'utf8', env: { ...process.env, SPEC: 'spec/missing.yaml' } });
    expect(r.status).not.toBe(0);
    // npm may print its own configuration warnings; everything else is the harness speaking.
    const lines = r.stderr.split('\n').filter((l) => l.trim() && !l.startsWith('npm warn'));
    expect(lines).toEqual([expect.stringMatching(/SPEC=spec\/missing.yaml: file not found/) as unknown]);
    expect(r.stdout.trim()).toBe('');
  });

  test('should list every variable in the README table and in .env.example', () => {
    const readme = readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
    const example = readFileSync(path.join(PROJECT_ROOT, '.env.example'), 'utf8');
    const tableVars = [...readme.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    const exampleVars = [...example.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]);
    for (const { env } of CONFIG_FIELDS) {
      expect(tableVars, `README configuration table lacks ${env}`).toContain(env);
      expect(exampleVars, `.env.example lacks ${env}`).toContain(env);
    }
  });
});
