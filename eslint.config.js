// Type-aware lint: the rules that catch a missing `await` in an async HTTP harness stay on. And the
// layers: imports point one way (ARCHITECTURE.md, "Layers"), kept so by the table below; each name
// has one import path, its home (no module re-exports another's names).
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The layers, lowest first. A folder may import its own layer and the layers below it, never one
 * above. The most specific folder decides. test/ and bench/ may import anything; nothing else may
 * import them.
 */
export const LAYERS = [
  ['src/core', 'src/config', 'src/spec'],
  ['src/checks', 'src/arbitraries', 'src/security'],
  ['src/support'],
  ['src/client'],
  ['src/data'],
  ['src/probes', 'src/properties', 'src/preflight', 'reference'],
  ['fixtures'],
  ['suites'],
  ['src/report', 'src/compare', 'src/cli'],
];
/** Folders held tighter than their layer: the reference shop takes only the spec, the shared types and the config. */
const ONLY = { reference: ['src/core', 'src/config', 'src/spec'] };
const UNLAYERED = ['test', 'bench'];
/**
 * Folders outsiders import as a whole, through one file that hands on the names of the folder's
 * own files (a package's face): the only files that may re-export.
 */
export const FACES = ['src/arbitraries/index.ts', 'fixtures/factories/index.ts'];
const MAX_DEPTH = 6;

/** no-restricted-imports for each folder and depth of file in it: the relative paths that reach a folder it may not import. */
function layerRules() {
  const all = LAYERS.flat();
  const layerOf = new Map(LAYERS.flatMap((folders, i) => folders.map((f) => [f, i])));
  const configs = [];
  for (const folder of all) {
    const allowed = ONLY[folder];
    const forbidden = [...all.filter((g) => g !== folder && (allowed ? !allowed.includes(g) : layerOf.get(g) > layerOf.get(folder))), ...UNLAYERED];
    const nested = all.filter((g) => g.startsWith(`${folder}/`));
    for (let depth = 0; depth < MAX_DEPTH; depth++) {
      // A file `depth` folders below `folder` (the folder names do not matter, only how many).
      const dir = path.posix.join(folder, ...Array.from({ length: depth }, (_, i) => `\0${i}`));
      const patterns = forbidden.map((g) => {
        const rel = path.posix.relative(dir, g);
        const spec = rel.startsWith('..') ? rel : `./${rel}`;
        return {
          regex: `^${spec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/|$)`,
          message: `${folder} (layer ${layerOf.get(folder) + 1}) may not import ${g}${layerOf.has(g) ? ` (layer ${layerOf.get(g) + 1})` : ''}: imports point one way (ARCHITECTURE.md, Layers; eslint.config.js LAYERS).`,
        };
      });
      configs.push({
        files: [`${folder}/${'*/'.repeat(depth)}*.ts`],
        ignores: nested.map((g) => `${g}/**`),
        rules: { 'no-restricted-imports': ['error', { patterns }] },
      });
    }
  }
  return configs;
}

export default tseslint.config(
  { ignores: ['scratch/**', 'node_modules/**', 'reports/**', 'test-results/**', 'bench/peers/**', 'playwright-report/**', 'allure-results/**', 'blob-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...layerRules(),
  {
    files: ['src/**/*.ts', 'fixtures/**/*.ts', 'suites/**/*.ts', 'reference/**/*.ts'],
    ignores: FACES,
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportNamedDeclaration[source]', message: 'Import the name from its home instead of re-exporting it: each name has one import path (eslint.config.js FACES lists the only exceptions).' },
        { selector: 'ExportAllDeclaration', message: 'Import the names from their home instead of re-exporting them: each name has one import path (eslint.config.js FACES lists the only exceptions).' },
      ],
    },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  // Plain JavaScript that runs before TypeScript can (src/cli/supported-node.cjs, on any Node) and
  // stubs a process in self-tests (*.mjs): outside the TypeScript project, linted without types.
  {
    files: ['**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-var': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly' } },
  },
);
