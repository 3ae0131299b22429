// Renders allure-results into ONE html file that opens from disk (Allure 3's `allure` package, no
// Java): the output folder is cleared first (a stale report must not survive), the awesome plugin
// runs in singleFile mode grouped by epic/feature/story, failed tests are grouped by the defect
// they show (categories by the `defect` label of allure-labels.ts, as the compatibility report
// groups them), and the analytics script its template loads is stripped, so the report makes no
// network request and tells nobody it was opened.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

export interface AllureRenderOptions {
  resultsDir: string;
  outputDir: string;
  reportName: string;
}

/** Removes the analytics scripts of the Allure template (the loader and the gtag/dataLayer config). */
export function stripAnalytics(html: string): string {
  let out = html;
  for (const marker of ['googletagmanager.com', 'gtag(', 'dataLayer']) {
    for (let at = out.indexOf(marker); at >= 0; at = out.indexOf(marker)) {
      const start = out.lastIndexOf('<script', at);
      const end = out.indexOf('</script>', at);
      // Only a script element that itself contains the marker goes; anything else is left alone.
      if (start < 0 || end < 0 || out.lastIndexOf('</script>', at) > start) throw new Error(`cannot strip "${marker}": it is not inside a script element`);
      out = out.slice(0, start) + out.slice(end + '</script>'.length);
    }
  }
  return out;
}

/**
 * Failed tests by the defect they show (one group per `defect` label: title and id), whatever
 * status allure-playwright gave them; what fails without one (the harness broke) is grouped apart.
 */
export const DEFECT_CATEGORIES = [
  { id: 'defects-of-the-target', name: 'Defects of the target', matchers: { labels: { defect: '.+' } }, groupBy: [{ label: 'defect' }], expand: true },
  { id: 'harness-errors', name: 'Harness errors and other failures', matchers: { statuses: ['failed', 'broken'] }, groupByMessage: true },
] as const;

export function renderAllure(opts: AllureRenderOptions): string {
  if (!existsSync(opts.resultsDir) || !readdirSync(opts.resultsDir).some((f) => f.endsWith('-result.json'))) {
    throw new Error(`no Allure results in ${opts.resultsDir}: run the suites first (npm run conformance)`);
  }
  rmSync(opts.outputDir, { recursive: true, force: true });
  mkdirSync(opts.outputDir, { recursive: true });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'allurerc-'));
  try {
    const rc = path.join(tmp, 'allurerc.json');
    writeFileSync(rc, JSON.stringify({
      name: opts.reportName,
      output: opts.outputDir,
      plugins: { awesome: { options: { singleFile: true, reportName: opts.reportName, groupBy: ['epic', 'feature', 'story'] } } },
      categories: { rules: DEFECT_CATEGORIES },
    }));
    // The package exports no package.json; its bin (cli.js) sits next to dist/.
    const cli = path.resolve(path.dirname(require.resolve('allure')), '..', 'cli.js');
    const r = spawnSync(process.execPath, [cli, 'generate', '--config', rc, '--cwd', tmp, opts.resultsDir], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`allure generate failed (${r.status ?? r.signal}): ${(r.stderr || r.stdout).trim().split('\n').slice(-5).join('\n')}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const index = path.join(opts.outputDir, 'index.html');
  writeFileSync(index, stripAnalytics(readFileSync(index, 'utf8')));
  return index;
}
