// GX 4.8 as installed has no category images: the list is empty until someone uploads one. A
// property that needs a member of the list (the search property) must upload its own first
// (src/data/resolver.ts, ownMember) rather than skip whenever no other test left one there.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { defineQuirk } from './types.js';

export default defineQuirk({
  name: 'no-category-images',
  description: 'The shop starts without category images: GET /category_images answers [] until one is uploaded.',
  seenOn: 'GX 4.8.0.3: a pristine shop lists no category image (without an image of its own, the search property would skip in the runs where no other test had left one)',
  seed: (state, uploadDir) => {
    const images = state.filesOf('category_images');
    for (const name of images.keys()) rmSync(path.join(uploadDir, 'category_images', name), { force: true });
    images.clear();
  },
});
