// Breaking the rules of one value: its type, its enum, its string rules (format, pattern,
// lengths) and its numeric bounds. Each breaker leaves every other rule of the value intact and
// returns nothing when it cannot (a wrong type next to an enum would break the enum too).
import fc from 'fast-check';
import { invalidFormatValues } from './formats.js';
import { intRange } from './numbers.js';
import { declaresType, hasKeywordsFor, num, typesOf, type JsonType, type SchemaObject } from './schema.js';
import { lengthOf, textOfLength } from './strings.js';
import { DEFAULT_VIOLATION_KINDS, type ArbOptions, type ViolationKind } from './types.js';
import { valid, type At } from './valid.js';

/** A violation under construction: its path is relative to the location that builds it. */
export interface Draft {
  value: unknown;
  path: string;
  keyword: ViolationKind;
  property?: string;
  detail: string;
  source: 'schema' | 'policy';
}

export function allows(opts: ArbOptions, kind: ViolationKind): boolean {
  return (opts.violations ?? DEFAULT_VIOLATION_KINDS).includes(kind);
}

/** One place and way to break the schema; the tree of them is flattened so kinds can be balanced. */
export interface Site {
  kind: ViolationKind;
  arb: fc.Arbitrary<Draft>;
  /**
   * Pointer pattern (array items as `*`) of the value or field the rule concerns: the value for
   * value rules, the missing or extra field for `required`, `additionalProperties` and `readOnly`.
   * Set by the walk (invalid.ts) where the site's location is known.
   */
  place?: string;
}

export function site(kind: ViolationKind, arb: fc.Arbitrary<Draft>): Site {
  return { kind, arb };
}

const SAFE = Number.MAX_SAFE_INTEGER;

