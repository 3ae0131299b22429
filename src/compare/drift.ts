// Drift in answers between two runs (issue 34): per operation and kind of request, the statuses
// answered, the fields of 2xx bodies (removed, added, type changed) and the headers a client reads.
// Values are never compared; only what the shapes recorded (src/core/shapes.ts).
//
// What varies between two runs of one build, and how each rule keeps it out:
// - Which records a list held, so a field that is only sometimes there (a guest's missing date of
//   birth), a null where a record has no value, the relations of a Link header (next: more pages).
//   A field or header counts as removed only when it is in none of the new build's answers, and a
//   field's container must be there at all (an empty list removes nothing); a null that comes and
//   goes is the data's; a Link is judged by its presence only.
// - What drawn input met (a fast-check property: the seed decides the body). Answers to drawn input
//   are evidence that something can happen, never that it always does: a change counts only when
//   the answers to fixed input of one run show what no answer of the other run showed (a status,
//   a field, a type, a header), and a field or header is missing only where the other run's
//   answers to fixed input of that class lack it (a drawn body that was accepted is another request).
// - A kind of request one run did not send at all (a setup the shop refused) or an answer class one
//   run never got: nothing to compare, so nothing is said.
// Breaking for clients: a field removed, a type a client has not met before, a status class a
// client has not met before (or none of the old ones left), a header removed, a Content-Type or
// Location of another shape; fields moved under a new wrapper (one item, not one per field). An
// added field, status or header is not. A server error is no contract a client builds on: a kind of request the old build answered only with 5xx that now
// gets another answer is a fix (GX 3.2 -> GX 4.8: GET /orders/1/tracking_code 500 -> 200), and the
// headers of 5xx answers are not compared (a 500 as JSON now, not HTML, breaks no client).
import type { BodyShape, JsonType } from '../core/shapes.js';
import type { KindShapes, KindTally, RunShapes } from './shapes-file.js';

export type DriftChange = 'statuses' | 'field-removed' | 'field-added' | 'field-type' | 'fields-moved' | 'header-removed' | 'header-added' | 'header-changed';

export interface DriftSide {
  /** What this run's answers showed, in a few words (counts, types, shapes). */
  shows: string;
  /** One request of this kind as curl (credentials as variables): send it to see the answer. */
  sample?: string;
}

export interface DriftItem {
  change: DriftChange;
  breaking: boolean;
  operation: string;
  /** The kind of request (the defects' request class). */
  kind: string;
  /** The answers' status class the field or header was read in (`2xx`). */
  statusClass?: string;
  field?: string;
  /** Fields moved (`fields-moved`): the place they were in (`''` the body); `field` is where they are now. */
  movedFrom?: string;
  /** Fields moved (`fields-moved`): their names, as they were in `movedFrom`. */
  moved?: string[];
  header?: string;
  /** One line. */
  title: string;
  old: DriftSide;
  new: DriftSide;
}

/** A run's answers of one class: what fixed input met, and what any input met. */
interface Seen {
  answers: number;
  body: BodyShape;
  headers: Record<string, Record<string, number>>;
}

const classOf = (status: string): string => `${status.slice(0, 1)}xx`;
const SERVER_ERROR = '5xx';

function merge(tallies: (KindTally | undefined)[], cls: string): Seen {
  const seen: Seen = { answers: 0, body: {}, headers: {} };
  for (const t of tallies) {
    if (!t) continue;
    for (const [status, n] of Object.entries(t.statuses)) if (classOf(status) === cls) seen.answers += n;
    for (const [status, shape] of Object.entries(t.bodies ?? {})) {
      if (classOf(status) !== cls) continue;
      for (const [place, types] of Object.entries(shape)) {
        const at = (seen.body[place] ??= {});
        for (const [type, n] of Object.entries(types) as [JsonType, number][]) at[type] = (at[type] ?? 0) + n;
      }
    }
    for (const [status, headers] of Object.entries(t.headers ?? {})) {
      if (classOf(status) !== cls) continue;
      for (const [name, shapes] of Object.entries(headers)) {
        const at = (seen.headers[name] ??= {});
        for (const [shape, n] of Object.entries(shapes)) at[shape] = (at[shape] ?? 0) + n;
      }
    }
  }
  return seen;
}

