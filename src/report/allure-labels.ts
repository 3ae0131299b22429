// Allure labels for every test, in one place instead of in every test: a reporter that runs just
// before allure-playwright and hands it, per test, an Allure runtime message (the same attachment
// `allure.label()` would produce inside a test), from the test's verdict record (verdict.json):
//   epic = the resource group of its operation in the catalogue, feature = operationId(s),
//   story = check/rule(s), severity (auth and data safety critical: allure-severity.ts),
//   parameters seed and profile; a failed test also gets a `defect` label per defect its findings
//   show (the same signature and title as the compatibility report's defects), which the Allure
//   report's categories group by (allure-render.ts).
// It also attaches the evidence as readable text next to verdict.json, and at the end writes
// environment.properties (spec and target versions) into allure-results.
// Everything it reads was scrubbed by the redacting reporter first; the evidence text is
// scrubbed again anyway.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import type { VerdictRecord } from '../core/verdict.js';
import { loadConfig, PROJECT_ROOT, type HarnessConfig } from '../config/config.js';
import { Redactor } from '../client/redact.js';
import { catalogueFor } from '../spec/cache.js';
import { severityOf } from './allure-severity.js';
import { runMeta } from './compatibility/meta.js';
import { reportFinding, stripAnsi } from './compatibility/record.js';
import { OTHER_CHECK } from '../core/keys.js';
import { testDefects } from './defects/group.js';
import { formatFindings } from '../checks/evidence.js';
import { isListing } from './listing.js';
import { verdictOfTest } from './verdicts.js';

/** allure-js-commons ALLURE_RUNTIME_MESSAGE_CONTENT_TYPE: how runtime metadata reaches allure-playwright. */
const ALLURE_MESSAGE = 'application/vnd.allure.message+json';
export const LABELS_ATTACHMENT = 'allure-labels';

export interface AllureLabelsOptions {
  /** allure-playwright's resultsDir: cleared at the start (results of earlier runs would mix in). */
  resultsDir: string;
}

interface Label {
  name: string;
  value: string;
}

/** The label of each defect a failed test shows: `<title> [D-xxxxxxxx]`, as in the compatibility report. */
export function defectLabels(verdict: VerdictRecord, message: string | undefined, redactor: Redactor): string[] {
  return testDefects(verdict, message, (f) => reportFinding(f, redactor)).map((d) => `${d.title} [${d.sig.id}]`);
}

export function allureMetadata(test: Pick<TestCase, 'tags'>, verdict: VerdictRecord, config: Pick<HarnessConfig, 'fcSeed' | 'profile'>, defects: readonly string[] = []): { labels: Label[]; parameters: { name: string; value: string; excluded?: boolean }[] } {
  const labels: Label[] = [{ name: 'epic', value: verdict.group }];
  for (const op of verdict.operations.length ? verdict.operations : ['(no operation)']) labels.push({ name: 'feature', value: op });
  for (const c of verdict.checks) if (c !== OTHER_CHECK || verdict.checks.length === 1) labels.push({ name: 'story', value: c });
  labels.push({ name: 'severity', value: severityOf(verdict.checks, test.tags) });
  for (const d of defects) labels.push({ name: 'defect', value: d });
  const seed = verdict.property?.seed;
  return {
    labels,
    parameters: [
      // The seed changes from run to run: excluded from Allure's history id so history stays one line per test.
      { name: 'seed', value: seed !== undefined ? String(seed) : config.fcSeed === undefined ? 'drawn per run' : String(config.fcSeed), excluded: true },
      { name: 'profile', value: config.profile },
    ],
  };
}

function evidenceText(verdict: VerdictRecord, redactor: Redactor): string | undefined {
  const shown = [...verdict.findings, ...verdict.advisories];
  return shown.length ? redactor.text(formatFindings(shown)) : undefined;
}

function propertiesLine(k: string, v: string): string {
  const escape = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/([=:])/g, '\\$1');
  return `${escape(k)}=${escape(v)}`;
}

export default class AllureLabelsReporter implements Reporter {
  private readonly config: HarnessConfig;
  private readonly redactor: Redactor;
  private readonly listing = isListing();

  constructor(private readonly options: AllureLabelsOptions) {
    this.config = loadConfig();
    this.redactor = Redactor.forConfig(this.config);
  }

  printsToStdio(): boolean {
    return false;
  }

  onBegin(): void {
    // `playwright test --list` runs nothing: the last run's results stay (listing.ts).
    if (this.listing) return;
    rmSync(this.options.resultsDir, { recursive: true, force: true });
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.attachments.some((a) => a.name === LABELS_ATTACHMENT)) return;
    const verdict = verdictOfTest(test, result, this.redactor);
    const message = stripAnsi(result.errors[0]?.message ?? result.error?.message ?? '');
    const data = allureMetadata(test, verdict, this.config, defectLabels(verdict, message, this.redactor));
    result.attachments.push({ name: LABELS_ATTACHMENT, contentType: ALLURE_MESSAGE, body: Buffer.from(JSON.stringify({ type: 'metadata', data })) });
    if (!result.attachments.some((a) => a.name === 'evidence.txt')) {
      const text = evidenceText(verdict, this.redactor);
      if (text) result.attachments.push({ name: 'evidence.txt', contentType: 'text/plain', body: Buffer.from(text, 'utf8') });
    }
  }

  async onEnd(_result: FullResult): Promise<void> {
    if (this.listing) return;
    try {
      const catalogue = await catalogueFor(this.config.spec, this.config.errata);
      const meta = runMeta(this.config, catalogue, PROJECT_ROOT);
      const env: [string, string][] = [
        ['spec', `${meta.spec.title} ${meta.spec.version}`],
        ['spec.version', meta.spec.version],
        ['spec.sha256', meta.spec.hash],
        ['target.url', meta.target.url ?? 'unknown'],
        ['target.X-API-Version', meta.target.apiVersion ?? 'not sent'],
        ['target.X-Shop-Version', meta.target.shopVersion ?? 'not sent'],
        ['profile', meta.profile],
        ['seed', meta.seed === null ? 'drawn per run' : String(meta.seed)],
        ['run', meta.runId ?? 'unknown'],
      ];
      mkdirSync(this.options.resultsDir, { recursive: true });
      writeFileSync(path.join(this.options.resultsDir, 'environment.properties'), this.redactor.text(`${env.map(([k, v]) => propertiesLine(k, v)).join('\n')}\n`));
    } catch (err) {
      process.stderr.write(`Allure environment info not written: ${this.redactor.text(err instanceof Error ? err.message : String(err))}\n`);
    }
  }
}
