// The JSON request body of an operation: media type, presence, readOnly stripping, undeclared
// fields and schema validation, all driven by the operation's declared body.
import type { FastifyRequest } from 'fastify';
import type { Operation, SpecSchema } from '../../src/spec/types.js';
import type { ValidationResult } from '../../src/spec/validators.js';
import { badRequest, ShopError } from '../http/errors.js';
import type { ShopEnv } from './context.js';
import { isObj } from '../../src/core/json.js';
import { schemaAt, stripReadOnly, undeclaredFields } from './schema-tools.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

export function mediaType(req: FastifyRequest): string | undefined {
  const ct = req.headers['content-type'];
  return typeof ct === 'string' ? ct.split(';')[0]?.trim().toLowerCase() : undefined;
}

function hasBody(req: FastifyRequest): boolean {
  const len = req.headers['content-length'];
  if (req.headers['transfer-encoding'] !== undefined) return true;
  return typeof len === 'string' && len !== '0';
}

export function isUpload(op: Operation): boolean {
  return op.formFields.length > 0 || (op.body?.contentTypes.includes('multipart/form-data') ?? false);
}

/** 415 for POST/PUT/PATCH that are not JSON (or not multipart, for uploads). */
export function checkMediaType(op: Operation, req: FastifyRequest): void {
  if (!WRITE_METHODS.has(req.method)) return;
  const type = mediaType(req);
  if (isUpload(op)) {
    if (type !== 'multipart/form-data') throw new ShopError('unsupportedMediaType', 'Uploads must be sent as multipart/form-data.');
    return;
  }
  if (type === 'application/json') return;
  // An operation that takes no body may be called without one and without a Content-Type.
  if (type === undefined && !op.body && !hasBody(req)) return;
  throw new ShopError('unsupportedMediaType', `Content-Type must be application/json${type ? `, not ${type}` : ''}.`);
}

function describe(errors: { path: string; message: string }[]): string {
  const shown = errors.slice(0, 3).map((e) => `${e.path} ${e.message}`);
  return shown.join('; ') + (errors.length > 3 ? `; and ${errors.length - 3} more` : '');
}

function checkUndeclared(schema: SpecSchema | undefined, body: unknown): void {
  const records = Array.isArray(body) ? body : [body];
  const items = Array.isArray(body) && schema && isObj(schema.items) ? schema.items : schema;
  for (const [i, rec] of records.entries()) {
    const extra = undeclaredFields(items, rec);
    if (extra.length) {
      const where = Array.isArray(body) ? `record ${i}: ` : '';
      throw badRequest(`${where}unknown field(s) ${extra.map((f) => `"${f}"`).join(', ')}.`);
    }
  }
}

export interface BodyOptions {
  /** PATCH: check types now, required fields after merging with the stored record. */
  partial?: boolean;
}

/**
 * The validated JSON body (readOnly fields removed), or undefined when the operation takes none.
 * Throws 400 for a missing, undeclared-field or schema-invalid body.
 */
export function readJsonBody(env: ShopEnv, op: Operation, req: FastifyRequest): unknown {
  if (!op.body || isUpload(op)) return undefined;
  const body = req.body;
  if (body === undefined || body === null || body === '') {
    if (op.body.required) throw badRequest('A JSON body is required.');
    return undefined;
  }
  const schema = op.body.schema;
  const stripped = stripReadOnly(schema, body);
  // Unknown top-level fields are refused by choice (reference/README.md); the spec leaves objects
  // open, so this is no contract rule and has no fault: a shop that ignores them conforms.
  checkUndeclared(schema, stripped);
  // A PATCH may leave out required fields (the merged record is validated again); types count now.
  validateBody(env, op, stripped, { partial: op.method === 'patch' });
  return stripped;
}

/**
 * A "required" error for a field the spec marks readOnly. The request validator does not see a
 * readOnly written next to a $ref (e.g. ShopProduct.viewedCount) and so still demands the field;
 * the shop ignores readOnly fields, so it does not.
 */
/** One schema error of a request body (path, schema path, message). */
export type BodyError = ValidationResult['errors'][number];

function demandsReadOnly(schema: SpecSchema | undefined, e: BodyError): boolean {
  const m = /required property '([^']+)'/.exec(e.message);
  if (!m?.[1] || !e.schemaPath.endsWith('/required')) return false;
  const at = schemaAt(schema, e.path === '/' ? '' : e.path);
  const prop = at && isObj(at.properties) ? at.properties[m[1]] : undefined;
  return isObj(prop) && prop.readOnly === true;
}

/**
 * Schema validation of a (stripped) body; PATCH calls it again on the merged record. A field may
 * take the declared form or the vendor example's (EXAMPLE_FORMS: an order's vatId as text, an
 * item's attributes as a list): a shop that follows either vendor document conforms.
 */
export function validateBody(env: Pick<ShopEnv, 'spec' | 'points'>, op: Operation, body: unknown, opts: BodyOptions = {}): void {
  const result = env.spec.validators.exampleForms().validateRequest(op, body);
  let errors = result.errors.filter((e) => !demandsReadOnly(op.body?.schema, e));
  if (opts.partial) errors = errors.filter((e) => !e.schemaPath.endsWith('/required'));
  errors = env.points.checks.body(errors, op);
  if (errors.length) throw badRequest(`The request body is invalid: ${describe(errors)}.`);
}
