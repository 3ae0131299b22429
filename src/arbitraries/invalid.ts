// Invalid values that break EXACTLY ONE rule of a converted (request-mode) schema and say which.
// Every other part of the value is generated valid, so a target that answers 4xx is answering to
// that rule. Rules are only broken where the outcome is certain: no violation is claimed inside
// anyOf/oneOf/not/if, next to minProperties/maxProperties/dependencies, nor on the safe-integer
// bounds the converter gives int64 (a real int64 field legitimately accepts 2^53).
import fc from 'fast-check';
import { invalidFormatValues } from './formats.js';
import { intRange } from './numbers.js';
import { declaresType, flatten, hasKeywordsFor, isObj, isOpaque, num, seg, typesOf, type JsonType, type SchemaObject } from './schema.js';
import { lengthOf, textOfLength } from './strings.js';
import { DEFAULT_VIOLATION_KINDS, type ArbOptions, type InvalidSample, type ViolationKind } from './types.js';
import { ROOT, maxDepthOf, objectArb, valid, type At } from './valid.js';

/** A violation under construction: its path is relative to the location that builds it. */
interface Draft {
  value: unknown;
  path: string;
  keyword: ViolationKind;
  property?: string;
  detail: string;
  source: 'schema' | 'policy';
}

/** One place and way to break the schema; the tree of them is flattened so kinds can be balanced. */
interface Site {
  kind: ViolationKind;
  arb: fc.Arbitrary<Draft>;
}

function site(kind: ViolationKind, arb: fc.Arbitrary<Draft>): Site {
  return { kind, arb };
}

const SAFE = Number.MAX_SAFE_INTEGER;
const UNDECLARED_FIELD = 'qaUndeclaredField';