function statusCounts(tallies: (KindTally | undefined)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of tallies) for (const [s, n] of Object.entries(t?.statuses ?? {})) out[s] = (out[s] ?? 0) + n;
  return out;
}

const total = (types: Partial<Record<JsonType, number>> | undefined): number => Object.values(types ?? {}).reduce((a, b) => a + b, 0);
const nonNull = (types: Partial<Record<JsonType, number>> | undefined): JsonType[] => (Object.keys(types ?? {}) as JsonType[]).filter((t) => t !== 'null' && (types?.[t] ?? 0) > 0);

/** The place holding a field: `a.b` in `a`, `[].id` in `[]`, `id` in the root; undefined for list items (`a[]`). */
function containerOf(place: string): string | undefined {
  if (place === '' || place.endsWith('[]')) return undefined;
  const dot = place.lastIndexOf('.');
  return dot < 0 ? '' : place.slice(0, dot);
}

/** How many objects a place held (the containers a field could have been in). */
const objects = (shape: BodyShape, place: string): number => shape[place]?.object ?? 0;

function typesText(types: Partial<Record<JsonType, number>> | undefined): string {
  return (Object.entries(types ?? {}) as [JsonType, number][]).sort((a, b) => b[1] - a[1]).map(([t, n]) => `${t} ×${n}`).join(', ') || 'nothing';
}

function statusesText(fixed: Record<string, number>, drawn: Record<string, number>): string {
  const f = Object.entries(fixed).sort().map(([s, n]) => `${s} ×${n}`).join(', ');
  const d = Object.entries(drawn).sort().map(([s, n]) => `${s} ×${n}`).join(', ');
  return [f, d ? `drawn input: ${d}` : ''].filter(Boolean).join('; ') || 'no answer';
}

function fieldName(place: string): string {
  return place === '' ? '(the body)' : `\`${place}\``;
}

function side(k: KindShapes, shows: string): DriftSide {
  return k.sample ? { shows, sample: k.sample } : { shows };
}

/** Status drift of one kind: codes fixed input met in one run that no answer of the other met. */
function statusDrift(operation: string, kind: string, o: KindShapes, n: KindShapes): DriftItem | undefined {
  const oFixed = o.fixed?.statuses ?? {};
  const nFixed = n.fixed?.statuses ?? {};
  const oAll = statusCounts([o.fixed, o.drawn]);
  const nAll = statusCounts([n.fixed, n.drawn]);
  const oClasses = new Set(Object.keys(oAll).map(classOf));
  const nClasses = new Set(Object.keys(nAll).map(classOf));
  // What a client could build on: the old answers' classes but server errors.
  const oWorking = new Set(Object.keys(oFixed).map(classOf).filter((c) => c !== SERVER_ERROR));
  const workingLeft = [...oWorking].some((c) => nClasses.has(c));
  // A server error beside answers that still work is no drift: on some shops it comes and goes with
  // the requests that overlapped it (GX 3.2's 500 "Invalid argument supplied for foreach()", in
  // 12 kinds of request between two runs of one pristine shop), and the defects judge server errors
  // (new, fixed, or not reproduced alone). A kind that gets only 5xx now, or got only 5xx before, is.
  const appeared = Object.keys(nFixed).filter((s) => !(s in oAll) && (classOf(s) !== SERVER_ERROR || !workingLeft));
  const gone = Object.keys(oFixed).filter((s) => !(s in nAll) && (classOf(s) !== SERVER_ERROR || oWorking.size === 0));
  if (!appeared.length && !gone.length) return undefined;
  const newClass = appeared.some((s) => !oClasses.has(classOf(s))) && (oWorking.size > 0 || appeared.some((s) => classOf(s) === SERVER_ERROR));
  const noneLeft = oWorking.size > 0 && ![...oWorking].some((c) => nClasses.has(c));
  const breaking = newClass || noneLeft;
  const from = Object.keys(oAll).sort().join(', ');
  const to = Object.keys(nAll).sort().join(', ');
  return {
    change: 'statuses',
    breaking,
    operation,
    kind,
    title: `${operation}: ${kind} answered ${to} (was ${from})${appeared.length ? `; new: ${appeared.join(', ')}` : ''}${gone.length ? `; no longer: ${gone.join(', ')}` : ''}`,
    old: side(o, statusesText(oFixed, o.drawn?.statuses ?? {})),
    new: side(n, statusesText(nFixed, n.drawn?.statuses ?? {})),
  };
}

