// `npm run conformance [-- <playwright test args>]`: every suite against BASE_URL or the embedded
// reference shop (playwright.config.ts), with Playwright's own selection flags passed through
// (--grep @customers, --grep-invert, --project ...). The exit code is Playwright's.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PROJECT_ROOT } from '../config/config.js';

const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve('@playwright/test/package.json')), 'cli.js');
const r = spawnSync(process.execPath, [cli, 'test', ...process.argv.slice(2)], { cwd: PROJECT_ROOT, stdio: 'inherit' });
process.exit(r.status ?? 1);
