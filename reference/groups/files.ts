// Uploaded files: e-mail attachments, category icons and images, product images. One file per
// request (multipart/form-data, with the name to store it under in `filename`), written to the
// shop's upload folder. Renames and deletes take JSON bodies; deleting a missing file succeeds.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Handler, OpContext } from '../engine/context.js';
import { resultBody } from '../engine/shape.js';
import type { Json } from '../engine/schema-tools.js';
import type { FileKind } from '../engine/state.js';
import { successStatus } from '../engine/statuses.js';
import { badRequest, notFound, ShopError } from '../http/errors.js';
import type { GroupModule } from './module.js';

const SAFE_NAME = /^(?!\.)[A-Za-z0-9._ -]{1,128}$/;

function checkName(name: unknown, field: string): string {
  if (typeof name !== 'string' || name.trim() === '') throw badRequest(`${field} is required.`);
  if (!SAFE_NAME.test(name) || name.includes('..')) throw badRequest(`${field} must be a plain file name (letters, digits, . _ - and spaces).`);
  return name;
}

interface Upload {
  filename: string;
  data: Buffer;
}

async function readUpload(ctx: OpContext): Promise<Upload> {
  const fileField = ctx.op.formFields.find((f) => f.schema.type === 'file')?.name;
  let data: Buffer | undefined;
  let filename: unknown;
  let ownName: string | undefined;
  let files = 0;
  try {
    for await (const part of ctx.req.parts()) {
      if (part.type === 'file') {
        files++;
        const buf = await part.toBuffer();
        if (part.fieldname === fileField) {
          data = buf;
          ownName = part.filename;
        }
      } else if (part.fieldname === 'filename') {
        filename = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ShopError('payloadTooLarge', 'The file is larger than 5 MB.');
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send one file per request.');
    throw badRequest(`The multipart body could not be read: ${err instanceof Error ? err.message : String(err)}.`);
  }
  if (files > 1) throw badRequest('Send one file per request.');
  if (!data && ctx.faults.has('upload-without-file-accepted')) data = Buffer.alloc(1);
  if (!data) throw badRequest(`The file is missing; send it in the form field "${String(fileField)}".`);
  // An empty file is a failed upload on the client's side, not an image to store.
  if (!data.length && !ctx.faults.has('empty-upload-accepted')) throw badRequest('The file is empty.');
  if (filename === undefined && ctx.faults.has('upload-without-filename-accepted')) filename = ownName;
  return { filename: checkName(filename, 'filename'), data };
}

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
    const answer = { status, body: resultBody(ctx.op, status, { action: 'rename', oldFilename: from, newFilename: to }), raw: true };
    if (ctx.faults.has('file-rename-keeps-old-name')) return answer;
    renameSync(path.join(ctx.uploadDir, kind, from), path.join(ctx.uploadDir, kind, to));
    files.delete(from);
    files.set(to, size);
    return answer;
  };
}

function remove(kind: FileKind): Handler {
  return (ctx) => {
    const name = checkName((ctx.body as Json | undefined)?.filename, 'filename');
    if (ctx.faults.has('file-delete-missing-404') && kind !== 'attachments' && !ctx.state.filesOf(kind).has(name)) throw notFound(`File ${name} was not found.`);
    rmSync(path.join(ctx.uploadDir, kind, name), { force: true });
    ctx.state.filesOf(kind).delete(name);
    const status = successStatus(ctx.op);
    return { status, body: resultBody(ctx.op, status, { action: 'delete', filename: name }), raw: true };
  };
}

export const fileGroup: GroupModule = {
  handlers: {
    uploadAttachments: upload('attachments'),
    getCategoryIcons: list('category_icons'),
    uploadCategoryIcons: upload('category_icons'),
    putCategoryIcons: rename('category_icons'),
    deleteCategoryIcon: remove('category_icons'),
    getCategoryImages: list('category_images'),
    uploadCategoryImages: upload('category_images'),
    renameCategoryImages: rename('category_images'),
    deleteCategoryImages: remove('category_images'),
    getProductImage: list('product_images'),
    uploadProductImage: upload('product_images'),
    renameImageFile: rename('product_images'),
    deleteProductImage: remove('product_images'),
  },
};