function fieldDrift(operation: string, kind: string, cls: string, o: KindShapes, n: KindShapes): DriftItem[] {
  const oFixed = merge([o.fixed], cls);
  const oAll = merge([o.fixed, o.drawn], cls);
  const nFixed = merge([n.fixed], cls);
  const nAll = merge([n.fixed, n.drawn], cls);
  const out: DriftItem[] = [];
  const places = [...new Set([...Object.keys(oAll.body), ...Object.keys(nAll.body)])].sort();
  const where = (seen: Seen, place: string): string => {
    const c = containerOf(place);
    const held = c === undefined ? '' : ` in ${total(seen.body[place])} of ${objects(seen.body, c)} objects${c ? ` at \`${c}\`` : ''}`;
    return `${typesText(seen.body[place])}${held} (${seen.answers} answers)`;
  };
  for (const place of places) {
    const c = containerOf(place);
    const inOld = total(oFixed.body[place]) > 0;
    const inNew = total(nFixed.body[place]) > 0;
    const anyOld = total(oAll.body[place]) > 0;
    const anyNew = total(nAll.body[place]) > 0;
    if (c !== undefined && inOld && !anyNew && objects(nFixed.body, c) > 0) {
      out.push({ change: 'field-removed', breaking: true, operation, kind, statusClass: cls, field: place, title: `${operation}: ${fieldName(place)} is gone from ${cls} answers to ${kind}`, old: side(o, where(oAll, place)), new: side(n, `absent from all ${objects(nAll.body, c)} objects${c ? ` at \`${c}\`` : ''} (${nAll.answers} answers)`) });
      continue;
    }
    if (c !== undefined && inNew && !anyOld && objects(oFixed.body, c) > 0) {
      out.push({ change: 'field-added', breaking: false, operation, kind, statusClass: cls, field: place, title: `${operation}: ${fieldName(place)} is new in ${cls} answers to ${kind}`, old: side(o, `absent from all ${objects(oAll.body, c)} objects${c ? ` at \`${c}\`` : ''} (${oAll.answers} answers)`), new: side(n, where(nAll, place)) });
      continue;
    }
    if (!anyOld || !anyNew) continue;
    const oldTypes = nonNull(oAll.body[place]);
    const newTypes = nonNull(nFixed.body[place]);
    const unmet = newTypes.filter((t) => !oldTypes.includes(t));
    // Only null in the new build where the old never answered null: a value a client read is gone.
    const nowNull = !nonNull(nAll.body[place]).length && (nFixed.body[place]?.null ?? 0) > 0 && !(oAll.body[place]?.null) && oldTypes.length > 0;
    if ((unmet.length && oldTypes.length) || nowNull) {
      out.push({ change: 'field-type', breaking: true, operation, kind, statusClass: cls, field: place, title: `${operation}: ${fieldName(place)} in ${cls} answers to ${kind} is ${nowNull ? 'always null' : unmet.join(' or ')} now (was ${oldTypes.join(' or ')})`, old: side(o, where(oAll, place)), new: side(n, where(nAll, place)) });
    }
  }
  return movesUnderWrapper(out, oFixed, oAll, nAll, o, n);
}

const fieldOf = (container: string, place: string): string => (container === '' ? place : place.slice(container.length + 1));

/**
 * A body that moved under a wrapper is one change, not one per field: every field a container held
 * in the old answers is gone, and a new object or list in that container holds (most of) them
 * (GX 3.2 answers POST /categories with the category, GX 4.8 with `{"created":[…],"errors":[…]}`:
 * 19 fields gone and `created` new, one item). Breaking, as each field gone was. The wrapper's
 * siblings (`errors`) stay items of their own; fields not found under the wrapper are named in it.
 */
function movesUnderWrapper(items: DriftItem[], oFixed: Seen, oAll: Seen, nAll: Seen, o: KindShapes, n: KindShapes): DriftItem[] {
  const removed = items.filter((i) => i.change === 'field-removed' && i.field !== undefined);
  const containers = new Set(removed.map((i) => containerOf(i.field ?? '')).filter((c): c is string => c !== undefined));
  let out = items;
  for (const c of containers) {
    const gone = removed.filter((i) => containerOf(i.field ?? '') === c).map((i) => i.field ?? '');
    const held = Object.keys(oFixed.body).filter((p) => containerOf(p) === c && total(oFixed.body[p]) > 0);
    // Not every field of the container is gone: fields were dropped, not moved.
    if (gone.length < 2 || held.some((p) => !gone.includes(p))) continue;
    const wrappers = out.filter((i) => i.change === 'field-added' && i.field !== undefined && containerOf(i.field) === c);
    let best: { item: DriftItem; at: string; found: string[] } | undefined;
    for (const w of wrappers) {
      const types = nonNull(nAll.body[w.field ?? '']);
      for (const at of [types.includes('array') ? `${w.field ?? ''}[]` : undefined, types.includes('object') ? (w.field ?? '') : undefined]) {
        if (at === undefined) continue;
        const found = gone.filter((p) => total(nAll.body[`${at}.${fieldOf(c, p)}`]) > 0);
        if (found.length > (best?.found.length ?? 0)) best = { item: w, at, found };
      }
    }
    // Most of the fields must be under the wrapper: a new field beside fields that went is no move.
    if (!best || best.found.length * 2 < gone.length) continue;
    const names = gone.map((p) => fieldOf(c, p));
    const missing = gone.filter((p) => !best.found.includes(p)).map((p) => fieldOf(c, p));
    const first = removed.find((i) => i.field === gone[0]) as DriftItem;
    const from = c === '' ? 'the body' : `\`${c}\``;
    const list = (ns: string[]): string => ns.map((f) => `\`${f}\``).join(', ');
    const moved: DriftItem = {
      change: 'fields-moved',
      breaking: true,
      operation: first.operation,
      kind: first.kind,
      ...(first.statusClass ? { statusClass: first.statusClass } : {}),
      field: best.at,
      movedFrom: c,
      moved: names,
      title: `${first.operation}: the ${names.length} fields of ${from} in ${first.statusClass ?? ''} answers to ${first.kind} moved under \`${best.at}\`${missing.length ? ` (not found there: ${list(missing)})` : ''}`,
      old: side(o, `${names.length} fields at ${from} (${oAll.answers} answers): ${list(names)}`),
      new: side(n, `none at ${from}; ${best.found.length} of them at \`${best.at}\` (${nAll.answers} answers)`),
    };
    const drop = new Set<DriftItem>([...removed.filter((i) => gone.includes(i.field ?? '')), best.item]);
    const at = out.findIndex((i) => drop.has(i));
    out = [...out.slice(0, at).filter((i) => !drop.has(i)), moved, ...out.slice(at).filter((i) => !drop.has(i))];
  }
  return out;
}

