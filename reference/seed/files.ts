// A few small files in the upload folder, so the file lists have something to show.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FileKind, State } from '../engine/state.js';

// A 1x1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const FILES: [FileKind, string][] = [
  ['category_icons', 'garden.png'],
  ['category_images', 'garden-banner.png'],
  ['product_images', 'spade.png'],
  ['product_images', 'rake.png'],
];

export function seedFiles(state: State, uploadDir: string): void {
  for (const [kind, name] of FILES) {
    writeFileSync(path.join(uploadDir, kind, name), PNG);
    state.filesOf(kind).set(name, PNG.length);
  }
}
