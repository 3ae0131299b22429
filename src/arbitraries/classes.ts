// Input classes of a write property, as fixed examples: every run covers the input classes that
// decide each rule, and drawn cases come on top. Left to FC_SEED, which optional fields a drawn
// body holds, which booleans and enum values and which kind of text would differ by seed: a shop
// that reads back an address's b2bStatus false when sent true would fail for some seeds only. Each class
// pins what decides it (ArbOptions.optional, ArbOptions.inputClass) and leaves the rest to the
// generator, drawn with a seed of its own, never FC_SEED: the same bodies in every run, whatever
// the seed. They are drawn through the same arbitraries as the property's cases, so unique fields
// still get the run id and a fresh counter each time they are built.
import fc from 'fast-check';
import { isObj } from '../core/json.js';
import { flatten } from './schema.js';
import { LONG_CLASS_LENGTH } from './strings.js';
import type { ArbOptions } from './types.js';

/** The seed the class examples are drawn with (not FC_SEED: they must not change with it). */
export const CLASS_SEED = 20_260_020;

/** Enums with at most this many values get each value in some example (larger ones: two of them). */
export const SMALL_ENUM = 4;

export interface InputClass {
  /** What the class holds, in words (shown with a counterexample). */
  name: string;
  options: Pick<ArbOptions, 'optional' | 'inputClass'>;
}

/**
 * The classes of a create body: only what is required, and every optional field with each
 * boolean true in one body and false in another, each value of a small enum in one body at least,
 * and ASCII, non-ASCII and astral text. `largestEnum`: the most values a small enum of the body has.
 */
export function fixedClasses(largestEnum = 2): InputClass[] {
  const out: InputClass[] = [
    { name: 'required fields only, plain ASCII text', options: { optional: 'none', inputClass: { text: 'ascii' } } },
    { name: 'every optional field, booleans true, first enum values, non-ASCII text', options: { optional: 'all', inputClass: { text: 'non-ascii', booleans: true, enumIndex: 0 } } },
    { name: 'every optional field, booleans false, second enum values, astral text', options: { optional: 'all', inputClass: { text: 'astral', booleans: false, enumIndex: 1 } } },
  ];
  for (let i = 2; i < Math.min(largestEnum, SMALL_ENUM); i++) {
    out.push({ name: `every optional field, enum values #${i + 1}, plain ASCII text`, options: { optional: 'all', inputClass: { text: 'ascii', booleans: i % 2 === 0, enumIndex: i } } });
  }
  return out;
}

/**
 * Text longer than a VARCHAR(255) column in every field whose schema sets no maxLength. Kept out
 * of the drawn cases (no real client sends a 300-character street, and shops store such fields in
 * VARCHAR columns the spec does not declare): one example per body, judged as an advisory.
 */
export const LONG_CLASS: InputClass = {
  name: `every optional field, text of ${LONG_CLASS_LENGTH} characters where the schema sets no maxLength`,
  options: { optional: 'all', inputClass: { text: 'long' } },
};

/** The number of values of each enum in the schema (properties, items, branches; nesting bounded). */
export function enumSizes(schema: unknown, opts: ArbOptions, depth = 0): number[] {
  if (depth > 8) return [];
  const s = flatten(schema, opts);
  if (!isObj(s)) return [];
  const out: number[] = Array.isArray(s.enum) ? [s.enum.length] : [];
  const subs: unknown[] = [
    ...(isObj(s.properties) ? Object.values(s.properties) : []),
    ...(s.items === undefined ? [] : Array.isArray(s.items) ? (s.items as unknown[]) : [s.items]),
    ...(Array.isArray(s.anyOf) ? (s.anyOf as unknown[]) : []),
    ...(Array.isArray(s.oneOf) ? (s.oneOf as unknown[]) : []),
  ];
  for (const sub of subs) out.push(...enumSizes(sub, opts, depth + 1));
  return out;
}

/** The most values an enum of the schema has among those small enough to cover (2 when none). */
export function largestSmallEnum(schema: unknown, opts: ArbOptions): number {
  return Math.max(2, ...enumSizes(schema, opts).filter((n) => n <= SMALL_ENUM));
}

export interface ClassCase<T> {
  /** The class's name. */
  class: string;
  value: T;
}

/**
 * One value per class, each drawn with CLASS_SEED + its position: the same shape in every run.
 * `arbFor` builds the property's arbitrary with the class's options added.
 */
export function classCases<T>(classes: readonly InputClass[], arbFor: (options: InputClass['options']) => fc.Arbitrary<T>): ClassCase<T>[] {
  return classes.map((c, i) => {
    const [value] = fc.sample(arbFor(c.options), { seed: CLASS_SEED + i, numRuns: 1 });
    if (value === undefined) throw new Error(`no value drawn for the class "${c.name}"`);
    return { class: c.name, value };
  });
}
