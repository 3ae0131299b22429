// The statuses and bodies a rule test needs of an answer (facts "Responses"): a request that should
// work answers a success, a wrong one (an id of the wrong type, a record that does not exist, a
// body the rule refuses) one of the error statuses its operation declares with a body that says
// why, a delete names what it deleted, a create answers the new record with its id. The resource
// suites, the properties and the model judge these through the same rules, in the column of the
// rule whose test needed them.
import { isObj } from '../../core/json.js';
import { saysWhy } from '../errorBodyShape.js';
import { described, erratum, project } from '../basis.js';
import { defineRule } from './rule.js';
import { shown } from './shown.js';

/** The description declares each operation's statuses; the v2 guide says an error body says why. */
const DECLARED = described("description: each operation's declared statuses; v2 guide [error handling]: an error answer says why");

/**
 * Which of the error statuses an operation declares answers which wrong request: the description
 * lists statuses per operation, not the case each is for (HTTP's meaning is our reading).
 */
export const WHICH_ERROR = project('which of the error statuses an operation declares answers which wrong request is not described (the description lists statuses, not cases); the status named is the HTTP meaning, our reading');

/** That an error body's reason is a `message` string: our spec's (ERRATA #29); the vendor's error schema requires nothing. */
export const MESSAGE_MEMBER = erratum("ERRATA #29: our error schema requires message; the description's defaultErrorResponse requires nothing, the v2 guide only that the body says why");


function gotten(status: number, transportError: string | undefined): string {
  return String(status || transportError || 'no answer');
}

export interface AnswersInput {
  status: number;
  transportError?: string | undefined;
  /** The statuses that do (`success`: any 2xx). Another 2xx where 2xx are wanted is statusCodeConformance's to judge, on the operation's valid request. */
  want: 'success' | readonly number[];
  /** The answer's body, shown in the message. */
  body?: unknown;
}

/** `answers`: a request the rule needs answers the status it calls for (a success, mostly). */
export const answersRule = defineRule<AnswersInput>({
  name: 'answers',
  tag: 'lifecycle',
  basis: DECLARED,
  title: '{operation} should answer the status the request calls for',
  aboutStatus: true,
  judge: (i) => {
    const success = (s: number): boolean => s >= 200 && s < 300;
    const want = i.want === 'success' ? undefined : i.want;
    if (want ? want.includes(i.status) || (success(i.status) && want.every(success)) : success(i.status)) return undefined;
    return `expected ${want ? `status ${want.join(' or ')}` : 'a 2xx answer'}, got ${gotten(i.status, i.transportError)}${i.body !== undefined ? `: ${shown(i.body, 300)}` : ''}`;
  },
});

/** The wrong request, by what a reader calls it. */
export type WrongRequest = 'invalid' | 'missing' | 'refused';

export interface ErrorStatusInput {
  status: number;
  transportError?: string | undefined;
  /** The error statuses (4xx, 5xx) the operation declares. */
  declared: readonly number[];
  /** What was wrong: an invalid request (an id of the wrong type), a record that does not exist, a request the rule refuses. */
  wrong: WrongRequest;
  /**
   * How the status is judged:
   * - `declared`: any error status the operation declares (the vendor declares odd ones for some
   *   reads, 500 or 501), any 4xx where it declares none (the v2 guide: a fitting error status);
   * - `named`: the status the rule names (`want`), or another the operation declares;
   * - `gone`: the record is asked for after its delete: 404 where declared, else any 4xx but 401,
   *   403 and 429; a 2xx says it is still there, and a 5xx never says it is gone.
   */
  mode: 'declared' | 'named' | 'gone';
  /** The status HTTP's meaning names for it (404 for a missing record); another declared error status is an advisory (WHICH_ERROR). */
  want?: readonly number[];
  body?: unknown;
}

function errorStatusProblem(i: ErrorStatusInput): { message: string; advisory: boolean } | undefined {
  const got = i.status;
  const want = i.mode === 'gone' && i.declared.includes(404) ? [404] : (i.want ?? []);
  const what = i.wrong === 'invalid' ? 'an invalid request' : i.wrong === 'missing' ? 'a missing record' : 'a request the rule refuses';
  const answered = `got ${gotten(got, i.transportError)}${i.body !== undefined ? `: ${shown(i.body, 300)}` : ''}`;
  const declaredError = i.declared.includes(got);
  const clientError = got >= 400 && got < 500;
  let ok: boolean;
  let expected: string;
  switch (i.mode) {
    case 'declared':
      ok = declaredError || (!i.declared.length && clientError);
      expected = i.declared.length ? `a declared error status (${i.declared.join(', ')})` : 'a 4xx';
      break;
    case 'named':
      ok = want.includes(got) || declaredError;
      expected = `${want.join(' or ')}${i.declared.length ? ` or another declared error status (${i.declared.join(', ')})` : ''}`;
      break;
    case 'gone':
      ok = want.length ? want.includes(got) || declaredError : clientError && ![401, 403, 429].includes(got);
      expected = want.length ? '404, as declared' : 'a 4xx (the operation declares no status for a missing record)';
      break;
  }
  if (!ok) return { message: `expected ${expected} for ${what}, ${answered}`, advisory: false };
  if (want.length && !want.includes(got)) return { message: `answered ${got}, one of the declared error statuses, where ${want.join(' or ')} is the usual one for ${what}`, advisory: true };
  return undefined;
}

