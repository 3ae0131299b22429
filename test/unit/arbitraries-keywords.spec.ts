// The search keywords every run tries (src/arbitraries/keywords.ts): one per input class the
// listed values allow, the same whatever order the list answered them in.
import { expect, test } from '@playwright/test';
import { absentKeyword, keywordExamples, madeByARun, otherCase, type ClassKeyword } from '../../src/arbitraries/index.js';
import { containsFolded } from '../../src/checks/rules/search.js';

const byKind = (ks: readonly ClassKeyword[]): Record<string, string> => Object.fromEntries(ks.map((k) => [k.kind, k.keyword]));

// Values as searchableValues gives them: strings and numbers (as text) of the first-level fields.
const ADDRESSES = ['7', 'Berlin', 'Hauptstraße 12', '10115', 'Müller', 'DE', 'qa+r1-3@example.test', '3', '0.05'];

test.describe('search keyword classes @unit', () => {
  test('should pick a digit run, a piece of a word, a whole value and that value in other case', () => {
    const ks = keywordExamples(ADDRESSES);
    expect(byKind(ks)).toEqual({
      // The longest run of digits in a value with letters: a number in text, no id, no price.
      digits: '12',
      // The first run of four letters or more, without its first letter: the keyword starts inside the word.
      letters: 'erlin',
      whole: 'Berlin',
      'other-case': 'BERLIN',
      // The piece of a word with a letter made a dot: a shop that reads it as a pattern finds Berlin.
      pattern: 'e.lin',
    });
    expect(ks.find((k) => k.kind === 'digits')?.from).toBe('Hauptstraße 12');
    // Every keyword is found in the value it was taken from, as the search judge folds case; the
    // pattern keyword in none.
    for (const k of ks.filter((x) => x.kind !== 'pattern')) expect(containsFolded(k.from, k.keyword), k.kind).toBe(true);
    expect(ADDRESSES.some((v) => containsFolded(v, 'e.lin', true))).toBe(false);
  });

  test('should make a later letter the dot when a value holds the first dotted piece as written', () => {
    expect(byKind(keywordExamples(['Berlin', 'E.LIN 2']))).toMatchObject({ letters: 'erlin', pattern: 'er.in' });
    expect(byKind(keywordExamples(['Oslo']))).toMatchObject({ letters: 'slo', pattern: 's.o' });
    // Every dotted piece is some value as written: no pattern keyword.
    expect(byKind(keywordExamples(['Oslo', 'S.O 1']))).not.toHaveProperty('pattern');
  });

  test('should choose the same keywords whatever order the records were listed in', () => {
    const want = keywordExamples(ADDRESSES);
    for (const order of [[...ADDRESSES].reverse(), [...ADDRESSES.slice(3), ...ADDRESSES.slice(0, 3)], [...ADDRESSES, ...ADDRESSES]]) {
      expect(keywordExamples(order)).toEqual(want);
    }
  });

  test('should fall back to values without letters, and leave out the classes the values do not allow', () => {
    // No value with letters and digits: the longest run of digits anywhere, not the '0' of a price.
    expect(byKind(keywordExamples(['0.05', '7', '10115']))).toEqual({ digits: '10115', whole: '0.05' });
    // The whole value '42' is the digit keyword already: tried once.
    expect(byKind(keywordExamples(['7', '42']))).toEqual({ digits: '42' });
    // No letters of four or more, no digits: only the whole value and its other case.
    expect(byKind(keywordExamples(['abc']))).toEqual({ whole: 'abc', 'other-case': 'ABC' });
    expect(keywordExamples([])).toEqual([]);
    expect(keywordExamples(['   ', ''])).toEqual([]);
  });

  test('should cut long runs to eight characters and pass over long or padded values for the whole value', () => {
    const long = 'x'.repeat(41);
    const ks = byKind(keywordExamples([long, ' Ok ', 'ABCDEFGHIJKLMN 1234567890123', 'Ok']));
    expect(ks.digits).toBe('12345678');
    expect(ks.letters).toBe('BCDEFGHI');
    expect(ks.whole).toBe('ABCDEFGHIJKLMN 1234567890123');
    expect(ks['other-case']).toBe('abcdefghijklmn 1234567890123');
  });

  test('should prefer a whole value whose case can change, and change only letters that map one to one', () => {
    // '1234' has no letter to recase: the whole value is the first one that has.
    expect(byKind(keywordExamples(['1234', 'Straße']))).toMatchObject({ whole: 'Straße', 'other-case': 'STRAßE' });
    expect(otherCase('ÄRGER')).toBe('ärger');
    expect(otherCase('123')).toBeUndefined();
    // A final sigma lower-cases by context: 'ΟΔΟΣ' folds to 'οδος', which 'οδοσ' is not.
    expect(otherCase('ΟΔΟΣ')).toBeUndefined();
    expect(byKind(keywordExamples(['Ωk', 'ΟΔΟΣ']))).toMatchObject({ whole: 'Ωk', 'other-case': 'ΩK' });
  });
});

test('should know the values a harness run wrote, whose records come and go while other tests run', () => {
  expect(madeByARun('qa-r26112717053vr3-200857')).toBe(true);
  expect(madeByARun('qa+r2611271705abcd-1@example.test')).toBe(true);
  expect(madeByARun('qar26112717053vr3t101024-b')).toBe(true);
  expect(madeByARun('qa-not-a-integer')).toBe(true);
  expect(madeByARun('Testkategorie')).toBe(false);
  expect(madeByARun('KN-400')).toBe(false);
});

test('should find a keyword no listed value holds, for lists of only the run own records', () => {
  expect(absentKeyword(['qa-r2611271752diwy-100288.png'])).toBe('qzxj');
  expect(absentKeyword(['QZXJ-1'])).toBe('xqjv');
  expect(absentKeyword(['qzxj', 'xqjv', 'jzqw', 'vxqz'])).toBeUndefined();
});
