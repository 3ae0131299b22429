// Sends the "sensible request" for an operation of the spec: seeded ids in the path, a minimal
// valid body (references pointing at seeded records), a tiny PNG for uploads.
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { Uniq } from '../../../src/core/uniq.js';
import { minimalValue, multipartBody } from '../../../src/data/bodies.js';
import type { Operation, SpecSchema } from '../../../src/spec/types.js';
import { fillPath, SEEDED_REFS } from './seeded-ids.js';

export interface Sent {
  op: Operation;
  path: string;
  body: unknown;
  response: APIResponse;
  json: unknown;
}

const uniq = new Uniq(1);

/** Bodies whose schema says too little (no required fields) to be useful. */
const OVERRIDES: Readonly<Record<string, unknown>> = {
  putCategoryIcons: { oldFilename: 'garden.png', newFilename: 'garden-renamed.png' },
  deleteCategoryIcon: { filename: 'garden.png' },
  renameCategoryImages: { oldFilename: 'garden-banner.png', newFilename: 'banner-renamed.png' },
  deleteCategoryImages: { filename: 'garden-banner.png' },
  renameImageFile: { oldFilename: 'rake.png', newFilename: 'rake-renamed.png' },
  deleteProductImage: { filename: 'spade.png' },
  createProductLink: { categoryId: 3 },
  deleteProductLink: { categoryId: 2 },
};

/** Seeded references are numbers; where the schema declares a string id, send the string. */
function toDeclaredTypes(schema: SpecSchema | undefined, value: unknown): unknown {
  if (!schema) return value;
  if (Array.isArray(value)) return value.map((v) => toDeclaredTypes(schema.items as SpecSchema | undefined, v));
  if (typeof value === 'number' && schema.type === 'string') return String(value);
  if (value && typeof value === 'object' && schema.properties && typeof schema.properties === 'object') {
    const props = schema.properties as Record<string, SpecSchema>;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toDeclaredTypes(props[k], v)]));
  }
  return value;
}

export function sensibleBody(op: Operation): unknown {
  if (!op.body?.schema) return undefined;
  if (op.id in OVERRIDES) return structuredClone(OVERRIDES[op.id]);
  if (op.path.endsWith('/search')) return { search: ['id', 'gte', '1'] };
  return toDeclaredTypes(op.body.schema, minimalValue(op.body.schema, { runId: 'smoke', uniq, refs: SEEDED_REFS }));
}

export async function send(api: APIRequestContext, op: Operation, path = fillPath(op.path).slice(1), body = sensibleBody(op)): Promise<Sent> {
  const upload = op.formFields.length > 0;
  const response = await api.fetch(path, {
    method: op.method.toUpperCase(),
    ...(upload ? { multipart: multipartBody(op, { runId: 'smoke', uniq }) } : body !== undefined ? { data: body } : {}),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { op, path, body, response, json };
}

/** Methods in the order a walk over a group uses them: reads first, deletes last. */
export const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Reads, then creates, then updates and deletes from the deepest path up: an order's items are
 * changed and deleted before the order itself is replaced or deleted.
 */
export function walkOrder(ops: readonly Operation[]): Operation[] {
  const phase = (o: Operation) => (o.method === 'get' ? 0 : o.method === 'post' ? 1 : 2);
  const depth = (o: Operation) => o.path.split('/').length;
  return [...ops].sort(
    (a, b) =>
      phase(a) - phase(b) ||
      (phase(a) === 2 ? depth(b) - depth(a) : 0) ||
      a.path.localeCompare(b.path) ||
      METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
}
