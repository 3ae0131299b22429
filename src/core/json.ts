// JSON helpers every layer uses (src/core, the lowest layer): the one `isObj` and the record type it
// narrows to. Plain and pure; the reference shop may import them too.

/** A JSON object (a record, a schema node, a parsed body). */
export type Json = Record<string, unknown>;

/** A JSON object: not null, not an array. */
export function isObj(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
