// The signature of a failing finding: what makes two findings one defect of the target. The
// grouping rule, one cause one group:
//
//   A defect is the answer a kind of request gets: (1) the problem the answer shows, (2) the answer
//   (its status, and the shop's own words where it says why), (3) the request class, from what was
//   sent (valid; a wrong-typed or out-of-range id; a request for a record that does not exist; a
//   missing, malformed or mistyped body; a body field that breaks its type, enum or presence, with
//   the resource whose controller reads it; an upload without a file; a query parameter), and for a valid request refused (4) the rule
//   that needed it. Never the test's own words about a status (they name operations and values), never the
//   operation, but where the answer cannot tell code paths apart (below).
//
// What an answer shows decides the problem first, whatever check judged it, so one exchange is one
// defect: a 5xx is a server error (one cause per message; with values, ids, parameter names and
// the value it complains of taken out); invalid input answered 2xx is invalid input accepted (data
// written wrongly for a write), whatever check judged its shape, told apart only by an answer that
// held nothing (`{}`); a request without valid credentials
// answered is an open door; a request sent to be refused that got another 4xx than the rule wants is
// a refusal with another status; a valid request a rule needs answered 4xx is a valid request
// refused. Otherwise the check, or for the resource suites' rules the rule's own words (one failing
// step, such as a list that does not show what the test created, is one defect whichever rule's
// test met it). The operation joins the signature only for a 500 to a valid request whose message
// names nothing but a value type (`IntType: ... got NULL`): the value comes from that operation's
// own code, so three operations are three causes.
import { createHash } from 'node:crypto';
import type { Evidence } from '../../core/finding.js';
import type { ReportFinding } from '../compatibility/test-record.js';
import { sentToBeRefused } from '../../core/exchange.js';

/** What kind of problem a defect is; decides its rank (worst first) and severity. */
export type DefectKind = 'server-error' | 'no-answer' | 'data' | 'security' | 'behaviour' | 'status' | 'shape' | 'other';

export interface Signature {
  kind: DefectKind;
  /** The check, `rule`, or the answer's class (`server-error`, `invalid-input-accepted`, ...). */
  problem: string;
  /** HTTP status of the answer that shows it (0: none came; undefined: no exchange recorded). */
  status: number | undefined;
  /** Normalised message, schema problem or rule title. */
  detail: string;
  /** The kind of input that provoked it (`valid request`, `an invalid path id`, `without credentials`, ...). */
  input: string;
  /** All of the above in one line: the key of the defect, and what a baseline entry names. */
  text: string;
  /** Short id of `text` (`D-1a2b3c4d`), for anchors and links. */
  id: string;
}

/** Intents of probes whose input is the point (their label says what was sent). */
const PROBE_INTENTS = new Set(['negative', 'wrong-content-type', 'no-auth', 'wrong-auth', 'method-override', 'undeclared-method', 'plain-http']);
const NEGATIVE_INTENTS = new Set(['negative', 'wrong-content-type']);
const AUTH_INTENTS = new Set(['no-auth', 'wrong-auth']);
/** Checks of how an answer looks: they judge its body, not the status (an error, invalid input accepted). */
const SHAPE_CHECKS = new Set(['responseSchemaConformance', 'contentTypeConformance', 'errorBodyShape']);
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Rules whose failure means data was written, kept or deleted wrongly. */
const DATA_RULES = /lifecycle|idempot|unique|lost|cascade|bulk|password|ownership|history|totals|changed-date|files|email-queue|customer-address|negativeData/i;
/** Checks and rules about what a client may rely on as a protocol: auth and transport. */
const SECURITY = /^(authRequired|transportSecurity)$|auth|credential|password-hidden/i;
/** Status-code checks and rules. */
const STATUS = /^(statusCodeConformance|negativeDataRejection|rule:error-status)$/;
/** Shape checks and rules: bodies, headers and links that do not look as declared. */
const SHAPE = /^(responseSchemaConformance|contentTypeConformance|errorBodyShape|rule:links|rule:location-header|rule:link-header|rule:rate-limit|rule:fields)$/;

/**
 * Takes out what differs from run to run, record to record and shop to shop: run ids
 * (`r2611252147804z`), e-mails and names the run made, quoted values, values of query parameters
 * (`sort=+name` -> `sort=…`), paths of the shop's files, numbers and hex ids.
 */
