// The one reader of the harness's JSON Lines files (the ledger, its cleanup failures, the request
// tally, the support board): each worker appends a line per event, so a file may end in a line a
// killed process left half-written; such a line, like a blank one, is skipped.
import { existsSync, readFileSync } from 'node:fs';

/** Every readable line of a JSONL file, parsed; nothing when the file does not exist. */
export function readJsonl<T>(file: string): T[] {
  if (!existsSync(file)) return [];
  const out: T[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as T);
    } catch {
      // A cut line: nothing to recover from it.
    }
  }
  return out;
}
