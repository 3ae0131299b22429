// Invalid values that break EXACTLY ONE rule of a converted (request-mode) schema and say which.
// Every other part of the value is generated valid, so a target that answers 4xx is answering to
// that rule. Rules are only broken where the outcome is certain: no violation is claimed inside
// anyOf/oneOf/not/if, next to minProperties/maxProperties/dependencies, nor on the safe-integer
// bounds the converter gives int64 (a real int64 field legitimately accepts 2^53). This file
// walks arrays and objects; violations.ts breaks the rules of single values.
import fc from 'fast-check';
import { CLASS_SEED } from './classes.js';
import { isReferenceField } from '../spec/fields.js';
import { isObj } from '../core/json.js';
import { declaresType, flatten, isOpaque, num, seg, typesOf, type SchemaObject } from './schema.js';
import { GenerationError, type ArbOptions, type InvalidSample, type ViolationKind } from './types.js';
import { ROOT, maxDepthOf, objectArb, valid, type At } from './valid.js';
import { allows, draft, enumSite, numberSites, show, site, stringSites, typeSite, type Draft, type Site } from './violations.js';

const UNDECLARED_FIELD = 'qaUndeclaredField';

function nest(name: string, inner: Draft): Draft {
  return { ...inner, path: name + inner.path };
}

function arraySites(s: SchemaObject, opts: ArbOptions, at: At): Site[] {
  const sites: Site[] = [];
  const allow = (k: ViolationKind): boolean => allows(opts, k);
  const minItems = num(s, 'minItems') ?? 0;
  const maxItems = num(s, 'maxItems');
  const unique = s.uniqueItems === true;
  const child: At = { depth: at.depth + 1, pattern: `${at.pattern}/*` };
  const itemSchema = flatten(s.items ?? true, opts);
  let items: fc.Arbitrary<unknown>;
  try {
    items = valid(itemSchema, opts, child);
  } catch (err) {
    // Live shop: items that would need a reference nobody read are never sent, so nothing breaks in them.
    if (opts.live && err instanceof GenerationError) return sites;
    throw err;
  }
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
        sites.push({ ...inner, arb });
      }
    }
  }
  return sites;
}

function objectSites(s: SchemaObject, opts: ArbOptions, at: At): Site[] {
  const sites: Site[] = [];
  const allow = (k: ViolationKind): boolean => allows(opts, k);
  const props = isObj(s.properties) ? s.properties : {};
  const required = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : [];
  if (allow('required')) {
    for (const name of required) {
      const arb = objectArb(s, opts, at, { absent: [name] }).map((o) => draft('required', o, `required field "${name}" is missing`, { property: name }));
      sites.push({ ...site('required', arb), place: at.pattern + seg(name) });
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
    sites.push({ ...site('additionalProperties', arb), place: at.pattern + seg(name) });
  }
  for (const [name, sub] of Object.entries(props)) {
    if (sub === false) {
      if (!allow('readOnly') || (opts.live && isReferenceField(name))) continue;
      const arb = fc.tuple(objectArb(s, opts, at), fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.constant('qa-read-only'))).map(([o, v]) =>
        draft('readOnly', { ...o, [name]: v }, `read-only field sent with ${show(v)}`, { path: seg(name), property: name }),
      );
      sites.push({ ...site('readOnly', arb), place: at.pattern + seg(name) });
      continue;
    }
    const inners = invalid(sub, opts, { depth: at.depth + 1, pattern: at.pattern + seg(name), name });
    if (inners.length === 0) continue;
    const others = objectArb(s, opts, at, { absent: [name] });
    for (const inner of inners) {
      sites.push({ ...inner, arb: fc.tuple(others, inner.arb).map(([o, d]) => ({ ...nest(seg(name), d), value: { ...o, [name]: d.value } })) });
    }
  }
  return sites;
}

/** Every way to break the schema at one location and below (empty when nothing breaks cleanly). */
function invalid(schema: unknown, opts: ArbOptions, at: At): Site[] {
  if (opts.overrides?.[at.pattern] !== undefined) return []; // the caller pins this value
  // On a live shop a reference holds what was read from it or nothing: never a broken (foreign) id.
  if (opts.live && at.name !== undefined && isReferenceField(at.name)) return [];
  if (at.depth > maxDepthOf(opts)) return [];
  const s = flatten(schema, opts);
  if (typeof s === 'boolean' || isOpaque(s)) return [];
  const allow = (k: ViolationKind): boolean => allows(opts, k);
  const types = typesOf(s);
  const here = (x: Site): Site => ({ ...x, place: at.pattern });
  if (Array.isArray(s.enum)) {
    // Only enum can be broken cleanly here: a wrong type would break the enum too.
    const e = allow('enum') ? enumSite(s, opts, at) : undefined;
    return e ? [here(e)] : [];
  }
  const sites: Site[] = [];
  if (declaresType(s) && types.length && allow('type')) {
    const t = typeSite(s, types);
    if (t) sites.push(here(t));
  }
  if (types.includes('string')) sites.push(...stringSites(s, opts).map(here));
  if (types.includes('integer') || types.includes('number')) sites.push(...numberSites(s, types, opts).map(here));
  if (types.includes('array')) sites.push(...arraySites(s, opts, at).map((x) => (x.place === undefined ? here(x) : x)));
  if (types.includes('object')) sites.push(...objectSites(s, opts, at));
  return sites;
}

