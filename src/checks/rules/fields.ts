// `@rule:fields`: a projection (`fields=a,b`) keeps exactly the named first-level fields of each
// record. The one judge of a projected record, used by the list rule tests
// (fixtures/list-rules.ts) and the fields property.
import { isObj } from '../../core/json.js';

/**
 * Keys of a record that are not its fields: `_links` is the API's metadata (turned off by
 * `disable_links`, not by `fields`), so a `fields=` projection may keep it. The vendor shop does.
 */
export const META_KEYS: ReadonlySet<string> = new Set(['_links']);

/**
 * What is wrong with one projected record, or undefined: a key nobody asked for, or an asked-for
 * field the whole record has (`full`, when known) but the projection lost.
 */
export function projectionProblem(rec: unknown, fields: readonly string[], full: Record<string, unknown> | undefined): string | undefined {
  if (!isObj(rec)) return `not a record: ${JSON.stringify(rec)?.slice(0, 200) ?? String(rec)}`;
  const keys = Object.keys(rec);
  const extra = keys.filter((k) => !fields.includes(k) && !META_KEYS.has(k));
  const missing = full ? fields.filter((f) => f in full && !(f in rec)) : [];
  if (!extra.length && !missing.length) return undefined;
  return `keys [${keys.join(', ')}]${extra.length ? `; not asked for: ${extra.join(', ')}` : ''}${missing.length ? `; asked for and present in the full record: ${missing.join(', ')}` : ''}`;
}
