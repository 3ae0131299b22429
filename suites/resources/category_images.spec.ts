// Category images: upload, list, rename and delete by the returned name; refused uploads and renames;
// list parameters of the file-name list (suites/resources/support/files.ts).
import { specOperations } from '../../fixtures/spec-ops.js';
import { test } from './support/catalogue.js';
import { fileTests } from './support/files.js';

const spec = await specOperations();

if (spec.inScope('category_images')) test.describe('category images', () => {
  fileTests('category_images', spec);
});
