// Deleting a category icon/image or product image that does not exist answers 404 (after the name is checked).
import { checkName } from '../../engine/upload.js';
import type { Json } from '../../engine/schema-tools.js';
import { FILE_OPERATIONS } from '../../groups/files.js';
import { notFound } from '../../http/errors.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'file-delete-missing-404',
  description: 'Deleting a file that does not exist (category icons/images, product images) answers 404 instead of success.',
  catches: ['@rule:idempotent-delete'],
  area: 'catalogue',
  operation: (handler, op) => {
    const file = FILE_OPERATIONS[op.id];
    if (file?.action !== 'remove' || file.kind === 'attachments') return handler;
    return (ctx) => {
      const name = checkName((ctx.body as Json | undefined)?.filename, 'filename');
      if (!ctx.state.filesOf(file.kind).has(name)) throw notFound(`File ${name} was not found.`);
      return handler(ctx);
    };
  },
});
