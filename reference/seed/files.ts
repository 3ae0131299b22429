// A few small files in the upload folder, so the file lists have something to show.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FILE_KINDS, type FileKind, type State } from '../engine/state.js';

// A 1x1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const FILES: [FileKind, string][] = [
  ['category_icons', 'garden.png'],
  ['category_images', 'garden-banner.png'],
  ['product_images', 'spade.png'],
  ['product_images', 'rake.png'],
];

export function seedFiles(state: State, uploadDir: string): void {
  for (const kind of FILE_KINDS) {
    rmSync(path.join(uploadDir, kind), { recursive: true, force: true });
    mkdirSync(path.join(uploadDir, kind), { recursive: true });
  }
  for (const [kind, name] of FILES) {
    writeFileSync(path.join(uploadDir, kind, name), PNG);
    state.filesOf(kind).set(name, PNG.length);
  }
}
