// "Did you mean": the closest known word by edit distance (a swap of two neighbours counts as one
// edit, so `requried` -> `required`), or the same word in another case (`readonly` -> `readOnly`).

/** Optimal-string-alignment distance between two words. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number): number => d[i]?.[j] ?? Infinity;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (d[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** The known word `word` most likely stands for, if any is close enough. */
export function suggest(word: string, known: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  const sameCase = known.find((k) => k.toLowerCase() === lower);
  if (sameCase) return sameCase;
  const limit = word.length <= 4 ? 1 : word.length < 12 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const k of known) {
    const dist = editDistance(lower, k.toLowerCase());
    if (dist < bestDistance) {
      best = k;
      bestDistance = dist;
    }
  }
  return best;
}
