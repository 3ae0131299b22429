// `@rule:lifecycle`: what is written reads back as written, and a deleted record is gone (facts
// "Domain rules"; the description's create, read, update and delete of each resource). The one
// comparison of "reads back as sent" (notEchoed), used by the resource suites, the round trip
// property and the model alike.
import { isObj } from '../../core/json.js';
import { EXAMPLE_FORMS } from '../../spec/particulars.js';
import { described, project } from '../basis.js';
import { defineRule } from './rule.js';
import { shown } from './shown.js';

const CRUD = described("description: each resource's create, read, update and delete; what a client writes is what it reads");


/** JSON equality; objects compare key by key regardless of order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => sameJson(a[k], b[k]));
  }
  return false;
}

/**
 * The example's names of fields that bodies also write under the declared name (EXAMPLE_FORMS
 * aliases: a withdrawal's customerFirstName), for shops that read only the example's: a read back
 * judges the declared name.
 */
export const EXAMPLE_ALIASES: readonly string[] = Object.values(EXAMPLE_FORMS).flatMap((fields) => Object.values(fields).flatMap((f) => (f.kind === 'alias' ? [f.as] : [])));

/** Fields the server adds or sets itself, never compared: ids, `_links`, the date a record was added. */
export const SERVER_FIELDS: readonly string[] = ['id', '_links', 'dateAdded'];

/**
 * Where `got` does not hold what was `sent`, one readable line each: every sent field with an equal
 * value, objects field by field (the server may add fields, languages, links), lists element by
 * element in any order and of the same length. SERVER_FIELDS, the example's aliases of declared
 * fields and `ignore`d names are not compared, at any depth.
 */
export function notEchoed(sent: unknown, got: unknown, ignore: readonly string[] = [], at = ''): string[] {
  const skip = at ? ignore : [...SERVER_FIELDS, ...EXAMPLE_ALIASES, ...ignore];
  if (Array.isArray(sent)) {
    if (!Array.isArray(got)) return [`${at || '(root)'}: sent a list of ${sent.length}, read ${shown(got, 120)}`];
    if (got.length !== sent.length) return [`${at || '(root)'}: sent ${sent.length} entries, read ${got.length}`];
    const free = got.map((_, i) => i);
    const out: string[] = [];
    sent.forEach((s, i) => {
      const hit = free.findIndex((j) => notEchoed(s, got[j], skip, `${at}[${i}]`).length === 0);
      if (hit < 0) out.push(`${at}[${i}]: ${shown(s, 160)} is not among the entries read`);
      else free.splice(hit, 1);
    });
    return out;
  }
  if (isObj(sent)) {
    if (!isObj(got)) return [`${at || '(root)'}: sent an object, read ${shown(got, 120)}`];
    return Object.entries(sent).flatMap(([k, v]) => (skip.includes(k) ? [] : notEchoed(v, got[k], skip, at ? `${at}.${k}` : k)));
  }
  return sameJson(sent, got) ? [] : [`${at || '(root)'}: sent ${shown(sent, 120)}, read ${shown(got, 120)}`];
}

export interface ReadsBackInput {
  /** What was written (a create's or update's body, or the record as it was before a refused write). */
  sent: unknown;
  /** The record as the answer holds it. */
  got: unknown;
  /** Fields the answer does not echo (write-only or create-only: a password, a customer's new address). */
  ignore?: readonly string[];
}

/**
 * `reads-back`: a record created or updated reads back as written (its create's or update's answer,
 * a read, a list holding it). Judged per resource: each is its own code path on a real shop.
 */
export const readsBackRule = defineRule<ReadsBackInput>({
  name: 'reads-back',
  tag: 'lifecycle',
  basis: CRUD,
  title: 'a record of {resource} should read back as written',
  judge: (i) => notEchoed(i.sent, i.got, i.ignore),
});

/** `refused-write-harmless`: a write the shop refused leaves the record as it was. */
export const refusedWriteHarmlessRule = defineRule<ReadsBackInput>({
  name: 'refused-write-harmless',
  tag: 'lifecycle',
  basis: CRUD,
  title: 'a write to {resource} the shop refused should leave the record as it was',
  judge: (i) => notEchoed(i.sent, i.got, i.ignore),
});

export interface ListsCreatedInput {
  /** Identities the test made, and the identities listed. */
  made: readonly string[];
  listed: readonly string[];
}

/** `lists-created`: a list shows the records just created into it. */
export const listsCreatedRule = defineRule<ListsCreatedInput>({
  name: 'lists-created',
  tag: 'lifecycle',
  basis: CRUD,
  title: '{operation} should list the records just created',
  judge: (i) => {
    const absent = i.made.filter((id) => !i.listed.includes(id));
    return absent.length ? `not listed: [${absent.join(', ')}] of the ${i.made.length} just created; ${i.listed.length} listed: [${i.listed.slice(0, 30).join(', ')}${i.listed.length > 30 ? ', …' : ''}]` : undefined;
  },
});

export interface ReadsRecordInput {
  status: number;
  transportError?: string | undefined;
  /** The record the answer holds (a single read may answer a one-item list), if any. */
  record: unknown;
  body: unknown;
}

/** `reads-record`: a record the test made (or the shop has) reads with 200 and the record. */
export const readsRecordRule = defineRule<ReadsRecordInput>({
  name: 'reads-record',
  tag: 'lifecycle',
  basis: CRUD,
  title: '{operation} should answer the record',
  aboutStatus: true,
  judge: (i) => (i.status >= 200 && i.status < 300 && isObj(i.record) ? undefined : `got ${i.status || i.transportError || 'no answer'}: ${shown(i.body, 300)}`),
});

/** `unlisted-after-delete`: a list no longer holds a record after its delete. */
export const unlistedAfterDeleteRule = defineRule<{ deleted: readonly string[]; listed: readonly string[] }>({
  name: 'unlisted-after-delete',
  tag: 'lifecycle',
  basis: CRUD,
  title: '{operation} should not list a deleted record',
  judge: (i) => {
    const still = i.deleted.filter((id) => i.listed.includes(id));
    return still.length ? `deleted, still listed: [${still.join(', ')}]` : undefined;
  },
});

/** Why a long string refused or cut is an advisory, never a Fail. */
export const LONG_TEXT = project(
  'the spec sets no maxLength on these strings, so it allows any length; that a shop stores 300 characters in them is our reading: shops keep such fields in VARCHAR columns (GX 4.8: street 64, city 32, company 255) that the spec does not declare',
);

/**
 * `long-text-kept`: a record written with a string of 300 characters (where the schema sets no
 * maxLength) is created and reads back whole. An advisory (LONG_TEXT): the round trip's long class
 * hands its problems here instead of failing its own rules.
 */
export const longTextKeptRule = defineRule<{ problems: readonly string[] }>({
  name: 'long-text-kept',
  tag: 'lifecycle',
  basis: LONG_TEXT,
  title: 'a record of {resource} should keep strings longer than 255 characters, which the spec does not bound but shops store in VARCHAR columns',
  severity: 'minor',
  judge: (i) => i.problems,
});
