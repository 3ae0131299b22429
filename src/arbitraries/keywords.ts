// Search keywords every search run tries whatever the seed, so that what a run detects does not
// depend on the seed: one keyword per input class that decides how a shop searches, picked from the values
// its records hold. The drawn keywords (suites/properties/search.spec.ts) come on top.
import { containsFolded } from '../checks/rules/search.js';

/**
 * The input classes of a keyword:
 * - `digits`: digits only, cut from a value (a shop may take a number for an id and look it up);
 * - `letters`: letters only, from inside a word (a shop may match only at the start of a value);
 * - `whole`: a whole field value (a shop may miss a match that spans the field);
 * - `other-case`: the same whole value in another case (a shop may compare case-sensitively);
 * - `pattern`: a piece of a word with one letter made a dot, which no value holds as written (a
 *   shop may hand the keyword to a pattern match, where the dot stands for any character: GX 4.8
 *   answers "Handbuch" to `Hand.uch`; only some drawn keywords, such as "11.", showed it).
 */
export type KeywordClass = 'digits' | 'letters' | 'whole' | 'other-case' | 'pattern';

export interface ClassKeyword {
  kind: KeywordClass;
  keyword: string;
  /** The value it was taken from. */
  from: string;
}

/**
 * A value a harness run wrote (its run id, `r` + ten digits + four characters, or the `qa-` prefix
 * of its names and e-mails): such records come and go while other tests run, so a keyword taken
 * from one would differ from run to run; the classes take the shop's own records only.
 */
export function madeByARun(value: string): boolean {
  return /r\d{10}[a-z0-9]{4}|\bqa[-+_]/i.test(value);
}

/** Keywords no record is likely to hold, tried in this order. */
const ABSENT = ['qzxj', 'xqjv', 'jzqw', 'vxqz'];

/**
 * A keyword no listed value contains (case folded), or undefined: the search must answer no record
 * for it. The class for a list of only the run's own records (GX 3.2's category images), whose
 * values differ from run to run: a shop that ignores the keyword shows in every run.
 */
export function absentKeyword(values: readonly string[]): string | undefined {
  return ABSENT.find((k) => !values.some((v) => containsFolded(v, k, true)));
}

/** A keyword is at most this long (the drawn pieces are at most 8 characters too). */
const MAX_PIECE = 8;
/** A whole value longer than this is no keyword a user types. */
const MAX_WHOLE = 40;

/** Code-unit order: the same choice whatever order the list answered its records in. */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const chars = (s: string): string[] => [...s];

/**
 * The text with its letters in upper case (or, when it has none in lower case, in lower case),
 * changing only letters whose case maps one to one (no ß to SS): the keyword stays the value.
 * Undefined when nothing changes, or when the judge's case folding would not see the value in it
 * (a Greek final sigma folds by context).
 */
export function otherCase(text: string): string | undefined {
  for (const upper of [true, false]) {
    const out = chars(text)
      .map((ch) => {
        const to = upper ? ch.toUpperCase() : ch.toLowerCase();
        const back = upper ? to.toLowerCase() : to.toUpperCase();
        return chars(to).length === 1 && back === ch ? to : ch;
      })
      .join('');
    if (out !== text) return containsFolded(text, out) ? out : undefined;
  }
  return undefined;
}

interface Run {
  run: string;
  from: string;
}

/** The first run matching `re` of at least `min` characters in the first value (in `sorted` order) that has one. */
function firstRun(sorted: readonly string[], re: RegExp, min: number): Run | undefined {
  for (const from of sorted) {
    for (const m of from.matchAll(re)) {
      if (chars(m[0]).length >= min) return { run: m[0], from };
    }
  }
  return undefined;
}

/** The longest run matching `re` (the first of the longest, in `sorted` order). */
function longestRun(sorted: readonly string[], re: RegExp): Run | undefined {
  let best: Run | undefined;
  for (const from of sorted) {
    for (const m of from.matchAll(re)) {
      if (!best || chars(m[0]).length > chars(best.run).length) best = { run: m[0], from };
    }
  }
  return best;
}

/** The piece with one letter (the second, else a later one) made a dot, so that no value holds it as written. */
function dottedPiece(piece: readonly string[], values: readonly string[]): string | undefined {
  for (let i = 1; i < piece.length - 1; i++) {
    const keyword = [...piece.slice(0, i), '.', ...piece.slice(i + 1)].join('');
    if (!values.some((v) => containsFolded(v, keyword, true))) return keyword;
  }
  return undefined;
}

/**
 * One keyword per class the values allow, chosen the same way every run of an unchanged list:
 * candidates are taken in code-unit order, never in the order the list answered them.
 * - digits: the longest run of digits (cut to 8) in a value that also holds letters (a street
 *   with its house number, a product model), else in any value: a number in text is no id, and
 *   a long run finds few records, where "0" of a price would find them all;
 * - letters: a piece of the first run of at least four letters, without its first letter (at
 *   most 8 letters), so the keyword starts inside a word;
 * - whole: the first value of at most 40 characters with a letter whose case changes, with
 *   no space at either end (shops trim search input); else the first such value with a letter,
 *   else with a digit;
 * - other-case: that value upper-cased (or lower-cased, when it is upper case already);
 * - pattern: the letters keyword with its second letter (else the third, ...) made a dot, the
 *   first such that no value contains it as written.
 * Keywords that come out alike are tried once.
 */
export function keywordExamples(values: Iterable<string>): ClassKeyword[] {
  const sorted = [...new Set(values)].filter((v) => v.trim() !== '').sort(byText);
  const out: ClassKeyword[] = [];
  const add = (k: ClassKeyword) => {
    if (!out.some((o) => o.keyword === k.keyword)) out.push(k);
  };

  const digitRun = /\p{Nd}+/gu;
  const digits = longestRun(sorted.filter((v) => /\p{L}/u.test(v)), digitRun) ?? longestRun(sorted, digitRun);
  if (digits) add({ kind: 'digits', keyword: chars(digits.run).slice(0, MAX_PIECE).join(''), from: digits.from });

  const letters = firstRun(sorted, /\p{L}+/gu, 4);
  if (letters) add({ kind: 'letters', keyword: chars(letters.run).slice(1, 1 + MAX_PIECE).join(''), from: letters.from });
  const dotted = letters ? dottedPiece(chars(letters.run).slice(1, 1 + MAX_PIECE), sorted) : undefined;
  if (letters && dotted) add({ kind: 'pattern', keyword: dotted, from: letters.from });

  const short = sorted.filter((v) => v.trim() === v && chars(v).length <= MAX_WHOLE && /[\p{L}\p{N}]/u.test(v));
  const cased = short.find((v) => otherCase(v) !== undefined);
  const whole = cased ?? short.find((v) => /\p{L}/u.test(v)) ?? short[0];
  if (whole !== undefined) add({ kind: 'whole', keyword: whole, from: whole });
  const recased = cased === undefined ? undefined : otherCase(cased);
  if (cased !== undefined && recased !== undefined) add({ kind: 'other-case', keyword: recased, from: cased });
  return out;
}
