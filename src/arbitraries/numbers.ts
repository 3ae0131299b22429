// Integers and numbers within a schema's bounds. Bounds themselves (and 0 / 1 when allowed) are
// drawn on purpose: off-by-one and int64 edge handling are where shops break.
import fc from 'fast-check';
import { num, type SchemaObject } from './schema.js';
import { GenerationError, type ArbOptions } from './types.js';

const SAFE = Number.MAX_SAFE_INTEGER;
/** Unbounded numbers stay within this magnitude: large enough to matter, small enough for DECIMALs. */
const NUMBER_SPAN = 1e9;

export interface Bounds {
  lo: number;
  hi: number;
  loExcl: boolean;
  hiExcl: boolean;
}

export function boundsOf(s: SchemaObject, fallback: number): Bounds {
  const min = num(s, 'minimum');
  const xmin = num(s, 'exclusiveMinimum');
  const max = num(s, 'maximum');
  const xmax = num(s, 'exclusiveMaximum');
  const lo = xmin !== undefined && (min === undefined || xmin >= min) ? { v: xmin, x: true } : { v: min ?? -fallback, x: false };
  const hi = xmax !== undefined && (max === undefined || xmax <= max) ? { v: xmax, x: true } : { v: max ?? fallback, x: false };
  return { lo: lo.v, hi: hi.v, loExcl: lo.x, hiExcl: hi.x };
}

/** Integer bounds as an inclusive safe range. */
export function intRange(s: SchemaObject): [number, number] {
  const b = boundsOf(s, SAFE);
  const lo = Math.max(-SAFE, b.loExcl ? Math.floor(b.lo) + 1 : Math.ceil(b.lo));
  const hi = Math.min(SAFE, b.hiExcl ? Math.ceil(b.hi) - 1 : Math.floor(b.hi));
  return [lo, hi];
}

export function integerArb(s: SchemaObject, where: string): fc.Arbitrary<number> {
  let [lo, hi] = intRange(s);
  const step = num(s, 'multipleOf');
  let scale = 1;
  if (step !== undefined && step > 0 && Number.isInteger(step)) {
    scale = step;
    lo = Math.ceil(lo / step);
    hi = Math.floor(hi / step);
  }
  if (lo > hi) throw new GenerationError(`${where || '/'}: no integer within the bounds`);
  const edges = [lo, hi, 0, 1, -1].filter((v) => v >= lo && v <= hi);
  return fc
    .oneof({ weight: 6, arbitrary: fc.integer({ min: lo, max: hi }) }, { weight: 1, arbitrary: fc.constantFrom(...edges) })
    .map((k) => k * scale);
}

function decimalArb(b: Bounds, where: string): fc.Arbitrary<number> {
  // For each count of decimals, the range of k such that k / 10^decimals is within the bounds.
  const ranges: { scale: number; kLo: number; kHi: number }[] = [];
  for (let decimals = 0; decimals <= 4; decimals++) {
    const scale = 10 ** decimals;
    let kLo = Math.ceil(b.lo * scale);
    if (b.loExcl && kLo / scale <= b.lo) kLo += 1;
    let kHi = Math.floor(b.hi * scale);
    if (b.hiExcl && kHi / scale >= b.hi) kHi -= 1;
    kLo = Math.max(kLo, -SAFE);
    kHi = Math.min(kHi, SAFE);
    if (kLo <= kHi) ranges.push({ scale, kLo, kHi });
  }
  if (ranges.length === 0) throw new GenerationError(`${where || '/'}: no number with at most 4 decimals within the bounds`);
  return fc.constantFrom(...ranges).chain(({ scale, kLo, kHi }) => fc.integer({ min: kLo, max: kHi }).map((k) => k / scale));
}

export function numberArb(s: SchemaObject, opts: ArbOptions, where: string): fc.Arbitrary<number> {
  const step = num(s, 'multipleOf');
  if (step !== undefined && step > 0) {
    // Multiples are built as k * step: exact for integral steps, ajv's own float division decides otherwise.
    const b = boundsOf(s, NUMBER_SPAN);
    const lo = Math.ceil(b.lo / step) + (b.loExcl && Number.isInteger(b.lo / step) ? 1 : 0);
    const hi = Math.floor(b.hi / step) - (b.hiExcl && Number.isInteger(b.hi / step) ? 1 : 0);
    if (lo > hi) throw new GenerationError(`${where || '/'}: no multiple of ${step} within the bounds`);
    return fc.integer({ min: Math.max(lo, -SAFE), max: Math.min(hi, SAFE) }).map((k) => k * step);
  }
  const b = boundsOf(s, NUMBER_SPAN);
  const edges = [b.loExcl ? undefined : b.lo, b.hiExcl ? undefined : b.hi, 0].filter(
    (v): v is number => v !== undefined && Math.abs(v) <= SAFE && v >= b.lo && v <= b.hi && !(v === b.lo && b.loExcl) && !(v === b.hi && b.hiExcl),
  );
  const parts: fc.WeightedArbitrary<number>[] = [{ weight: 6, arbitrary: decimalArb(b, where) }];
  if (edges.length) parts.push({ weight: 1, arbitrary: fc.constantFrom(...edges) });
  if (opts.numbers === 'double') {
    const d = fc.double({ min: b.lo, max: b.hi, minExcluded: b.loExcl, maxExcluded: b.hiExcl, noNaN: true, noDefaultInfinity: true });
    parts.push({ weight: 3, arbitrary: d });
  }
  // -0 serialises as 0: a round trip would compare 0 with -0.
  return fc.oneof(...parts).map((v) => (Object.is(v, -0) ? 0 : v));
}
