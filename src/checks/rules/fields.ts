// `@rule:fields`: a projection (`fields=a,b`) keeps exactly the named first-level fields of each
// record. The one judge of a projected record, used by the list rule tests
// (fixtures/list-rules.ts) and the fields property.
import { isObj } from '../../core/json.js';
import { described, erratum } from '../basis.js';
import { defineRule } from './rule.js';

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

/** fields on lists: described (facts "List parameters"). */
const FIELDS = described('description and v2 guide: fields=a,b keeps only the named first-level fields of a collection read');
/** fields on a single read: our erratum; the vendor declares it on collection reads only. */
export const SINGLE_FIELDS = erratum('ERRATA #10: the description declares fields on collection reads only (facts "List parameters": single records not described)');

/** A projected record, with the whole record where it is known. */
export interface Projected {
  rec: unknown;
  full: Record<string, unknown> | undefined;
  /** How the record is known to a reader (`record 7`). */
  name: string;
}

export interface FieldsInput {
  fields: readonly string[];
  records: readonly Projected[];
  /** Records the list holds without fields, when known: the projection keeps every one. */
  unprojected?: number;
}

function projections(i: FieldsInput): string[] {
  const problems: string[] = [];
  if (i.unprojected !== undefined && i.records.length !== i.unprojected) problems.push(`fields=${i.fields.join(',')}: ${i.unprojected} records without fields, ${i.records.length} with`);
  for (const r of i.records) {
    const wrong = projectionProblem(r.rec, i.fields, r.full);
    if (wrong) problems.push(`fields=${i.fields.join(',')}: ${r.name}: ${wrong}`);
  }
  return problems;
}

/** `fields-list`: fields on a list keeps every record, each with exactly the named first-level fields it has. */
export const fieldsListRule = defineRule<FieldsInput>({
  name: 'fields-list',
  tag: 'fields',
  basis: FIELDS,
  title: 'fields should keep exactly the named first-level fields of every listed record',
  judge: projections,
});

/** `fields-single`: fields on a single read answers the record with exactly the named fields (an advisory: ERRATA #10). */
export const fieldsSingleRule = defineRule<FieldsInput & { status: number }>({
  name: 'fields-single',
  tag: 'fields',
  basis: SINGLE_FIELDS,
  title: '{operation} with fields should answer the record with exactly the named first-level fields',
  judge: (i) => (i.status === 200 ? projections(i) : `fields=${i.fields.join(',')}: answered ${i.status || 'nothing'}, not 200`),
});