export function normalise(s: string): string {
  return s
    .replace(/\bhttps?:\/\/\S+/g, '<url>')
    // A value check of the shop's model names its parameter and what it wanted ("$p_company is not
    // a string", "$p_gender is not expected string ..."): one code path, whatever parameter.
    .replace(/\$\w+ is not\b.*$/, '$… is not …')
    .replace(/qa\+?[-\w.]*@example\.test/g, '<e-mail>')
    .replace(/\br\d{8,}[a-z0-9]*\b/g, '<run>')
    .replace(/qa-<run>[-\w]*/g, '<name>')
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/'(?:[^'\\]|\\.)*'/g, (m) => (m.length <= 40 && /^'[\w.$-]+'$/.test(m) ? m : "'…'"))
    .replace(/(?:\/[\w.-]+){2,}\.php\b/g, '<file>')
    .replace(/(?:\/[\w.-]+){3,}/g, (m) => (/^\/(tmp|var|srv|home|opt|usr)\//.test(m) ? '<path>' : m))
    .replace(/\b([a-z_][\w[\].]*)=(?!…)[^&]*?(?= should\b| must\b)/gi, '$1=…')
    .replace(/\b([a-z_][\w[\].]*)=(?!…)[^\s&]+/gi, '$1=…')
    .replace(/ by [\w.]+ (ascending|descending)(, then [\w.]+ (ascending|descending))*/g, '')
    .replace(/(\d) record\b/g, '$1 records')
    .replace(/\bwhose [\w.]+ (it )?is\b/g, 'whose … $1is')
    .replace(/\d+(?:[.:\-/]\d+)*/g, '#')
    .replace(/\b[0-9a-f]*#[0-9a-f#]*\b/gi, (m) => (/[a-f]/i.test(m) && m.length > 8 ? '<hex>' : m))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The message a server put in its error body, else the start of the body text. */
export function serverMessage(ev: Evidence): string {
  const body = ev.bodyExcerpt.replace(/… \(\d+ characters[^)]*\)$/, '');
  try {
    const j = JSON.parse(body) as unknown;
    if (j && typeof j === 'object') {
      for (const k of ['message', 'error', 'detail', 'title']) {
        const v = (j as Record<string, unknown>)[k];
        if (typeof v === 'string' && v.trim()) return v.trim();
      }
    }
  } catch {
    // Not JSON (an HTML error page, a PHP warning): its text is the message.
  }
  const text = body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return text.length > 120 ? `${text.slice(0, 120)}…` : text || '(empty body)';
}

/**
 * What kind of body an answer carried, from its first character (excerpts may be cut): an error
 * answered with nothing and one answered with a PHP stack trace (a JSON array) are two causes.
 */
export function bodyKind(ev: Evidence): string {
  const body = ev.bodyExcerpt.trim();
  if (!body) return 'an empty body';
  if (body.startsWith('[')) return 'a JSON array';
  if (body.startsWith('{')) return 'a JSON object';
  if (body.startsWith('<')) return 'an HTML page';
  return 'text';
}

/**
 * The values a request's query carried, each list item apart and without its sort direction
 * (`sort=+email,-isGuest` -> `email`, `isGuest`), read from the evidence's curl.
 */
function queryValues(curl: string): Set<string> {
  const url = /'(https?:\/\/[^']+)'/.exec(curl)?.[1];
  const out = new Set<string>();
  if (!url) return out;
  try {
    for (const [, v] of new URL(url).searchParams) {
      for (const item of v.split(',')) {
        const bare = item.trim().replace(/^[+-]/, '');
        if (bare) out.add(bare);
      }
    }
  } catch {
    // Not a URL (a curl of a request that never had one): nothing to take out.
  }
  return out;
}

/**
 * A server's message with the values the request sent in its query taken out where it quotes them
 * (`The field 'isGuest' is not a valid field name.` -> `The field '…' is not ...`): which of the
 * sent values the shop names first is the request's, not the cause's, so a refused sort key is one
 * defect whichever key a test sent, and so whichever seed drew the keys.
 */