/**
 * `error-status`: a wrong request (an id of the wrong type, a record that does not exist, a body
 * the rule refuses) answers an error status its operation declares; which declared one answers
 * which wrong request is our reading (an advisory, WHICH_ERROR).
 */
export const errorStatusRule = defineRule<ErrorStatusInput>({
  name: 'error-status',
  tag: 'error-status',
  basis: DECLARED,
  title: '{operation} should refuse a wrong request with an error status it declares',
  aboutStatus: true,
  judge: (i) => {
    const p = errorStatusProblem(i);
    return p ? { message: p.message, basis: p.advisory ? WHICH_ERROR : DECLARED } : undefined;
  },
});

/** `error-body`: an error answer says why, in its `message` (that it is `message` is ERRATA #29, an advisory). */
export const errorBodyRule = defineRule<{ body: unknown; text: string }>({
  name: 'error-body',
  tag: 'error-status',
  basis: DECLARED,
  title: '{operation} should say why it refused a wrong request, in the error body',
  judge: (i) => {
    if (!isObj(i.body) || !saysWhy(i.body)) return `the body says nothing of why: ${shown(i.body ?? i.text, 300)}`;
    return typeof i.body.message === 'string' && i.body.message !== '' ? undefined : { message: `the body has no message: ${shown(i.body, 300)}`, basis: MESSAGE_MEMBER };
  },
});

export interface NamesRecordInput {
  /** The answer's field that names the record (`addressId`, `filename`), its value, and whether that is the record. */
  field: string;
  value: unknown;
  matches: boolean;
  /** The vendor's answer schema requires the field (customers' `deleted`): its absence fails too. */
  required?: boolean;
  body: unknown;
}

/**
 * `names-record`: a delete's answer names the record it deleted. The vendor declares the field on
 * the answer but does not require it, so an answer without it is an advisory; one that names
 * another record fails.
 */
export const namesRecordRule = defineRule<NamesRecordInput>({
  name: 'names-record',
  tag: 'lifecycle',
  basis: DECLARED,
  title: "{operation} should name the record it deleted in its answer",
  judge: (i) => {
    const message = `${i.field}: ${shown(i.value, 300)}; answered ${shown(i.body, 300)}`;
    if (i.value !== undefined && i.value !== null) return i.matches ? undefined : message;
    return i.required ? message : { message, basis: project(`the declared answer has ${i.field} but does not require it (both shops send it: facts "Deletes")`) };
  },
});

export interface CreatesInput {
  status: number;
  transportError?: string | undefined;
  /** The id the answer gave the new record (`id`, or `created[0].id`), as read. */
  id: unknown;
  body: unknown;
}

/** `creates`: a create succeeds and answers the new record with its id (a positive integer). */
export const createsRule = defineRule<CreatesInput>({
  name: 'creates',
  tag: 'lifecycle',
  basis: DECLARED,
  title: '{operation} should create the record and answer it with its id',
  aboutStatus: true,
  judge: (i) => {
    if (i.status < 200 || i.status >= 300) return `expected a 2xx answer, got ${gotten(i.status, i.transportError)}: ${shown(i.body, 300)}`;
    const id = Number(i.id);
    return i.id !== undefined && Number.isSafeInteger(id) && id > 0 ? undefined : `no positive integer id in the answer: ${shown(i.body, 300)}`;
  },
});

export interface CreatesManyInput {
  status: number;
  transportError?: string | undefined;
  /** How many records were sent in the one request, and the records the answer lists as created. */
  sent: number;
  created: readonly Record<string, unknown>[];
  body: unknown;
}

/** `creates-many`: a bulk create (a list of records in one request) answers every new record with its id. */
export const createsManyRule = defineRule<CreatesManyInput>({
  name: 'creates-many',
  tag: 'lifecycle',
  basis: DECLARED,
  title: '{operation} should create every record of a bulk create and answer each with its id',
  aboutStatus: true,
  judge: (i) => {
    if (i.status < 200 || i.status >= 300) return `expected a 2xx answer, got ${gotten(i.status, i.transportError)}: ${shown(i.body, 300)}`;
    const ids = i.created.map((r) => Number(r.id));
    if (i.created.length === i.sent && ids.every((id) => Number.isSafeInteger(id) && id > 0)) return undefined;
    // GX 3.2 answers the bulk form with one record it made from a body it did not read (every text
    // empty): that is no created list.
    const one = isObj(i.body) && !Array.isArray(i.body.created) && i.body.id !== undefined ? i.body : undefined;
    return one
      ? `sent ${i.sent} record(s) as a list, the answer is one record (id ${shown(one.id, 300)}), not the list of created records: ${shown(i.body, 300)}`
      : `sent ${i.sent} record(s), the answer lists ${i.created.length} with ids [${ids.join(', ')}]: ${shown(i.body, 300)}`;
  },
});

export interface StoresUploadInput {
  status: number;
  transportError?: string | undefined;
  /** What the answer names the stored file by (a path, a file name); empty when it names none. */
  named: string;
  body: unknown;
}

/** `stores-upload`: an upload is stored and its answer names what to refer to it by (a path, the stored file name). */
export const storesUploadRule = defineRule<StoresUploadInput>({
  name: 'stores-upload',
  tag: 'files',
  basis: DECLARED,
  title: '{operation} should store the upload and answer the name to refer to it by',
  aboutStatus: true,
  judge: (i) => (i.status >= 200 && i.status < 300 && i.named !== '' ? undefined : `expected a 2xx answer naming the stored file, got ${gotten(i.status, i.transportError)}: ${shown(i.body, 300)}`),
});
