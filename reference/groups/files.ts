// Uploaded files: e-mail attachments, category icons and images, product images. One file per
// request (multipart/form-data, with the name to store it under in `filename`; read and checked by
// engine/upload.ts), written to the shop's upload folder. Renames and deletes take JSON bodies;
// deleting a missing file succeeds.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Handler } from '../engine/context.js';
import { resultBody } from '../engine/shape.js';
import type { Json } from '../engine/schema-tools.js';
import type { FileKind } from '../engine/state.js';
import { successStatus } from '../engine/statuses.js';
import { checkName, readUpload } from '../engine/upload.js';
import { badRequest, notFound } from '../http/errors.js';
import type { GroupModule } from './module.js';

function upload(kind: FileKind): Handler {
  return async (ctx) => {
    const { filename, data } = await readUpload(ctx);
    writeFileSync(path.join(ctx.uploadDir, kind, filename), data);
    ctx.state.filesOf(kind).set(filename, data.length);
    const status = successStatus(ctx.op);
    return { status, body: resultBody(ctx.op, status, { action: 'upload', filename, path: `${kind}/${filename}` }), raw: true };
  };
}

function list(kind: FileKind): Handler {
  return (ctx) => ({ body: [...ctx.state.filesOf(kind).keys()].sort() });
}

function rename(kind: FileKind): Handler {
  return (ctx) => {
    const body = ctx.body as Json;
    const from = checkName(body.oldFilename, 'oldFilename');
    const to = checkName(body.newFilename, 'newFilename');
    const files = ctx.state.filesOf(kind);
    const size = files.get(from);
    if (size === undefined) throw notFound(`File ${from} was not found.`);
    if (from !== to && files.has(to)) throw badRequest(`A file named ${to} exists already.`);
    const status = successStatus(ctx.op);
    renameSync(path.join(ctx.uploadDir, kind, from), path.join(ctx.uploadDir, kind, to));
    files.delete(from);
    files.set(to, size);
    return { status, body: resultBody(ctx.op, status, { action: 'rename', oldFilename: from, newFilename: to }), raw: true };
  };
}

function remove(kind: FileKind): Handler {
  return (ctx) => {
    const name = checkName((ctx.body as Json | undefined)?.filename, 'filename');
    rmSync(path.join(ctx.uploadDir, kind, name), { force: true });
    ctx.state.filesOf(kind).delete(name);
    const status = successStatus(ctx.op);
    return { status, body: resultBody(ctx.op, status, { action: 'delete', filename: name }), raw: true };
  };
}

const ACTIONS = { upload, list, rename, remove } as const;

/** Each file operation: what it does, and to which kind of file. */
export const FILE_OPERATIONS: Readonly<Record<string, { action: keyof typeof ACTIONS; kind: FileKind }>> = {
  uploadAttachments: { action: 'upload', kind: 'attachments' },
  getCategoryIcons: { action: 'list', kind: 'category_icons' },
  uploadCategoryIcons: { action: 'upload', kind: 'category_icons' },
  putCategoryIcons: { action: 'rename', kind: 'category_icons' },
  deleteCategoryIcon: { action: 'remove', kind: 'category_icons' },
  getCategoryImages: { action: 'list', kind: 'category_images' },
  uploadCategoryImages: { action: 'upload', kind: 'category_images' },
  renameCategoryImages: { action: 'rename', kind: 'category_images' },
  deleteCategoryImages: { action: 'remove', kind: 'category_images' },
  getProductImage: { action: 'list', kind: 'product_images' },
  uploadProductImage: { action: 'upload', kind: 'product_images' },
  renameImageFile: { action: 'rename', kind: 'product_images' },
  deleteProductImage: { action: 'remove', kind: 'product_images' },
};

export const fileGroup: GroupModule = {
  handlers: Object.fromEntries(Object.entries(FILE_OPERATIONS).map(([id, { action, kind }]) => [id, ACTIONS[action](kind)])),
};
