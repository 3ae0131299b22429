// The docs name files of the project in backticks and links; a file that moves or goes leaves its
// old name behind in a doc that still reads as true. This fails on every path a doc names that
// does not exist, read from the repository root or the doc's own folder (reference/README.md says
// `engine/points.ts`), and on an `npm run` script package.json does not have. Templates (`<name>`,
// `*`), line suffixes (`url.ts:28`), API paths (they start with `/`), run output (`reports/`) and
// files a user may add are not files to check.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The docs whose paths are checked: the top-level ones, docs/, and each folder's README. */
const DOCS = ['README.md', 'ARCHITECTURE.md', 'reference/README.md', 'spec/ERRATA.md', 'bench/RESULTS.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** Folders whose files are written by a run, not kept in the repository. */
const OUTPUT = ['reports/', 'test-results/', 'node_modules/', 'blob-report/', 'allure-results/', 'bench/peers/work/'];

/** Files a user may add, which the docs name as such (`spec/errata.yaml` is read when present). */
const OPTIONAL = new Set(['spec/errata.yaml']);

/**
 * Files a doc links before they land, each with why: reported on the test, and the test fails once
 * the file is there, so the entry goes with it (like a fault's `awaits`).
 */
const AWAITED: Record<string, string> = {};

const FILE_EXT = /\.(ts|cjs|js|json|jsonl|md|yaml|yml|sh|sql)$/;

/** The path-like words of a doc: what stands in backticks and where a Markdown link points. */
function pathWords(text: string): string[] {
  const words: string[] = [];
  for (const [, span = ''] of text.matchAll(/`([^`\n]+)`/g)) words.push(...span.split(/[\s,;()]+/));
  for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) words.push(target);
  return words;
}

/** The words of a doc that name a file or folder of the project, as written (suffixes cut). */
function namedPaths(doc: string, text: string): string[] {
  const roots = new Set(readdirSync(ROOT));
  const docDir = path.dirname(path.join(ROOT, doc));
  const local = new Set(readdirSync(docDir));
  const out = new Set<string>();
  for (const raw of pathWords(text)) {
    if (/^[a-z]+:/i.test(raw) || raw.startsWith('/') || raw.startsWith('#') || raw.startsWith('~')) continue;
    const word = raw.replace(/#.*$/, '').replace(/:\d+(-\d+)?$/, '').replace(/[.:]+$/, '');
    if (!word || /[<>*{}$…]|\.\.\./.test(word) || word.includes('=')) continue;
    if (OUTPUT.some((o) => word.startsWith(o)) || OPTIONAL.has(word)) continue;
    const first = word.split('/')[0] ?? '';
    const looksLikePath = (word.includes('/') && (roots.has(first) || local.has(first) || first === '..')) || (FILE_EXT.test(word) && (roots.has(word) || local.has(word)));
    if (looksLikePath) out.add(word);
  }
  return [...out];
}

function exists(doc: string, p: string): boolean {
  return existsSync(path.join(ROOT, p)) || existsSync(path.join(path.dirname(path.join(ROOT, doc)), p));
}

test.describe('paths the docs name @unit', () => {
  for (const doc of DOCS) {
    test(`should name only files that exist in ${doc}`, () => {
      const text = readFileSync(path.join(ROOT, doc), 'utf8');
      const named = namedPaths(doc, text);
      for (const p of named.filter((w) => w in AWAITED)) {
        test.info().annotations.push({ type: 'awaited', description: `${p}: ${AWAITED[p]}` });
        expect(exists(doc, p), `${p} is there now: remove it from AWAITED`).toBe(false);
      }
      expect(named.filter((p) => !exists(doc, p) && !(p in AWAITED)), `paths ${doc} names that do not exist`).toEqual([]);
    });
  }

  test('should name only npm scripts that package.json has', () => {
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const named = DOCS.flatMap((doc) => [...readFileSync(path.join(ROOT, doc), 'utf8').matchAll(/npm run ([\w:-]+)/g)].map(([, name = '']) => `${doc}: npm run ${name}`));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((n) => !(n.slice(n.lastIndexOf(' ') + 1) in scripts))).toEqual([]);
  });

  test('should see a path that does not exist', () => {
    const named = namedPaths('README.md', 'See `src/properties/quiet.ts`, [the map](ARCHITECTURE.md) and `GET /customers`.');
    expect(named).toEqual(['src/properties/quiet.ts', 'ARCHITECTURE.md']);
    expect(named.filter((p) => !exists('README.md', p))).toEqual(['src/properties/quiet.ts']);
    // The scan reads the real docs, not nothing: the README names dozens of files.
    expect(namedPaths('README.md', readFileSync(path.join(ROOT, 'README.md'), 'utf8')).length).toBeGreaterThan(20);
  });
});

test.describe("the map's layers @unit", () => {
  test('should draw the layers ARCHITECTURE.md shows as eslint.config.js keeps them', async () => {
    const { LAYERS } = (await import(pathToFileURL(path.join(ROOT, 'eslint.config.js')).href)) as { LAYERS: string[][] };
    const text = readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8');
    const block = /## Layers[\s\S]*?```\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
    // A numbered line opens a layer with its first folder; an indented line adds a folder to it.
    const drawn: string[][] = [];
    let at = -1;
    for (const line of block.split('\n')) {
      const opens = /^\s*(\d+)\s+(\S+)/.exec(line);
      const adds = /^\s{4,}(\S+)/.exec(line);
      const folder = (opens?.[2] ?? adds?.[1] ?? '').replace(/[/,]+$/, '');
      if (!folder || folder === 'test' || folder === 'bench') continue;
      if (opens) at = Number(opens[1]) - 1;
      if (at >= 0) drawn[at] = [...(drawn[at] ?? []), folder];
    }
    expect(drawn.map((l) => [...l].sort())).toEqual(LAYERS.map((l) => [...l].sort()));
  });
});
