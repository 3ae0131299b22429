// A rename of a category icon/image or product image runs as usual (all its checks), then the file
// gets its old name back.
import { renameSync } from 'node:fs';
import path from 'node:path';
import type { Json } from '../../engine/schema-tools.js';
import { FILE_OPERATIONS } from '../../groups/files.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'file-rename-keeps-old-name',
  description: 'Renaming a category icon/image or product image answers success but the file keeps its old name.',
  catches: ['@rule:files'],
  area: 'catalogue',
  operation: (handler, op) => {
    const file = FILE_OPERATIONS[op.id];
    if (file?.action !== 'rename') return handler;
    return async (ctx) => {
      const answer = await handler(ctx);
      const { oldFilename: from, newFilename: to } = ctx.body as Json & { oldFilename: string; newFilename: string };
      const files = ctx.state.filesOf(file.kind);
      const size = files.get(to);
      if (from !== to && size !== undefined) {
        renameSync(path.join(ctx.uploadDir, file.kind, to), path.join(ctx.uploadDir, file.kind, from));
        files.delete(to);
        files.set(from, size);
      }
      return answer;
    };
  },
});