function draft(keyword: ViolationKind, value: unknown, detail: string, extra: Partial<Draft> = {}): Draft {
  return { value, path: '', keyword, detail, source: 'schema', ...extra };
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function show(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

function typeSite(s: SchemaObject, types: JsonType[]): Site | undefined {
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
  return site('type', fc.oneof(...wrong).map((v) => draft('type', v, `${typeName(v)} ${show(v)} where the schema allows ${types.join(' or ')}`)));
}

function enumSite(s: SchemaObject, opts: ArbOptions, at: At): Site | undefined {
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

function stringSites(s: SchemaObject, opts: ArbOptions): Site[] {
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
  const allow = (k: ViolationKind): boolean => (opts.violations ?? DEFAULT_VIOLATION_KINDS).includes(k);
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

function numberSites(s: SchemaObject, types: JsonType[], opts: ArbOptions): Site[] {
  if (s.multipleOf !== undefined) return [];
  const sites: Site[] = [];
  const integral = !types.includes('number');
  const allow = (k: ViolationKind): boolean => (opts.violations ?? DEFAULT_VIOLATION_KINDS).includes(k);
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

function nest(name: string, inner: Draft): Draft {
  return { ...inner, path: name + inner.path };
}

function arraySites(s: SchemaObject, opts: ArbOptions, at: At): Site[] {
  const sites: Site[] = [];
  const allow = (k: ViolationKind): boolean => (opts.violations ?? DEFAULT_VIOLATION_KINDS).includes(k);
  const minItems = num(s, 'minItems') ?? 0;
  const maxItems = num(s, 'maxItems');
  const unique = s.uniqueItems === true;
  const child: At = { depth: at.depth + 1, pattern: `${at.pattern}/*` };
  const itemSchema = flatten(s.items ?? true, opts);
  const items = valid(itemSchema, opts, child);
  // Item domains too small to hold n distinct values make unique arrays impossible to build.
  const roomy = (n: number): boolean => {
    if (!unique || n <= 1) return true;
    if (!isObj(itemSchema)) return itemSchema;
    if (Array.isArray(itemSchema.enum)) return itemSchema.enum.length >= n;
    const ts = typesOf(itemSchema);
    return !(ts.length === 1 && (ts[0] === 'boolean' || ts[0] === 'null'));
  };
  const arrayOf = (lo: number, hi: number): fc.Arbitrary<unknown[]> =>
    unique ? fc.uniqueArray(items, { minLength: lo, maxLength: hi, selector: (v) => JSON.stringify(v) }) : fc.array(items, { minLength: lo, maxLength: hi });
  if (minItems > 0 && allow('minItems') && roomy(minItems - 1)) {
    sites.push(site('minItems', arrayOf(minItems - 1, minItems - 1).map((v) => draft('minItems', v, `${v.length} items, at least ${minItems} required`))));
  }
  if (maxItems !== undefined && maxItems <= 50 && allow('maxItems') && roomy(maxItems + 1)) {
    sites.push(site('maxItems', arrayOf(maxItems + 1, maxItems + 1).map((v) => draft('maxItems', v, `${v.length} items, at most ${maxItems} allowed`))));
  }
  if (unique && (maxItems === undefined || maxItems >= 2) && allow('uniqueItems')) {
    const lo = Math.max(1, minItems - 1);
    const hi = Math.min(lo + 2, (maxItems ?? Infinity) - 1);
    if (lo <= hi && roomy(hi)) {
      const arb = fc.tuple(arrayOf(lo, hi), fc.nat()).map(([arr, i]) => {
        const v = [...arr, arr[i % arr.length]];
        return draft('uniqueItems', v, `item ${v.length - 1} repeats item ${i % arr.length}`);
      });
      sites.push(site('uniqueItems', arb));
    }
  }
  if (maxItems !== 0) {
    const n = Math.max(1, minItems);
    if (roomy(n - 1)) {
      const others = arrayOf(n - 1, Math.min(n + 1, (maxItems ?? Infinity) - 1));
      for (const inner of invalid(itemSchema, opts, child)) {
        const arb = fc.tuple(others, inner.arb, fc.nat()).map(([arr, d, i]) => {
          const index = i % (arr.length + 1);
          return { ...nest(`/${index}`, d), value: [...arr.slice(0, index), d.value, ...arr.slice(index)] };
        });
        sites.push(site(inner.kind, arb));
      }
    }
  }
  return sites;
}

function objectSites(s: SchemaObject, opts: ArbOptions, at: At): Site[] {
  const sites: Site[] = [];
  const allow = (k: ViolationKind): boolean => (opts.violations ?? DEFAULT_VIOLATION_KINDS).includes(k);
  const props = isObj(s.properties) ? s.properties : {};
  const required = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : [];
  if (allow('required')) {
    for (const name of required) {
      sites.push(site('required', objectArb(s, opts, at, { absent: [name] }).map((o) => draft('required', o, `required field "${name}" is missing`, { property: name }))));
    }
  }
  const topLevel = at.pattern === '' || at.pattern === '/*';
  const policy = opts.undeclaredFields === 'everywhere' || (opts.undeclaredFields === 'top-level' && topLevel);
  if (allow('additionalProperties') && (s.additionalProperties === false || (policy && s.additionalProperties === undefined))) {
    let name = UNDECLARED_FIELD;
    for (let i = 2; name in props; i++) name = `${UNDECLARED_FIELD}${i}`;
    const source = s.additionalProperties === false ? 'schema' : 'policy';
    const why = source === 'schema' ? 'the schema allows no other fields' : 'the target refuses undeclared fields';
    const arb = objectArb(s, opts, at).map((o) => draft('additionalProperties', { ...o, [name]: 'qa' }, `undeclared field "${name}" (${why})`, { property: name, source }));
    sites.push(site('additionalProperties', arb));
  }
  for (const [name, sub] of Object.entries(props)) {
    if (sub === false) {
      if (!allow('readOnly')) continue;
      const arb = fc.tuple(objectArb(s, opts, at), fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.constant('qa-read-only'))).map(([o, v]) =>
        draft('readOnly', { ...o, [name]: v }, `read-only field sent with ${show(v)}`, { path: seg(name), property: name }),
      );
      sites.push(site('readOnly', arb));
      continue;
    }
    const inners = invalid(sub, opts, { depth: at.depth + 1, pattern: at.pattern + seg(name), name });
    if (inners.length === 0) continue;
    const others = objectArb(s, opts, at, { absent: [name] });
    for (const inner of inners) {
      sites.push(site(inner.kind, fc.tuple(others, inner.arb).map(([o, d]) => ({ ...nest(seg(name), d), value: { ...o, [name]: d.value } }))));
    }
  }
  return sites;
}

/** Every way to break the schema at one location and below (empty when nothing breaks cleanly). */
function invalid(schema: unknown, opts: ArbOptions, at: At): Site[] {
  if (opts.overrides?.[at.pattern] !== undefined) return []; // the caller pins this value
  if (at.depth > maxDepthOf(opts)) return [];
  const s = flatten(schema, opts);
  if (typeof s === 'boolean' || isOpaque(s)) return [];
  const allow = (k: ViolationKind): boolean => (opts.violations ?? DEFAULT_VIOLATION_KINDS).includes(k);
  const types = typesOf(s);
  const sites: Site[] = [];
  if (Array.isArray(s.enum)) {
    // Only enum can be broken cleanly here: a wrong type would break the enum too.
    const e = allow('enum') ? enumSite(s, opts, at) : undefined;
    return e ? [e] : [];
  }
  if (declaresType(s) && types.length && allow('type')) {
    const t = typeSite(s, types);
    if (t) sites.push(t);
  }
  if (types.includes('string')) sites.push(...stringSites(s, opts));
  if (types.includes('integer') || types.includes('number')) sites.push(...numberSites(s, types, opts));
  if (types.includes('array')) sites.push(...arraySites(s, opts, at));
  if (types.includes('object')) sites.push(...objectSites(s, opts, at));
  return sites;
}

/**
 * Values that break exactly one rule of a converted schema, each with the rule it breaks.
 * Undefined when the schema has no rule that can be broken alone (e.g. `{}`).
 */
export function invalidValue(schema: unknown, opts: ArbOptions = {}): fc.Arbitrary<InvalidSample> | undefined {
  const sites = invalid(schema, opts, ROOT);
  if (sites.length === 0) return undefined;
  // Kinds first, then places: a body with forty type rules and one enum still tests the enum often.
  const byKind = new Map<ViolationKind, fc.Arbitrary<Draft>[]>();
  for (const { kind, arb } of sites) byKind.set(kind, [...(byKind.get(kind) ?? []), arb]);
  const perKind = [...byKind.values()].map((arbs) => (arbs.length === 1 && arbs[0] ? arbs[0] : fc.oneof(...arbs)));
  const all = perKind.length === 1 && perKind[0] ? perKind[0] : fc.oneof(...perKind);
  return all.map(({ value, path, keyword, property, detail, source }) => ({
    value,
    violation: { path, keyword, ...(property !== undefined ? { property } : {}), description: `${path || '/'}: ${detail}`, source },
  }));
}

/** The ajv error a violation shows up as: same keyword (readOnly is ajv's `false schema`), same instancePath. */
export function expectedAjvError(v: InvalidSample['violation']): { keyword: string; instancePath: string } {
  return { keyword: v.keyword === 'readOnly' ? 'false schema' : v.keyword, instancePath: v.path };
}