function sampleOf({ value, path, keyword, property, detail, source }: Draft): InvalidSample {
  return { value, violation: { path, keyword, ...(property !== undefined ? { property } : {}), description: `${path || '/'}: ${detail}`, source } };
}

/** One rule of a schema broken at one place (a required field missing, a field of a wrong type, ...). */
export interface InvalidSite {
  kind: ViolationKind;
  /** Pointer pattern (array items as `*`) of the value or field the rule concerns ('' = the whole value). */
  place: string;
  /** The values that break this rule here and nothing else. */
  arb: fc.Arbitrary<InvalidSample>;
}

/**
 * Every place and way to break exactly one rule of a converted schema, in the walk's order: the
 * input classes of a negative test. Empty when nothing breaks cleanly (e.g. `{}`).
 */
export function invalidSites(schema: unknown, opts: ArbOptions = {}): InvalidSite[] {
  return invalid(schema, opts, ROOT).map(({ kind, place, arb }) => ({ kind, place: place ?? '', arb: arb.map(sampleOf) }));
}

/**
 * The class a site stands for: its kind and the first-level field of the body it concerns (after
 * the items of a bulk body), either that field itself or something below it. `type@/*` `/name`
 * is a record whose name is no object; `required@/*` `/name` `/…` is one of its languages missing.
 */
export function classOf(site: Pick<InvalidSite, 'kind' | 'place'>): string {
  const segments = site.place.split('/').slice(1);
  const first = segments.findIndex((x) => x !== '*');
  const head = first < 0 ? segments : segments.slice(0, first + 1);
  return `${site.kind}@/${head.join('/')}${first >= 0 && first < segments.length - 1 ? '/…' : ''}`;
}

/**
 * One site per class (classOf): every rule kind at every first-level field, and each kind once
 * below a first-level field. A body's nested objects multiply its sites (a category's 9 language
 * objects times the shop's languages, its 20 settings; a customer's new address), and every fixed
 * class costs a request against a live shop: the five collections of the negative-data
 * property have 195 sites on the bundled spec, 119 classes. Below a field the site is picked in
 * turn (the n-th class of a kind with several sites takes its (n mod size)-th site), so a category's
 * language objects are broken in one language each, alternating, not all in the first one; the
 * places left out stay reachable by the drawn cases. The classes come kinds in turn.
 */
export function invalidClasses<S extends Pick<InvalidSite, 'kind' | 'place'>>(sites: readonly S[]): S[] {
  const groups = new Map<string, S[]>();
  for (const x of sites) {
    const key = classOf(x);
    groups.set(key, [...(groups.get(key) ?? []), x]);
  }
  const turn = new Map<ViolationKind, number>();
  const byKind = new Map<ViolationKind, S[]>();
  for (const members of groups.values()) {
    const first = members[0];
    if (!first) continue;
    let one = first;
    if (members.length > 1) {
      const n = turn.get(first.kind) ?? 0;
      turn.set(first.kind, n + 1);
      one = members[n % members.length] ?? first;
    }
    byKind.set(one.kind, [...(byKind.get(one.kind) ?? []), one]);
  }
  // Kinds in turn (a type class, a required class, an enum class, a type class, ...): a caller that
  // stops after a few failures (a shop that enforces little) has still tried every kind.
  const picked: S[] = [];
  const queues = [...byKind.values()];
  for (let i = 0; picked.length < groups.size; i++) {
    for (const q of queues) {
      const x = q[i];
      if (x) picked.push(x);
    }
  }
  return picked;
}


/**
 * One value per fixed class of the schema (invalidClasses of invalidSites), drawn with CLASS_SEED
 * (classes.ts), whatever FC_SEED says: every run sends the same body per class (apart from the run
 * id and the counters of unique fields), so which rules a target enforces is decided the same way
 * in every run. In the walk's order. `all` gives one per site instead.
 */
export function invalidSamples(schema: unknown, opts: ArbOptions = {}, all = false): InvalidSample[] {
  const sites = invalidSites(schema, opts);
  return (all ? sites : invalidClasses(sites)).flatMap((x) => fc.sample(x.arb, { seed: CLASS_SEED, numRuns: 1 }));
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
  return all.map(sampleOf);
}

/** The ajv error a violation shows up as: same keyword (readOnly is ajv's `false schema`), same instancePath. */
export function expectedAjvError(v: InvalidSample['violation']): { keyword: string; instancePath: string } {
  return { keyword: v.keyword === 'readOnly' ? 'false schema' : v.keyword, instancePath: v.path };
}
