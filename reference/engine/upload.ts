// An uploaded file (multipart/form-data): one file per request, in the form field the operation
// declares, with the name to store it under in the `filename` field. The parts are read here and
// then checked (the upload check of points.ts), so the check sees what the client sent.
import { badRequest, ShopError } from '../http/errors.js';
import type { OpContext } from './context.js';

const SAFE_NAME = /^(?!\.)[A-Za-z0-9._ -]{1,128}$/;

/** A stored file's name: letters, digits, `. _ -` and spaces, no leading dot, no `..`. */
export function checkName(name: unknown, field: string): string {
  if (typeof name !== 'string' || name.trim() === '') throw badRequest(`${field} is required.`);
  if (!SAFE_NAME.test(name) || name.includes('..')) throw badRequest(`${field} must be a plain file name (letters, digits, . _ - and spaces).`);
  return name;
}

/** What a multipart request carried. */
export interface UploadParts {
  /** File parts in the request (any field). */
  files: number;
  /** The form field the operation takes the file in. */
  fileField: string | undefined;
  /** Bytes of the file in that field, if there was one. */
  data?: Buffer;
  /** The file's own name (Content-Disposition filename) of that part. */
  ownName?: string;
  /** The `filename` field, as sent. */
  filename?: unknown;
}

export interface Upload {
  filename: string;
  data: Buffer;
}

/** The shop's rules for an upload: one file, present and not empty, and a plain name to store it under. */
export function checkUpload(parts: UploadParts): Upload {
  if (parts.files > 1) throw badRequest('Send one file per request.');
  if (!parts.data) throw badRequest(`The file is missing; send it in the form field "${String(parts.fileField)}".`);
  // An empty file is a failed upload on the client's side, not an image to store.
  if (!parts.data.length) throw badRequest('The file is empty.');
  return { filename: checkName(parts.filename, 'filename'), data: parts.data };
}

async function readParts(ctx: OpContext): Promise<UploadParts> {
  const fileField = ctx.op.formFields.find((f) => f.schema.type === 'file')?.name;
  const out: UploadParts = { files: 0, fileField };
  try {
    for await (const part of ctx.req.parts()) {
      if (part.type === 'file') {
        out.files++;
        const buf = await part.toBuffer();
        if (part.fieldname === fileField) {
          out.data = buf;
          out.ownName = part.filename;
        }
      } else if (part.fieldname === 'filename') {
        out.filename = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ShopError('payloadTooLarge', 'The file is larger than 5 MB.');
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send one file per request.');
    throw badRequest(`The multipart body could not be read: ${err instanceof Error ? err.message : String(err)}.`);
  }
  return out;
}

/** The uploaded file of the request, checked. */
export async function readUpload(ctx: OpContext): Promise<Upload> {
  return ctx.points.checks.upload(await readParts(ctx));
}