/** Headers whose value's shape a client depends on; a Link's relations follow the records listed. */
const SHAPE_BREAKS = new Set(['content-type', 'location']);
const PRESENCE_ONLY = new Set(['link']);

function headerDrift(operation: string, kind: string, cls: string, o: KindShapes, n: KindShapes): DriftItem[] {
  const oFixed = merge([o.fixed], cls);
  const oAll = merge([o.fixed, o.drawn], cls);
  const nFixed = merge([n.fixed], cls);
  const nAll = merge([n.fixed, n.drawn], cls);
  const out: DriftItem[] = [];
  const text = (seen: Seen, name: string): string => {
    const shapes = seen.headers[name] ?? {};
    const present = Object.values(shapes).reduce((a, b) => a + b, 0);
    const list = Object.entries(shapes).sort((a, b) => b[1] - a[1]).map(([s, k]) => `${s} ×${k}`).join(', ');
    return present ? `${list} (in ${present} of ${seen.answers} answers)` : `absent from all ${seen.answers} answers`;
  };
  for (const name of [...new Set([...Object.keys(oAll.headers), ...Object.keys(nAll.headers)])].sort()) {
    const inOld = Object.keys(oFixed.headers[name] ?? {}).length > 0;
    const inNew = Object.keys(nFixed.headers[name] ?? {}).length > 0;
    const anyOld = Object.keys(oAll.headers[name] ?? {}).length > 0;
    const anyNew = Object.keys(nAll.headers[name] ?? {}).length > 0;
    const base = { operation, kind, statusClass: cls, header: name };
    if (inOld && !anyNew && nFixed.answers > 0) out.push({ ...base, change: 'header-removed', breaking: true, title: `${operation}: ${cls} answers to ${kind} no longer carry ${name}`, old: side(o, text(oAll, name)), new: side(n, text(nAll, name)) });
    else if (inNew && !anyOld && oFixed.answers > 0) out.push({ ...base, change: 'header-added', breaking: false, title: `${operation}: ${cls} answers to ${kind} carry ${name} now`, old: side(o, text(oAll, name)), new: side(n, text(nAll, name)) });
    else if (anyOld && anyNew && !PRESENCE_ONLY.has(name)) {
      const unmet = Object.keys(nFixed.headers[name] ?? {}).filter((s) => !(s in (oAll.headers[name] ?? {})));
      if (unmet.length) out.push({ ...base, change: 'header-changed', breaking: SHAPE_BREAKS.has(name), title: `${operation}: ${name} of ${cls} answers to ${kind} reads ${unmet.join(', ')} now`, old: side(o, text(oAll, name)), new: side(n, text(nAll, name)) });
    }
  }
  return out;
}

