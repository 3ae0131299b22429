// Text for generated bodies: printable ASCII most of the time, any printable code point often, and
// astral characters (outside the BMP, two UTF-16 units) on purpose, since those are what breaks
// utf8mb3 columns and naive length checks. Each unit is ONE code point, so fast-check's length is
// the length ajv checks minLength/maxLength against.
import fc from 'fast-check';
import { GenerationError, type ArbOptions, type TextClass } from './types.js';

const ASTRAL = ['😀', '🦄', '𝄞', '𠀋', '𐍈', '🇩', '𝒜', '🀄'];

export const codePoint: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(...ASTRAL) },
);

/** Code points in a string, as ajv counts them. */
export function lengthOf(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export const LONG_MIN = 256;
export const LONG_MAX = 1024;
const SHORT_MAX = 24;
/** The long class: past the 255 of a VARCHAR(255) column, far below what any text column holds. */
export const LONG_CLASS_LENGTH = 300;
/**
 * Drawn text with the run's tag, for a live shop, stays within this many code points: a name or a
 * city a real client sends fits 32 (GX keeps them in VARCHAR(32) columns and answers 400 to more).
 * The tag alone takes about 26, so drawn text before it plus the tag made a customer's city too
 * long for some seeds only.
 */
export const REAL_TEXT_MAX = 32;

const asciiUnit = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 });
/** One non-ASCII code point of the BMP (fast-check's composite graphemes also hold ASCII and astral ones). */
const nonAsciiUnit = fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 1 }).filter((c) => {
  const cp = c.codePointAt(0) ?? 0;
  return lengthOf(c) === 1 && cp > 0x7f && cp <= 0xffff;
});
const astralUnit = fc.constantFrom(...ASTRAL);
/** The long class writes letters and digits only: its one difference from a short string is its length. */
const alnumUnit = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');

export interface LengthBounds {
  minLength?: number | undefined;
  maxLength?: number | undefined;
}

/** A string of exactly n code points. */
export function textOfLength(n: number): fc.Arbitrary<string> {
  return fc.string({ unit: codePoint, minLength: n, maxLength: n });
}

/**
 * Any text within the bounds: short strings mostly, the empty string and the exact bounds
 * sometimes, long strings (256..1024 code points, or up to maxLength) now and then.
 */
export function text(bounds: LengthBounds, opts: ArbOptions): fc.Arbitrary<string> {
  const min = Math.max(0, bounds.minLength ?? 0);
  const max = bounds.maxLength ?? Infinity;
  if (max < min) throw new GenerationError(`no string has at least ${min} and at most ${max} code points`);
  const cls = opts.inputClass?.text;
  if (cls) return classText(min, max, cls);
  const parts: fc.WeightedArbitrary<string>[] = [
    { weight: 8, arbitrary: fc.string({ unit: codePoint, minLength: min, maxLength: Math.min(max, Math.max(min, SHORT_MAX)) }) },
  ];
  if (min === 0) parts.push({ weight: 1, arbitrary: fc.constant('') });
  if (min > 0) parts.push({ weight: 1, arbitrary: textOfLength(min) });
  if (Number.isFinite(max) && max <= LONG_MAX) parts.push({ weight: 1, arbitrary: textOfLength(max) });
  if (opts.longStrings !== false && max > SHORT_MAX) {
    const lo = Math.min(Math.max(min, LONG_MIN), max);
    parts.push({ weight: 1, arbitrary: fc.string({ unit: codePoint, minLength: lo, maxLength: Math.min(max, Math.max(lo, LONG_MAX)) }) });
  }
  return fc.oneof(...parts);
}

/**
 * Text of one class within the bounds, never empty where the bounds allow a character: at least
 * one character of the class (the first), the rest of the class or below it (ASCII in non-ASCII
 * text). The long class is long only where the schema sets no maxLength; bounded fields get ASCII.
 */
