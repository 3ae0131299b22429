// The operation catalogue: what the harness knows about any loaded spec, independent of whether
// it was Swagger 2.0 or OpenAPI 3.x. Everything downstream (checks, suites, arbitraries, the
// reference shop's router, reports) works from these shapes, never from the raw document.

/** A JSON Schema as found in the dereferenced spec (Swagger/OpenAPI dialect, before conversion). */
export type SpecSchema = { [key: string]: unknown };

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

export interface ParameterInfo {
  name: string;
  in: 'path' | 'query' | 'header' | 'formData' | 'cookie';
  required: boolean;
  /** The parameter's value schema (type, format, enum, items, minimum, ...). */
  schema: SpecSchema;
  /** Swagger 2.0 collectionFormat for arrays (csv by default). */
  collectionFormat?: 'csv' | 'ssv' | 'tsv' | 'pipes' | 'multi';
  allowEmptyValue?: boolean;
}

export interface RequestBodyInfo {
  required: boolean;
  /** Media types the operation consumes, e.g. application/json or multipart/form-data. */
  contentTypes: string[];
  /** JSON body schema (undefined for form bodies), dereferenced. */
  schema?: SpecSchema;
  /** JSON pointer of the schema in the raw (bundled, $ref-carrying) document. */
  pointer?: string;
}

export interface ResponseInfo {
  /** "200", "404", "default", "4XX" ... as declared. */
  status: string;
  description?: string;
  /** Undefined when the spec declares no body for this status. Dereferenced. */
  schema?: SpecSchema;
  /** JSON pointer of the schema in the raw (bundled, $ref-carrying) document. */
  pointer?: string;
  contentTypes: string[];
}

export interface Operation {
  /** operationId, or a synthesised `METHOD path` when the spec has none. */
  id: string;
  method: HttpMethod;
  /** Path template relative to the base path, e.g. /customers/{customer_id}. */
  path: string;
  /** First tag, or the first path segment when the operation has no tags. */
  group: string;
  tags: string[];
  summary?: string;
  deprecated: boolean;
  parameters: ParameterInfo[];
  body?: RequestBodyInfo;
  /** Form fields for multipart/urlencoded operations. */
  formFields: ParameterInfo[];
  responses: ResponseInfo[];
  /** Whether the operation requires authentication (security requirement not empty). */
  secured: boolean;
  /** Vendor extensions of the operation (x-idempotent-delete, x-destructive, ...). */
  extensions: Record<string, unknown>;
}

export type FindingKind =
  | 'spec-invalid'
  | 'unknown-keyword'
  | 'oas3-keyword-in-swagger2'
  | 'required-not-in-properties'
  | 'duplicate-operation-id'
  | 'ambiguous-path-template'
  | 'example-invalid'
  | 'invalid-type'
  | 'invalid-format'
  | 'unresolved-ref'
  | 'schema-compile-error'
  | 'errata-applied'
  | 'errata-failed'
  /** A lint rule failed on something unexpected (a harness problem, reported rather than thrown). */
  | 'lint-error';

/** A problem of the spec itself. Reported, never fatal. */
export interface SpecFinding {
  kind: FindingKind;
  /** JSON pointer into the document, e.g. /definitions/ShopReview/required. */
  pointer: string;
  message: string;
  operationId?: string;
}

export interface SpecInfo {
  title: string;
  version: string;
  /** "2.0" or "3.0.3" etc. */
  dialect: 'swagger2' | 'openapi3';
  specVersion: string;
  basePath: string;
  schemes: string[];
  /** sha256 of the file content (before errata). */
  hash: string;
  file: string;
}

export interface Catalogue {
  info: SpecInfo;
  operations: Operation[];
  findings: SpecFinding[];
  /** Named schemas (definitions / components.schemas), dereferenced. */
  schemas: Record<string, SpecSchema>;
  /** Errata patches that were applied, one line each. */
  errataApplied: string[];
  /** The bundled document after errata, with its internal $refs (what validators compile from). */
  raw: Record<string, unknown>;
}