/**
 * Drift between two runs' answers, for the operations both implement (`operations`; an operation
 * one of them lacks is a support change, said apart).
 */
export function answerDrift(oldShapes: RunShapes, newShapes: RunShapes, operations: ReadonlySet<string>): DriftItem[] {
  const out: DriftItem[] = [];
  for (const operation of [...operations].sort()) {
    const oKinds = oldShapes.operations[operation] ?? {};
    const nKinds = newShapes.operations[operation] ?? {};
    for (const kind of Object.keys(oKinds).filter((k) => k in nKinds).sort()) {
      const o = oKinds[kind] as KindShapes;
      const n = nKinds[kind] as KindShapes;
      const status = statusDrift(operation, kind, o, n);
      if (status) out.push(status);
      const oClasses = new Set(Object.keys(statusCounts([o.fixed, o.drawn])).map(classOf));
      const nClasses = new Set(Object.keys(statusCounts([n.fixed, n.drawn])).map(classOf));
      for (const cls of [...oClasses].filter((c) => nClasses.has(c)).sort()) {
        if (cls === '2xx') out.push(...fieldDrift(operation, kind, cls, o, n));
        // A server error's headers are no contract, and on GX 3.2 they follow which request overlapped (HTML or JSON).
        if (cls !== SERVER_ERROR) out.push(...headerDrift(operation, kind, cls, o, n));
      }
    }
  }
  return out;
}