function withoutSentValues(message: string, curl: string): string {
  const sent = queryValues(curl);
  if (!sent.size) return message;
  return message.replace(/(['"])([^'"]{1,80})\1/g, (m, q: string, v: string) => (sent.has(v) ? `${q}…${q}` : m));
}

/** A server's message without the value it complains about (`... got string): 1abc` -> `... got string)`). */
function serverCause(message: string): string {
  return normalise(message.replace(/\)\s*:\s*\S*$/, ')').replace(/:\s+\S+$/, (m) => (/^:\s+[\w#.-]+$/.test(m) ? '' : m)));
}

/**
 * The body rule a request broke, from the label of a negative probe (`body field of the wrong type
 * (isGuest is a string)`) or of the negative-data property (`breaks type: /1/isGuest: ...`,
 * `breaks required: /0: required field "gender" is missing`): both judges name the same class.
 * A field's rule is the resource's own code (its controller reads the body), so the class names the
 * resource, not the field: GX 4.8 casts an address's b2bStatus with (bool) and tests a customer's
 * isGuest with === true, two causes; one resource's fields are one.
 */
function brokenField(label: string): string | undefined {
  if (/^body field of the wrong type \(\S+ is an? \w+\)$/.test(label)) return 'a body field of the wrong type';
  const prop = /^breaks (\w+): (\S*): /.exec(label);
  if (!prop) return undefined;
  const [, kind = '', at = ''] = prop;
  if (kind === 'required') return 'a body without a required field';
  if (kind === 'additionalProperties') return 'a body with a field it does not declare';
  // The body itself (its root, or an item of a bulk body) of the wrong kind: an invalid body.
  if (!at.split('/').some((x) => x !== '' && !/^\d+$/.test(x))) return kind === 'type' ? 'an invalid body' : `a body that breaks its ${kind} rule`;
  if (kind === 'type') return 'a body field of the wrong type';
  if (kind === 'enum') return 'a body field out of its enum';
  return `a body field that breaks its ${kind} rule`;
}

/** The collection a request wrote to, from its URL (`/products/{id}/additional_fields` -> `products/additional_fields`). */
function resourceOf(ev: Evidence): string | undefined {
  const url = /'(https?:\/\/[^'\s]+)'/.exec(ev.curl)?.[1];
  if (!url) return undefined;
  let segments: string[];
  try {
    segments = new URL(url).pathname.split('/').filter(Boolean);
  } catch {
    return undefined;
  }
  const base = segments.findIndex((x) => /^v\d+$/.test(x));
  // Ids and id lists out, and literal segments that are another view of a record (`.../Property`).
  const own = (base >= 0 ? segments.slice(base + 1) : segments).filter((x) => !/\d/.test(x) && !/,/.test(x) && !/^[A-Z]/.test(x));
  return own.length ? own.join('/') : undefined;
}

/**
 * The request class of an exchange, without the values it carried: probes and the suites' invalid
 * requests by their label (`wrong-typed path id customer_id=1abc` and a suite's `customer_id=abc`
 * are both a wrong-typed id; a missing, malformed or mistyped body is an invalid body; a field that
 * breaks its rule is named with the resource, whichever judge sent it), other requests as valid ones.
 */
export function inputKind(ev: Evidence | undefined): string {
  if (!ev) return 'unknown input';
  const intent = ev.intent ?? 'positive';
  const raw = ev.label ?? '';
  if (sentToBeRefused(intent)) {
    if (/^wrong-typed path id\b/.test(raw) || /^[\w.]*id=[^\d\s]\S*$/i.test(raw)) return 'a wrong-typed id';
    if (/^out-of-range path id\b/.test(raw)) return 'an out-of-range id';
    // An id no record has and a record deleted before its read: both ask for a record that does not exist.
    if (/\bid no shop has$/.test(raw) || raw === 'a record that does not exist') return 'a request for a record that does not exist';
    if (/^upload without (a|its) file\b/.test(raw)) return 'an upload without a file';
    const field = brokenField(raw);
    const resource = field?.startsWith('a body field') || field?.startsWith('a body without') || field?.startsWith('a body with a') ? resourceOf(ev) : undefined;
    if (field) return resource ? `${field} to ${resource}` : field;
  }
  const label = raw
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/\b[\w.[\]-]+=\S*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (sentToBeRefused(intent)) {
    if (/\bbody\b|JSON/i.test(label) && !/\bfield\b/.test(label)) return 'an invalid body';
    if (label) return normalise(label);
    return READS.has(ev.method ?? 'GET') ? 'an invalid read' : 'an invalid write';
  }
  if (PROBE_INTENTS.has(intent) && label) return normalise(label);
  switch (intent) {
    case 'no-auth':
      return 'without credentials';
    case 'wrong-auth':
      return 'with wrong credentials';
    case 'positive':
    case 'setup':
    case 'follow-up':
      return 'valid request';
    default:
      return intent.replace(/-/g, ' ');
  }
}

/** The query parameters a valid request carried (`changed=…`), for a valid request a rule needed and the shop refused. */
function withParameters(ev: Evidence): string {
  const names = [...(ev.label ?? '').matchAll(/\b([a-z_][\w.]*)=/gi)].map((m) => `${m[1] ?? ''}=…`);
  return names.length ? `a valid request with ${[...new Set(names)].join('&')}` : 'a valid request';
}

/**
 * What a success answer to invalid input held, where it held nothing of a record: a shop that
 * answers a missing record with `{}` and one that answers it with the record (a deleted one, or the
 * one its leading digits name) are two causes; a record, a list or a message is what the operation
 * answers anyway, not a cause of its own.
 */
export function answerKind(ev: Evidence): string {
  const body = ev.bodyExcerpt.replace(/… \(\d+ characters[^)]*\)$/, '').trim();
  if (!body) return 'no body';
  if (/^\{\s*\}$/.test(body)) return 'an empty object';
  return '';
}

/** Whether a 500's message names nothing but a value type (`IntType: Invalid argument value given (...)`): no code path of its own. */
function onlyAType(cause: string): boolean {
  return /^\w+Type: Invalid argument value given\b/.test(cause);
}

/**
 * The schema problems of an answer: the required properties one object lacks are one problem
 * (`lacks de, en`, wherever), a field of the wrong type another; below the top level, fields of one
 * object with the same wrong type are one problem (`/addonValues/* must be string`). Each is its
 * own defect, so a shop that starts dropping `email` shows a new defect beside a known one. Paths
 * are the record's: record 0 and record 7 of a list lacking `email` is one problem, as is the
 * record read alone or answered by a bulk create.
 */
function schemaProblems(ev: Evidence | undefined, f: ReportFinding): { problem: string; root: boolean }[] {
  const errors = ev?.schemaErrors ?? [];
  if (!errors.length) return [{ problem: normalise(f.title), root: false }];
  const missing = new Map<string, Set<string>>();
  const other = new Set<string>();
  for (const e of errors) {
    // Relative to the record: `/0/email` of a list, `/created/3/email` of a bulk answer and
    // `/email` of a single read are one field.
    const record = e.path.replace(/^.*\/\d+(?=\/|$)/, '');
    const at = record.replace(/\/\d+(?=\/|$)/g, '') || '/';
    const req = /^must have required property '([^']+)'$/.exec(e.message);
    if (req) {
      const set = missing.get(at) ?? new Set<string>();
      set.add(req[1] ?? '');
      missing.set(at, set);
      continue;
    }
    const segments = at.split('/').filter(Boolean);
    const path = segments.length >= 2 ? `/${segments.slice(0, -1).join('/')}/*` : at;
    other.add(normalise(`${path} ${e.message}`));
  }
  // Where an object lacks the same properties does not matter (names and urls both lacking de, en:
  // one cause, the language keys); which properties does.
  const lacks = [...missing].map(([, props]) => `lacks ${[...props].sort().join(', ')}`);
  return [...new Set([...lacks, ...other])].sort().map((problem) => ({ problem, root: problem.startsWith('/ must be ') }));
}

export function kindOfProblem(problem: string): DefectKind {
  if (SECURITY.test(problem)) return 'security';
  if (STATUS.test(problem)) return 'status';
  if (SHAPE.test(problem)) return 'shape';
  if (DATA_RULES.test(problem)) return 'data';
  return 'behaviour';
}

export function defectId(text: string): string {
  return `D-${createHash('sha256').update(text).digest('hex').slice(0, 8)}`;
}

function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

function make(kind: DefectKind, problem: string, status: number | undefined, statusText: string, detail: string, input: string): Signature {
  const text = [problem, statusText, detail, input].join(' | ');
  return { kind, problem, status, detail, input, text, id: defectId(text) };
}

/**
 * Invalid input answered 2xx: the request class and what the answer held, whichever rule or check
 * judged it (a deleted record read back `{}` is one defect in the lifecycle and the error-status
 * tests; a quantity price answered for quantity 0 another).
 */
function accepted(ev: Evidence, status: number): Signature {
  return make(READS.has(ev.method ?? '') ? 'status' : 'data', 'invalid-input-accepted', status, '2xx', answerKind(ev), inputKind(ev));
}

/** The signatures of one failing finding: one, or one per schema problem of the answer it judged. */
export function signaturesOf(f: ReportFinding): Signature[] {
  const ev = f.evidence;
  const status = ev?.status;
  const st = status === undefined ? '-' : String(status);
  const input = inputKind(ev);
  const check = f.check;
  if (ev && status === 0) return [make('no-answer', 'no-answer', 0, '0', ev.transportError ?? 'no answer', input)];
  // Slowness is the operation's, whatever answer was slowest (a 501 held 2.5 s is a slow answer
  // here; whether a 501 may be answered at all is notAServerError's defect): one defect.
  if (check === 'responseTime') return [make('behaviour', check, undefined, '-', 'p95 response time over budget', 'any input')];
  // Not refused with 401 without valid credentials: an open door, whatever the request got instead.
  if (ev && status !== undefined && AUTH_INTENTS.has(ev.intent ?? '') && status !== 401 && status < 500) return [make('security', 'served-without-valid-credentials', status, '-', '', input)];
  if (ev && status !== undefined && status >= 500 && !SHAPE_CHECKS.has(check)) {
    // A message that names its cause (an exception, a type) is one code path whatever invalid input
    // met it; an empty or generic one says little, and the kind of input tells causes apart.
    // Valid and invalid input stay apart: a crash on what a client may send is not the missing
    // validation of what it may not. A bare value type on a valid request is the operation's own.
    const cause = serverCause(withoutSentValues(serverMessage(ev), ev.curl));
    const specific = (cause.length >= 16 && !cause.startsWith('(')) || cause.startsWith('$… is not');
    const negative = NEGATIVE_INTENTS.has(ev.intent ?? '');
    const valid = specific && !negative && onlyAType(cause) && f.operationId ? `valid request to ${f.operationId}` : 'valid request';
    return [make('server-error', 'server-error', status, st, cause, specific ? (negative ? 'invalid input' : valid) : input)];
  }
  if (ev && status !== undefined && status >= 200 && status < 300) {
    // Invalid input answered 2xx: one defect of the shop's input handling, read or write (a write
    // makes it data written wrongly), whatever check judged the answer: its shape is what the shop
    // made of input it should have refused, not a second defect.
    if (NEGATIVE_INTENTS.has(ev.intent ?? '')) return [accepted(ev, status)];
    if (ev.intent === 'undeclared-method' && !SHAPE_CHECKS.has(check)) return [make('behaviour', 'undeclared-method-served', status, '2xx', '', 'a method the path does not declare')];
  }
  if (ev && status !== undefined && status >= 400 && status < 500 && (f.aboutStatus || check === 'statusCodeConformance')) {
    // Refused with another 4xx than the rule or the description names: the status is what the shop
    // refuses that kind of request with, whichever test's words asked for another.
    if (NEGATIVE_INTENTS.has(ev.intent ?? '')) return [make('status', 'refused-with-another-status', status, st, '', input)];
    // A valid request the rule needs, refused: the rule and the request's parameters, not the
    // shop's wording (GX 4.8's controllers each word the same date check their own way).
    if (f.aboutStatus && !AUTH_INTENTS.has(ev.intent ?? '')) return [make('behaviour', 'valid-request-refused', status, st, check, withParameters(ev))];
  }
  // A shape problem is the answer's, whatever provoked it: success or error answer, any input
  // (error bodies that lack `message` on a 400, a 404 and a 500 are one defect).
  const shapeStatus = status === undefined ? '-' : status >= 400 ? 'error' : statusClass(status);
  // A field of the wrong type is the serializer's whatever the request; a body that is not the
  // declared kind at all (its root has the wrong type) says what the shop did with the request
  // (GX 4.8: the list for GET /addresses/1abc, [] for a PUT with a broken body), so the kind of
  // input stays in its signature.
  if (check === 'responseSchemaConformance') return schemaProblems(ev, f).map(({ problem, root }) => make('shape', check, status, shapeStatus, problem, root ? input : 'any input'));
  // An error answered without an error object: with nothing, a stack trace (a JSON array) or a page
  // are different causes.
  if (check === 'errorBodyShape' && ev && bodyKind(ev) !== 'a JSON object') return [make('shape', check, status, shapeStatus, `${normalise(f.title)}: ${bodyKind(ev)}`, 'any input')];
  if (check === 'statusCodeConformance' || check === 'negativeDataRejection') return [make('status', check, status, st, '', input)];
  // However the POST with the header is answered, the header was not honoured: one defect.
  if (check === 'methodOverride') return [make('behaviour', check, status, '-', 'X-HTTP-Method-Override is not honoured', 'any input')];
  const kind = kindOfProblem(check);
  if (check.startsWith('rule:')) return [make(kind, 'rule', status, st, normalise(f.title), input)];
  return kind === 'shape' ? [make(kind, check, status, shapeStatus, normalise(f.title), 'any input')] : [make(kind, check, status, st, normalise(f.title), input)];
}

/** The signature of a failing test that recorded no finding (a plain assertion): its message's first line. */
export function messageSignature(message: string | undefined): Signature {
  const first = (message ?? '').split('\n').map((l) => l.trim()).find(Boolean) ?? 'failed without a message';
  return make('other', 'assertion', undefined, '-', normalise(first.replace(/^\w*Error: /, '')), 'unknown input');
}