export function draft(keyword: ViolationKind, value: unknown, detail: string, extra: Partial<Draft> = {}): Draft {
  return { value, path: '', keyword, detail, source: 'schema', ...extra };
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

export function show(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

export function typeSite(s: SchemaObject, types: JsonType[]): Site | undefined {
  const has = (t: JsonType): boolean => types.includes(t);
  const wrong: fc.Arbitrary<unknown>[] = [];
  // Numeric and boolean-looking strings first: type confusion is what lenient parsers let through.
  if (!has('string') && !hasKeywordsFor(s, 'string')) wrong.push(fc.constantFrom('1', 'true', 'qa-wrong-type', ''));
  if (!has('boolean')) wrong.push(fc.boolean());
  if (!has('null')) wrong.push(fc.constant(null));
  if (!has('object') && !hasKeywordsFor(s, 'object')) wrong.push(fc.constant({}));
  if (!has('array') && !hasKeywordsFor(s, 'array')) wrong.push(fc.constant([]));
  if (!has('number')) {
    if (has('integer') && s.multipleOf === undefined) {
      const [lo, hi] = intRange(s);
      const v = lo <= 0 && hi >= 1 ? 0.5 : hi - lo >= 1 && Math.abs(lo) < 2 ** 52 ? lo + 0.5 : undefined;
      if (v !== undefined) wrong.push(fc.constant(v));
    } else if (!has('integer') && !hasKeywordsFor(s, 'number')) {
      wrong.push(fc.integer({ min: -1000, max: 1000 }));
    }
  }
  if (wrong.length === 0) return undefined;
  const got = (v: unknown): string => (show(v) === typeName(v) ? show(v) : `${typeName(v)} ${show(v)}`);
  return site('type', fc.oneof(...wrong).map((v) => draft('type', v, `${got(v)} where the schema allows ${types.join(' or ')}`)));
}

export function enumSite(s: SchemaObject, opts: ArbOptions, at: At): Site | undefined {
  const values = s.enum as unknown[];
  const base: SchemaObject = { ...s };
  delete base.enum;
  let types = typesOf(base);
  if (!declaresType(base)) {
    const kinds = [...new Set(values.map(typeName))];
    if (kinds.length !== 1) return undefined;
    types = kinds as JsonType[];
    base.type = kinds[0];
  }
  const notIn = (v: unknown): boolean => !values.some((e) => JSON.stringify(e) === JSON.stringify(v));
  const detail = (v: unknown): string => `${show(v)} is not one of ${show(values)}`;
  const t = types.find((x) => x !== 'null');
  let arb: fc.Arbitrary<unknown> | undefined;
  if (t === 'boolean') {
    const left = [true, false].filter(notIn);
    if (left.length) arb = fc.constantFrom(...left);
  } else if (t === 'integer' || t === 'number') {
    const [lo, hi] = intRange(base);
    if (hi - lo <= 1000) {
      const left: number[] = [];
      for (let v = lo; v <= hi; v++) if (notIn(v)) left.push(v);
      if (left.length) arb = fc.constantFrom(...left);
    } else {
      arb = valid({ ...base, type: 'integer' }, opts, at).filter(notIn);
    }
  } else if (t === 'string') {
    const min = num(base, 'minLength') ?? 0;
    const max = num(base, 'maxLength') ?? Infinity;
    const fits = (v: string): boolean => notIn(v) && lengthOf(v) >= min && lengthOf(v) <= max;
    // Near misses first: a case change is the classic lenient comparison.
    const near = values.filter((v): v is string => typeof v === 'string').flatMap((v) => [v.toUpperCase(), v.toLowerCase(), `${v}x`]).filter(fits);
    const randomText = base.format === undefined && base.pattern === undefined ? valid({ ...base, type: 'string' }, opts, { ...at, name: undefined }).filter((v) => typeof v === 'string' && fits(v)) : undefined;
    const parts = [...(near.length ? [fc.constantFrom(...near)] : []), ...(randomText ? [randomText] : [])];
    if (parts.length) arb = fc.oneof(...parts);
  }
  return arb ? site('enum', arb.map((v) => draft('enum', v, detail(v)))) : undefined;
}

export function stringSites(s: SchemaObject, opts: ArbOptions): Site[] {
  const sites: Site[] = [];
  const minLength = num(s, 'minLength');
  const maxLength = num(s, 'maxLength');
  const lengthOk = (v: string): boolean => lengthOf(v) >= (minLength ?? 0) && lengthOf(v) <= (maxLength ?? Infinity);
  let re: RegExp | undefined;
  if (typeof s.pattern === 'string') {
    try {
      re = new RegExp(s.pattern, 'u');
    } catch {
      return sites; // a pattern ajv cannot compile either: claim nothing about this string
    }
  }
  const format = typeof s.format === 'string' ? s.format : undefined;
  const allow = (k: ViolationKind): boolean => allows(opts, k);
  if (format && allow('format')) {
    const bad = invalidFormatValues(format).filter((v) => lengthOk(v) && (!re || re.test(v)));
    if (bad.length) sites.push(site('format', fc.constantFrom(...bad).map((v) => draft('format', v, `${show(v)} is not a valid ${format}`))));
  }
  if (re && !format && allow('pattern')) {
    const pattern = re;
    const bad = ['', ' ', '!', '0', 'a', 'Z', 'é', '😀', 'qa pattern mismatch', '-', '+'].filter((v) => lengthOk(v) && !pattern.test(v));
    if (bad.length) sites.push(site('pattern', fc.constantFrom(...bad).map((v) => draft('pattern', v, `${show(v)} does not match ${String(s.pattern)}`))));
  }
  if (!re && !format) {
    if (minLength !== undefined && minLength > 0 && allow('minLength')) {
      sites.push(site('minLength', textOfLength(minLength - 1).map((v) => draft('minLength', v, `${minLength - 1} characters, at least ${minLength} required`))));
    }
    if (maxLength !== undefined && maxLength < 100_000 && allow('maxLength')) {
      const arb = fc.integer({ min: maxLength + 1, max: maxLength + 3 }).chain((n) => textOfLength(n).map((v) => draft('maxLength', v, `${n} characters, at most ${maxLength} allowed`)));
      sites.push(site('maxLength', arb));
    }
  }
  return sites;
}

export function numberSites(s: SchemaObject, types: JsonType[], opts: ArbOptions): Site[] {
  if (s.multipleOf !== undefined) return [];
  const sites: Site[] = [];
  const integral = !types.includes('number');
  const allow = (k: ViolationKind): boolean => allows(opts, k);
  // A bound at the safe-integer edge is the converter's stand-in for int64, not a rule of the API.
  const real = (v: number | undefined): v is number => v !== undefined && Math.abs(v) < SAFE;
  const min = num(s, 'minimum');
  const xmin = num(s, 'exclusiveMinimum');
  const max = num(s, 'maximum');
  const xmax = num(s, 'exclusiveMaximum');
  if (xmin === undefined && real(min) && allow('minimum')) {
    const v = integral ? Math.ceil(min) - 1 : min - 1;
    sites.push(site('minimum', fc.constant(draft('minimum', v, `${v} is below the minimum ${min}`))));
  }
  if (min === undefined && real(xmin) && allow('exclusiveMinimum')) {
    const v = integral ? Math.floor(xmin) : xmin;
    sites.push(site('exclusiveMinimum', fc.constant(draft('exclusiveMinimum', v, `${v} is not above ${xmin}`))));
  }
  if (xmax === undefined && real(max) && allow('maximum')) {
    const v = integral ? Math.floor(max) + 1 : max + 1;
    sites.push(site('maximum', fc.constant(draft('maximum', v, `${v} is above the maximum ${max}`))));
  }
  if (max === undefined && real(xmax) && allow('exclusiveMaximum')) {
    const v = integral ? Math.ceil(xmax) : xmax;
    sites.push(site('exclusiveMaximum', fc.constant(draft('exclusiveMaximum', v, `${v} is not below ${xmax}`))));
  }
  return sites;
}
