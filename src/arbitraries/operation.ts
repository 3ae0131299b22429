// Arbitraries per operation: valid and invalid JSON bodies, from the operation's request schema
// converted in request mode (readOnly fields forbidden and not required). Given the catalogue, the
// schema is read in its `$ref` form exactly as src/spec/validators.ts compiles it, so a valid body
// is valid for the validators (and for a reference shop built on them) by construction.
import type fc from 'fast-check';
import { convertSchema, type ConvertOptions } from '../spec/convert.js';
import type { Catalogue, Operation } from '../spec/types.js';
import { resolvePointer } from '../spec/validators.js';
import { invalidSamples, invalidValue } from './invalid.js';
import type { ArbOptions, InvalidSample, JsonSchema } from './types.js';
import { validValue } from './valid.js';

const dereferenced = new WeakMap<object, JsonSchema>();

interface RefForm {
  convert: ConvertOptions;
  bodies: Map<string, JsonSchema>;
  resolveRef: (ref: string) => unknown;
}
const refForms = new WeakMap<Catalogue, RefForm>();

/** True when the operation takes a JSON body (not a form or an upload). */
export function hasJsonBody(op: Operation): boolean {
  return op.body?.schema !== undefined && op.body.contentTypes.some((t) => /json/i.test(t));
}

function refForm(catalogue: Catalogue): RefForm {
  let form = refForms.get(catalogue);
  if (form) return form;
  const named = new Map<string, unknown>();
  const convert: ConvertOptions = {
    mode: 'request',
    resolveRef: (ref) => (ref.startsWith('#') ? resolvePointer(catalogue.raw, ref) : undefined),
  };
  form = {
    convert,
    bodies: new Map(),
    // Named schemas are converted once, on first use; the generators follow $refs through here.
    resolveRef: (ref) => {
      if (!ref.startsWith('#')) return undefined;
      if (!named.has(ref)) named.set(ref, convertSchema(resolvePointer(catalogue.raw, ref), convert));
      return named.get(ref);
    },
  };
  refForms.set(catalogue, form);
  return form;
}

/**
 * The operation's JSON body schema, converted in request mode: the `$ref` form (with the resolver
 * to follow its refs) when a catalogue is given, else the dereferenced schema. Cached.
 */
export function requestSchema(op: Operation, catalogue?: Catalogue): { schema: JsonSchema; resolveRef?: (ref: string) => unknown } {
  const schema = op.body?.schema;
  if (!schema || !hasJsonBody(op)) throw new Error(`${op.id} takes no JSON body`);
  const pointer = op.body?.pointer;
  if (catalogue && pointer !== undefined) {
    const form = refForm(catalogue);
    let hit = form.bodies.get(pointer);
    if (hit === undefined) {
      hit = convertSchema(resolvePointer(catalogue.raw, pointer), form.convert) as JsonSchema;
      form.bodies.set(pointer, hit);
    }
    return { schema: hit, resolveRef: form.resolveRef };
  }
  let hit = dereferenced.get(schema);
  if (hit === undefined) {
    hit = convertSchema(schema, { mode: 'request' }) as JsonSchema;
    dereferenced.set(schema, hit);
  }
  return { schema: hit };
}

function withSchema(op: Operation, opts: ArbOptions): [JsonSchema, ArbOptions] {
  const { schema, resolveRef } = requestSchema(op, opts.catalogue);
  return [schema, resolveRef ? { ...opts, resolveRef } : opts];
}

/** Bodies the operation's request schema accepts. Throws for operations without a JSON body. */
export function validBody(op: Operation, opts: ArbOptions = {}): fc.Arbitrary<unknown> {
  return validValue(...withSchema(op, opts));
}

/**
 * Bodies that break exactly one rule of the operation's request schema, each saying which.
 * Undefined when the schema has no rule that can be broken alone. Throws without a JSON body.
 */
export function invalidBody(op: Operation, opts: ArbOptions = {}): fc.Arbitrary<InvalidSample> | undefined {
  return invalidValue(...withSchema(op, opts));
}

/**
 * One body per breakable rule of the operation's request schema, the same in every run whatever
 * the seed (invalidSamples): the fixed input classes of a negative test; `all`: one per site. Throws
 * without a JSON body.
 */
export function invalidBodySamples(op: Operation, opts: ArbOptions = {}, all = false): InvalidSample[] {
  return invalidSamples(...withSchema(op, opts), all);
}
