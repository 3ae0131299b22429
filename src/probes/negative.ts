// Invalid input, one rule broken at a time: a wrong-typed path id (the digits of a real id plus
// letters, so a server that reads leading digits is caught), an id beyond int64, a missing body,
// a body of the wrong JSON type, one field of the wrong type, malformed JSON, and a JSON body
// labelled text/plain. Writes use the harness's own records: the broken copies start from the
// positive probe's request (env.valid), except a DELETE's, whose record the positive used up; a
// create's copies carry unique values of their own (DataResolver.renewed).
import { UnsupportedError } from '../core/errors.js';
import type { CallOptions } from '../client/pipeline/request.js';
import { requestErrors } from '../spec/request-errors.js';
import { isCreateOperation } from '../spec/operation-kinds.js';
import type { Operation, SpecSchema } from '../spec/types.js';
import type { ValidatorSet } from '../spec/validators.js';
import type { Exchange } from '../core/exchange.js';
import { blocked, type Probe } from './types.js';
// A DELETE that names its file in the body gets the one copy that still names it (the name as a
// list); a read the target has no record for still gets its wrong-typed ids, on ids that need
// name no record.
import { FILES } from '../spec/particulars.js';
import type { ParameterInfo } from '../spec/types.js';
import { isObj } from '../core/json.js';


function scalarType(s: unknown): string | undefined {
  return isObj(s) && typeof s.type === 'string' ? s.type : undefined;
}

/** The valid body with one integer/number/boolean field turned into a string, if it has one. */
export function mistypeOneField(op: Operation, body: unknown, validators: ValidatorSet): { body: unknown; field: string } | undefined {
  const schema: SpecSchema | undefined = op.body?.schema;
  const arrayBody = Array.isArray(body);
  const target = arrayBody ? (body as unknown[])[0] : body;
  const itemSchema = isObj(schema) && schema.type === 'array' ? schema.items : schema;
  if (!isObj(target) || !isObj(itemSchema) || !isObj(itemSchema.properties)) return undefined;
  for (const [k, ps] of Object.entries(itemSchema.properties)) {
    // Ids name records; a mistyped one would be refused by the write guard before it tests anything.
    if (!(k in target) || /(^id|Id|_id)$/.test(k)) continue;
    const t = scalarType(ps);
    if (t !== 'integer' && t !== 'number' && t !== 'boolean') continue;
    const mutated = { ...target, [k]: 'qa-not-a-' + t };
    const out = arrayBody ? [mutated, ...(body as unknown[]).slice(1)] : mutated;
    if (requestErrors(validators, op, out).length) return { body: out, field: k };
  }
  return undefined;
}

/**
 * The valid body with the string that names its file (FILES.nameFields) turned into a list of it: a
 * field of the wrong type that still names only the harness's own file (a DELETE's broken copy).
 */
export function nameAsList(op: Operation, body: unknown, validators: ValidatorSet): { body: unknown; field: string } | undefined {
  if (!isObj(body)) return undefined;
  for (const [k, v] of Object.entries(body)) {
    if (typeof v !== 'string' || !(FILES.nameFields.test(k) || FILES.oldName.test(k))) continue;
    const out = { ...body, [k]: [v] };
    if (requestErrors(validators, op, out).length) return { body: out, field: k };
  }
  return undefined;
}

function wrongTypeBody(op: Operation, validators: ValidatorSet): { raw: string; what: string } | undefined {
  const candidates: [string, string][] = [
    ['"qa-not-an-object"', 'a string'],
    ['12345', 'a number'],
    ['[]', 'an empty array'],
    ['{}', 'an empty object'],
  ];
  for (const [raw, what] of candidates) if (requestErrors(validators, op, JSON.parse(raw)).length) return { raw, what };
  return undefined;
}

const INT64_BEYOND = '99999999999999999999';

/**
 * Query parameters a value can break by the spec alone: one below a numeric minimum (or an
 * integer given as letters) and one outside an enum. At most one of each kind per operation.
 */
export function invalidQueryValues(op: Operation): { name: string; value: string; why: string }[] {
  const out: { name: string; value: string; why: string }[] = [];
  const query = op.parameters.filter((p) => p.in === 'query');
  const numeric = query.find((p) => (p.schema.type === 'integer' || p.schema.type === 'number') && typeof p.schema.minimum === 'number');
  if (numeric && typeof numeric.schema.minimum === 'number') out.push({ name: numeric.name, value: String(numeric.schema.minimum - 1), why: `below its minimum ${numeric.schema.minimum}` });
  const enumerated = query.find((p) => p.schema.type === 'string' && Array.isArray(p.schema.enum) && p.schema.enum.length > 0);
  if (enumerated) out.push({ name: enumerated.name, value: 'qa-not-in-enum', why: `not one of ${JSON.stringify(enumerated.schema.enum)}` });
  return out;
}

/** Whether a path parameter is a number (an id, or a list of ids). */
function numericParam(p: ParameterInfo): boolean {
  const t = p.schema.type === 'array' && isObj(p.schema.items) ? p.schema.items.type : p.schema.type;
  return t === 'integer' || t === 'number';
}

/**
 * The path-id variants: the last numeric id wrong-typed (the digits of the real id plus letters)
 * and beyond int64. On a read with no record to hold (`anyRead`) the first one is broken instead:
 * a shop refuses it before it looks for any record below it.
 */