export function classText(min: number, max: number, cls: TextClass): fc.Arbitrary<string> {
  if (cls === 'long' && !Number.isFinite(max)) {
    const n = Math.max(min, LONG_CLASS_LENGTH);
    return fc.string({ unit: alnumUnit, minLength: n, maxLength: n });
  }
  const hi = Math.min(max, Math.max(min, SHORT_MAX));
  if (hi === 0) return fc.constant('');
  const lo = Math.min(hi, Math.max(min, 1));
  if (cls === 'ascii' || cls === 'long') return fc.string({ unit: asciiUnit, minLength: lo, maxLength: hi });
  const lead = cls === 'astral' ? astralUnit : nonAsciiUnit;
  const rest = cls === 'astral' ? codePoint : fc.oneof({ weight: 1, arbitrary: asciiUnit }, { weight: 2, arbitrary: nonAsciiUnit });
  return fc.tuple(lead, fc.string({ unit: rest, minLength: lo - 1, maxLength: hi - 1 })).map(([a, b]) => a + b);
}

/** The class of a string: long past 255 code points, else astral, non-ASCII or ASCII by its widest character (empty: undefined). */
export function textClassOf(s: string): TextClass | undefined {
  if (s === '') return undefined;
  if (lengthOf(s) > 255) return 'long';
  let widest = 0;
  for (const c of s) widest = Math.max(widest, c.codePointAt(0) ?? 0);
  return widest > 0xffff ? 'astral' : widest > 0x7f ? 'non-ascii' : 'ascii';
}

// A process-wide counter: values must stay unique across every arbitrary of the run, and shrinking
// re-runs the mapping, so each attempt against a live shop gets a fresh value too. Replaying a seed
// reproduces the shape of a counterexample, not its counter.
let counter = 0;

function cleanRunId(runId: string): string {
  return runId.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 32) || 'run';
}

function scopeOf(opts: ArbOptions): string {
  return (opts.uniqueScope ?? process.pid.toString(36)).toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** `qa-<runid>-<scope>-<n>`: attributable to the run, unique within it. */
export function uniqueTag(opts: ArbOptions & { runId: string }): string {
  counter += 1;
  return `qa-${cleanRunId(opts.runId)}-${scopeOf(opts)}-${counter}`;
}

export const RESERVED_DOMAIN = 'example.test';

/** `qa+<runid>-<scope>-<n>@example.test`. */
export function uniqueEmail(opts: ArbOptions & { runId: string }): string {
  return `${uniqueTag(opts).replace(/^qa-/, 'qa+')}@${RESERVED_DOMAIN}`;
}

/**
 * Text that carries a unique tag: random text, a space, the tag. Falls back to plain text when the
 * bounds leave no room for the tag.
 */
export function uniqueText(bounds: LengthBounds, opts: ArbOptions & { runId: string }): fc.Arbitrary<string> {
  const probe = `qa-${cleanRunId(opts.runId)}-${scopeOf(opts)}-${counter + 1_000_000}`; // room for the counter to grow
  const max = bounds.maxLength ?? Infinity;
  const min = bounds.minLength ?? 0;
  if (max < probe.length) return text(bounds, opts);
  const room = opts.tagOnly === true ? -1 : max - probe.length - 1;
  const head = room >= 0 ? text({ minLength: Math.max(0, min - probe.length - 1), maxLength: room }, { ...opts, longStrings: false }) : fc.constant('');
  // Bodies for a live shop (no long strings asked for) keep text and tag within REAL_TEXT_MAX;
  // the cut is made against the tag this value gets, whose counter grows as the run goes on.
  const real = opts.longStrings === false && opts.inputClass?.text !== 'long' && bounds.maxLength === undefined;
  return head.map((drawn) => {
    const tag = uniqueTag(opts);
    const h = real ? [...drawn].slice(0, Math.max(0, REAL_TEXT_MAX - lengthOf(tag) - 1)).join('').trimEnd() : drawn;
    const joined = h === '' ? tag : `${h} ${tag}`;
    // Pad when minLength asks for more than the tag leaves (rare: long minimums).
    const short = min - lengthOf(joined);
    return short > 0 ? joined + 'x'.repeat(short) : joined;
  });
}
