// Shapes shared by the arbitraries: the options every generator takes, and what an invalid value
// says about itself. Schemas here are the converted (draft-07, request-mode) ones of src/spec.
import type { Arbitrary } from 'fast-check';
import type { ShopFacts } from '../spec/shop-facts.js';
import type { Catalogue } from '../spec/types.js';

/** A converted JSON Schema: an object, or `true`/`false` (request mode turns readOnly fields into `false`). */
export type JsonSchema = boolean | { [key: string]: unknown };

/** The rules an invalid value may break. `readOnly` is ajv's `false schema` of a request-mode schema. */
export const VIOLATION_KINDS = [
  'type', 'required', 'enum', 'format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum',
  'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'uniqueItems', 'additionalProperties', 'readOnly',
] as const;
export type ViolationKind = (typeof VIOLATION_KINDS)[number];

/**
 * Kinds produced unless the caller chooses: every schema rule except `readOnly`, because Swagger
 * 2.0 only says a client SHOULD NOT send read-only fields, and many conforming shops ignore them.
 */
export const DEFAULT_VIOLATION_KINDS: readonly ViolationKind[] = VIOLATION_KINDS.filter((k) => k !== 'readOnly');

export interface Violation {
  /**
   * JSON pointer of where the rule breaks, as ajv reports it ('' = the whole body): the value for
   * value rules, the object for `required` and `additionalProperties`, the field for `readOnly`.
   */
  path: string;
  keyword: ViolationKind;
  /** The field concerned by `required`, `additionalProperties` and `readOnly`. */
  property?: string;
  /** One line for evidence, e.g. `/gender: "M" is not one of ["m","f"]`. */
  description: string;
  /**
   * `schema` when the spec states the rule; `policy` when only the target's convention does (an
   * undeclared field where the schema leaves additionalProperties open).
   */
  source: 'schema' | 'policy';
}

export interface InvalidSample {
  value: unknown;
  violation: Violation;
}

/**
 * Text classes: plain ASCII; non-ASCII letters and signs of the BMP (umlauts, CJK: what latin1 or
 * a naive byte count gets wrong); astral characters (two UTF-16 units, four UTF-8 bytes: what a
 * utf8mb3 column cannot hold); long (300 ASCII letters and digits where the schema sets no
 * maxLength: what a VARCHAR(255) column cuts or refuses).
 */
export type TextClass = 'ascii' | 'non-ascii' | 'astral' | 'long';

/** What an input class pins; anything it leaves out is drawn as usual. */
export interface InputClassPins {
  /** Every free-text string (not a format, a pattern, an e-mail or a value the live shop dictates) is of this class. */
  text?: TextClass;
  /** Every boolean takes this value. */
  booleans?: boolean;
  /** Every enum takes its value at this index (modulo its length). */
  enumIndex?: number;
}

/** Marks a field to leave out of generated bodies (only honoured for optional fields). */
export const OMIT: unique symbol = Symbol('omit');

export interface ArbOptions {
  /**
   * Run id written into every generated e-mail and into the `uniqueFields`, so each record on a
   * live shop can be attributed to the run that made it. Without it, e-mails are random (still on
   * the reserved domain) and nothing is guaranteed unique.
   */
  runId?: string;
  /** Names of string fields (at any depth) whose values carry the run id and a counter. */
  uniqueFields?: readonly string[];
  /**
   * Distinguishes processes that share a run id (Playwright workers), so their counters never
   * produce the same value. Default: the process id in base 36.
   */
  uniqueScope?: string;
  /** Nesting depth after which only required fields and minimal arrays are generated. Default 4. */
  maxDepth?: number;
  /** Which optional fields appear: a random subset (default), all of them, or none. */
  optional?: 'some' | 'all' | 'none';
  /**
   * Pointers (array items as `*`) of optional fields that always appear, whatever the seed: what a
   * real client sends although the schema leaves it optional (src/spec/particulars.ts CLIENT_SENDS).
   */
  present?: readonly string[];
  /** Long strings (256+ code points) where the schema allows them. Default true. */
  longStrings?: boolean;
  /**
   * One input class for every value drawn (src/arbitraries/classes.ts): the fixed examples of a
   * property hold each class whatever the seed. Absent: any class, drawn.
   */
  inputClass?: InputClassPins;
  /**
   * Unique fields carry the run's tag alone, no drawn text before it: for a body made only to
   * stand behind a rule (a setup create), which must fit a real shop's columns whatever the seed
   * (GX 4.8 refuses a city or name over 32 characters: drawn text plus the tag made a setup fail
   * for some seeds). Default false.
   */
  tagOnly?: boolean;
  /**
   * Numbers: `decimal` (default) keeps at most 4 decimals, like prices and weights a shop stores
   * in DECIMAL columns; `double` adds any finite double.
   */
  numbers?: 'decimal' | 'double';
  /** Pointer (array items as `*`, e.g. `/items/*\/productId`) -> the arbitrary to use there, or OMIT. */
  overrides?: Readonly<Record<string, Arbitrary<unknown> | typeof OMIT>>;
  /** Violation kinds invalid generators may produce. Default DEFAULT_VIOLATION_KINDS. */
  violations?: readonly ViolationKind[];
  /**
   * Where an undeclared field counts as a violation although the schema leaves the object open:
   * `none` (default), `top-level` (e.g. the reference shop refuses unknown top-level fields), or
   * `everywhere`. Such violations have source `policy`.
   */
  undeclaredFields?: 'none' | 'top-level' | 'everywhere';
  /** Resolves a `$ref` left in a schema (dereferenced catalogue schemas carry none). */
  resolveRef?: (ref: string) => unknown;
  /**
   * Operation arbitraries only: generate from the `$ref` form the request validators compile
   * (Catalogue.raw at the body's pointer) instead of the dereferenced schema, so both read the
   * spec the same way, e.g. where a `$ref` has siblings (ignored in Swagger 2.0, merged by the
   * dereferencer).
   */
  catalogue?: Catalogue;
  /** Realistic bodies for a live target (see LiveOptions). */
  live?: LiveOptions;
}

/**
 * Bodies for a live shop (src/arbitraries/live.ts): its formats and the reference ids read from it.
 * With it, valid values never carry an `id` (a required one is 0), take reference fields (`...Id`,
 * `...Ids`) only from `references` (left out when optional and unknown; required and unknown is a
 * GenerationError), write dates, currency, language and country codes as the shop does, give
 * multi-language objects the shop's keys and names realistic numbers. Invalid values break no rule
 * at a reference field (no foreign or made-up id is ever sent), only leave one out.
 */
export interface LiveOptions {
  facts: ShopFacts;
  /** Field name -> values read from the target (or ids of the harness's own records). */
  references?: Readonly<Record<string, readonly (number | string)[]>>;
}

/** Thrown when a schema cannot produce what was asked (e.g. infinite required nesting). */
export class GenerationError extends Error {
  override name = 'GenerationError';
}
