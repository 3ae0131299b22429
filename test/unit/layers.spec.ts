// The layers and the one import path of each name are kept by lint (eslint.config.js: LAYERS and
// FACES). This proves lint keeps them: an import that runs back up the layers fails, and so does a
// module that hands on another's names; every folder of the library has a layer, so a new one
// cannot slip past the table; and no file hands on a name it imported (`export { x }` after
// `import { x }`), which the lint rule cannot see.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The layer table and the faces, from the lint config itself (plain JavaScript, so read untyped). */
async function lintTables(): Promise<{ LAYERS: string[][]; FACES: string[] }> {
  return (await import(pathToFileURL(path.join(ROOT, 'eslint.config.js')).href)) as { LAYERS: string[][]; FACES: string[] };
}

/** The problems lint's layer and re-export rules find in `code`, as if it were the file `file`. */
async function lint(file: string, code: string): Promise<string[]> {
  const config = (await new ESLint({ cwd: ROOT }).calculateConfigForFile(path.join(ROOT, file))) as { rules?: Linter.RulesRecord };
  const rules: Linter.RulesRecord = {};
  for (const name of ['no-restricted-imports', 'no-restricted-syntax']) {
    const rule = config.rules?.[name];
    if (rule) rules[name] = rule;
  }
  const linter = new Linter({ configType: 'flat', cwd: ROOT });
  const messages = linter.verify(code, [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules }], path.join(ROOT, file));
  return messages.map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

/** Every .ts file under the folders, relative to the project. */
function tsFiles(...folders: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(path.join(ROOT, dir))) {
      const rel = path.posix.join(dir, name);
      if (statSync(path.join(ROOT, rel)).isDirectory()) walk(rel);
      else if (rel.endsWith('.ts')) out.push(rel);
    }
  };
  for (const f of folders) walk(f);
  return out;
}

test.describe('layers kept by lint @unit', () => {
  test('should fail an import that runs back up the layers', async () => {
    const cases: [string, string][] = [
      ['src/core/probe.ts', "import type { ApiClient } from '../client/api-client.js';"],
      ['src/spec/probe.ts', "import { DataResolver } from '../data/resolver.js';"],
      ['src/checks/probe.ts', "import type { ProbeEnv } from '../probes/types.js';"],
      ['src/checks/rules/probe.ts', "import { listItems } from '../../data/target-reads.js';"],
      ['src/support/probe.ts', "import { Session } from '../client/session.js';"],
      ['src/client/probe.ts', "import { DataResolver } from '../data/resolver.js';"],
      ['src/client/pipeline/probe.ts', "import { shopReferences } from '../../data/references.js';"],
      ['src/data/probe.ts', "import { ProbeCache } from '../probes/index.js';"],
      ['src/probes/probe.ts', "import { test } from '../../fixtures/index.js';"],
      ['reference/probe.ts', "import { ApiClient } from '../src/client/api-client.js';"],
      ['fixtures/probe.ts', "import '../suites/contract/plan.js';"],
      ['src/data/probe.ts', "import { stub } from '../../test/unit/spec-fixtures.js';"],
    ];
    for (const [file, code] of cases) {
      const problems = await lint(file, code);
      expect(problems, `${file}: ${code}`).toEqual([expect.stringMatching(/^no-restricted-imports: .*may not import/)]);
    }
  });

  test('should let an import point down or stay in its layer', async () => {
    const cases: [string, string][] = [
      ['src/data/probe.ts', "import type { ApiClient } from '../client/api-client.js';"],
      ['src/data/probe.ts', "import { notImplementedReason } from '../checks/rules/not-implemented.js';"],
      ['src/probes/probe.ts', "import { DataResolver } from '../data/resolver.js';"],
      ['src/client/probe.ts', "import { listItems } from '../core/answers.js';"],
      ['src/support/probe.ts', "import { notImplementedReason } from '../checks/rules/not-implemented.js';"],
      ['src/core/probe.ts', "import { isObj } from './json.js';"],
      ['fixtures/probe.ts', "import { ProbeCache } from '../src/probes/index.js';"],
    ];
    for (const [file, code] of cases) expect(await lint(file, code), `${file}: ${code}`).toEqual([]);
  });

  test('should fail a module that hands on names of another, outside the faces of a folder', async () => {
    expect(await lint('src/client/probe.ts', "export { UnsupportedError } from '../core/errors.js';")).toEqual([expect.stringMatching(/^no-restricted-syntax: Import the name from its home/)]);
    expect(await lint('suites/probe.ts', "export * from '../fixtures/index.js';")).toEqual([expect.stringMatching(/^no-restricted-syntax: Import the names from their home/)]);
    expect(await lint('src/arbitraries/index.ts', "export { validValue } from './valid.js';")).toEqual([]);
  });

  test('should give every folder of the library a layer', async () => {
    const { LAYERS } = await lintTables();
    const layered = new Set(LAYERS.flat());
    const folders = readdirSync(path.join(ROOT, 'src')).filter((n) => statSync(path.join(ROOT, 'src', n)).isDirectory());
    expect(folders.filter((f) => !layered.has(`src/${f}`))).toEqual([]);
    for (const f of ['fixtures', 'suites', 'reference']) expect(layered.has(f)).toBe(true);
  });

  test('should hand on no imported name from any file outside the faces of a folder', async () => {
    const faces = new Set((await lintTables()).FACES);
    const handedOn: string[] = [];
    for (const file of tsFiles('src', 'fixtures', 'suites', 'reference')) {
      if (faces.has(file)) continue;
      const sf = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
      const imported = new Set<string>();
      for (const s of sf.statements) {
        const bindings = ts.isImportDeclaration(s) ? s.importClause?.namedBindings : undefined;
        if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) imported.add(e.name.text);
        if (ts.isImportDeclaration(s) && s.importClause?.name) imported.add(s.importClause.name.text);
      }
      for (const s of sf.statements) {
        if (!ts.isExportDeclaration(s) || s.moduleSpecifier || !s.exportClause || !ts.isNamedExports(s.exportClause)) continue;
        for (const e of s.exportClause.elements) if (imported.has((e.propertyName ?? e.name).text)) handedOn.push(`${file}: ${e.getText(sf)}`);
      }
    }
    expect(handedOn).toEqual([]);
  });
});
