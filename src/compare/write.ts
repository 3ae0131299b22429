// Writes a comparison (comparison.html, comparison.json) or a matrix (matrix.html, matrix.json)
// into a folder. Every text goes through the redactor on its way to disk: what it holds came from
// redacted artefacts, and a second pass costs nothing next to a leaked password.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Comparison } from './compare.js';
import type { Matrix } from './matrix.js';
import { renderComparison } from './render-comparison.js';
import { renderMatrix } from './render-matrix.js';

export const COMPARISON_FILES = { html: 'comparison.html', json: 'comparison.json' } as const;
export const MATRIX_FILES = { html: 'matrix.html', json: 'matrix.json' } as const;

function write(dir: string, files: Record<string, string>, redact: (s: string) => string): string[] {
  mkdirSync(dir, { recursive: true });
  return Object.entries(files).map(([name, text]) => {
    const file = path.join(dir, name);
    writeFileSync(file, redact(text));
    return file;
  });
}

/** Returns the paths written, the page first. */
export function writeComparison(dir: string, c: Comparison, redact: (s: string) => string): string[] {
  return write(dir, { [COMPARISON_FILES.html]: renderComparison(c), [COMPARISON_FILES.json]: `${JSON.stringify(c, null, 2)}\n` }, redact);
}

export function writeMatrix(dir: string, m: Matrix, redact: (s: string) => string): string[] {
  return write(dir, { [MATRIX_FILES.html]: renderMatrix(m), [MATRIX_FILES.json]: `${JSON.stringify(m, null, 2)}\n` }, redact);
}
