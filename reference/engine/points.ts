// The shop's extension points: the few places where its behaviour can be wrapped from outside the
// engine, each a function the engine calls (or, at the HTTP edge, a list of hooks it registers).
// SHOP_POINTS holds the faithful shop's own functions. A named fault (reference/faults/) wraps
// some of them, and reference/faults/apply.ts composes the wraps of the faults a shop runs with;
// the engine calls env.points and never asks which faults are on.
//
//   checks     what the shop checks in a request: path and query parameters, the JSON body's
//              schema errors, a body's references to other records, an uploaded file
//   resource   a resource's rules (prepare, unique, afterStore, views, filters, onDelete), before
//              its operations are bound
//   operation  an operation's handler (with its binding, when the generic engine handles it)
//   answer     how an answer is shaped: schema shape, search, sort, page, fields; and how an
//              error is answered
//   http       hooks at the HTTP edge (http/hooks.ts)
import type { Operation, SpecSchema } from '../../src/spec/types.js';
import { errorAnswer, type ErrorAnswerFn } from '../http/error-answer.js';
import type { HttpHooks } from '../http/hooks.js';
import type { BodyError } from './body.js';
import type { Handler } from './context.js';
import { fieldsStage, pageStage, searchStage, sortStage, type FieldsStage, type ListStage, type PageStage } from './listing.js';
import { readParams, type RawParams } from './params.js';
import { checkReference, type ReferenceCheck } from './references.js';
import type { Binding, ResourceDef } from './resource.js';
import { conform } from './schema-tools.js';
import { checkUpload, type Upload, type UploadParts } from './upload.js';

export type ReadParams = (op: Operation, where: 'path' | 'query', raw: RawParams) => Record<string, unknown>;
/** The schema errors of a JSON body that refuse it (400). */
export type BodyErrors = (errors: BodyError[], op: Operation) => BodyError[];
export type UploadCheck = (parts: UploadParts) => Upload;
/** A value fitted to the schema of the answer it goes into (undeclared and write-only fields dropped). */
export type Conform = (schema: SpecSchema | undefined, value: unknown) => unknown;

export interface ShopPoints {
  checks: {
    /** Path or query parameters as the handler gets them, from the raw request (throws 400/4xx). */
    params: ReadParams;
    body: BodyErrors;
    reference: ReferenceCheck;
    upload: UploadCheck;
  };
  resource: (def: ResourceDef) => ResourceDef;
  operation: (handler: Handler, op: Operation, binding: Binding | undefined) => Handler;
  answer: {
    conform: Conform;
    search: ListStage;
    sort: ListStage;
    page: PageStage;
    fields: FieldsStage;
    error: ErrorAnswerFn;
  };
  http: readonly HttpHooks[];
}

export const SHOP_POINTS: ShopPoints = {
  checks: { params: readParams, body: (errors) => errors, reference: checkReference, upload: checkUpload },
  resource: (def) => def,
  operation: (handler) => handler,
  answer: { conform: (schema, value) => conform(schema, value), search: searchStage, sort: sortStage, page: pageStage, fields: fieldsStage, error: errorAnswer },
  http: [],
};