function pathIdVariants(op: Operation, base: CallOptions, path: Record<string, string>, noRecord: string | undefined): CallOptions[] {
  const numeric = op.parameters.filter((p) => p.in === 'path' && numericParam(p));
  const typed = noRecord === undefined ? numeric[numeric.length - 1] : numeric[0];
  if (!typed) return [];
  const digits = /^\d+/.exec(path[typed.name] ?? '1')?.[0] ?? '1';
  const note = noRecord === undefined ? '' : ` (ids that need name no record: ${noRecord})`;
  const out: CallOptions[] = [{ ...base, path: { ...path, [typed.name]: `${digits}abc` }, label: `wrong-typed path id ${typed.name}=${digits}abc${note}` }];
  const t = typed.schema.type === 'array' && isObj(typed.schema.items) ? typed.schema.items.type : typed.schema.type;
  if (t === 'integer') out.push({ ...base, path: { ...path, [typed.name]: INT64_BEYOND }, label: `out-of-range path id ${typed.name}=${INT64_BEYOND}${note}` });
  return out;
}

export const negativeProbe: Probe = async (op, env) => {
  const forbidden = env.client.profileBlocks(op)?.reason;
  if (forbidden) return blocked('disabled', forbidden);
  const input = op.method === 'delete' ? await env.resolver.requestFor(op, 'write') : await env.valid(op);
  if (!input.ok) {
    // A wrong-typed id needs no record: a read the target has no record for breaks one of ids that
    // name none (GX 4.8 answers 400 to GET /orders/1abc/totals/1 on a shop without orders).
    const any = input.kind === 'skip' ? env.resolver.anyRead(op) : undefined;
    if (any) {
      // Ids that name no record may reach the operation before any test of it has taught the
      // support gate whether the target routes the segments under them (the positive probe's
      // look-ahead comes only when it runs first). A target that ignores such a segment answers
      // for the path above, which is not this operation's answer: decide the route from reads
      // first, so the verdict does not hang on the order the tests ran in.
      await env.client.lookAhead(op);
      const known = env.client.knownUnsupported(op);
      if (known) throw new UnsupportedError(op.id, known.reason, known.exchange);
    }
    const variants = any ? pathIdVariants(op, { ...any, intent: 'negative', noAnswer: 'return' }, any.path, input.reason) : [];
    if (!variants.length) return blocked(input.kind, input.reason);
    const exchanges: Exchange[] = [];
    for (const v of variants) exchanges.push(await env.client.call(op, v));
    return { exchanges };
  }
  const base: CallOptions = { ...input.value, intent: 'negative', noAnswer: 'return' };
  const variants: CallOptions[] = [...pathIdVariants(op, base, input.value.path, undefined)];

  for (const q of invalidQueryValues(op)) {
    variants.push({ ...base, query: { ...input.value.query, [q.name]: q.value }, label: `query parameter ${q.name}=${q.value} ${q.why}` });
  }

  const sendsJson = op.body?.schema !== undefined && ['post', 'put', 'patch'].includes(op.method) && op.body.contentTypes.some((t) => t.includes('json'));
  if (sendsJson) {
    const { body: _omit, ...noBody } = base;
    if (op.body?.required) variants.push({ ...noBody, rawBody: '', contentType: 'application/json', label: 'missing required body' });
    const wrong = wrongTypeBody(op, env.validators);
    if (wrong) variants.push({ ...noBody, rawBody: wrong.raw, contentType: 'application/json', label: `body of the wrong type (${wrong.what})` });
    // A create's valid body was just sent by the positive probe: its copies get fresh unique values
    // (e-mails, names), so the one rule a copy breaks is the only one it meets (a repeated e-mail
    // answered "E-Mail already used" and passed a mistyped isGuest on GX 4.8).
    const copy = isCreateOperation(op) ? env.resolver.renewed(input.value.body) : input.value.body;
    const mistyped = mistypeOneField(op, copy, env.validators);
    if (mistyped) variants.push({ ...base, body: mistyped.body, label: `body field of the wrong type (${mistyped.field} is a string)` });
    variants.push({ ...noBody, rawBody: '{"qa": ', contentType: 'application/json', label: 'malformed JSON body' });
    variants.push({ ...noBody, rawBody: JSON.stringify(copy ?? {}), contentType: 'text/plain', intent: 'wrong-content-type', label: 'JSON body sent as text/plain' });
  }
  // A DELETE whose body names what it deletes (a file of a collection): only broken copies that still
  // name the own target. One naming nothing is never sent: the write guard refuses a collection
  // DELETE that names no own record, since a sloppy server might take it for all of them. (The
  // content-type rule is described for POST, PUT and PATCH only.)
  const deletesByBody = op.method === 'delete' && op.body?.schema !== undefined && input.value.body !== undefined && op.body.contentTypes.some((t) => t.includes('json'));
  if (deletesByBody) {
    const mistyped = mistypeOneField(op, input.value.body, env.validators);
    const listed = mistyped ? undefined : nameAsList(op, input.value.body, env.validators);
    if (mistyped) variants.push({ ...base, body: mistyped.body, label: `body field of the wrong type (${mistyped.field} is a string)` });
    if (listed) variants.push({ ...base, body: listed.body, label: `body field of the wrong type (${listed.field} is a list)` });
  }
  const upload = op.formFields.find((f) => f.required && (f.schema.type === 'file' || f.schema.format === 'binary'));
  if (upload && input.value.multipart) {
    const rest = Object.fromEntries(Object.entries(input.value.multipart).filter(([k]) => k !== upload.name));
    variants.push({ ...base, multipart: rest, label: `upload without its file (${upload.name})` });
  }
  if (!variants.length) return blocked('skip', `${op.id} takes no input that can be invalid (no typed path id, no constrained query parameter, no body)`);
  const exchanges: Exchange[] = [];
  for (const v of variants) exchanges.push(await env.client.call(op, v));
  return { exchanges };
};
