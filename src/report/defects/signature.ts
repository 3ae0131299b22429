// The signature of a failing finding: what makes two findings one defect of the target (issue 24).
// It is stable across runs, seeds and operations: the kind of problem, the status, the normalised
// message or schema path, and the kind of input, with ids, run tokens, numbers and drawn values
// taken out. What an answer shows decides the kind first, whatever check judged it, so the checks
// that judge one answer agree: a 5xx is a server error (one cause: its message and the input that
// provoked it), invalid input answered 2xx is invalid input accepted, a request without valid
// credentials answered 2xx is an open door; otherwise the check or rule and what it saw.
import { createHash } from 'node:crypto';
import type { Evidence } from '../../core/finding.js';
import type { ReportFinding } from '../compatibility/types.js';

/** What kind of problem a defect is; decides its rank (worst first) and severity. */
export type DefectKind = 'server-error' | 'no-answer' | 'data' | 'security' | 'behaviour' | 'status' | 'shape' | 'other';

export interface Signature {
  kind: DefectKind;
  /** The check or rule column that names the problem, or the answer's class (`server-error`, ...). */
  problem: string;
  /** HTTP status of the answer that shows it (0: none came; undefined: no exchange recorded). */
  status: number | undefined;
  /** Normalised message, schema errors or rule title. */
  detail: string;
  /** The kind of input that provoked it (`valid request`, `wrong-typed path id`, `without credentials`, ...). */
  input: string;
  /** All of the above in one line: the key of the defect, and what a baseline entry names. */
  text: string;
  /** Short id of `text` (`D-1a2b3c4d`), for anchors and links. */
  id: string;
}

const NEGATIVE_INTENTS = new Set(['negative', 'wrong-content-type']);
const AUTH_INTENTS = new Set(['no-auth', 'wrong-auth']);

/** Rules whose failure means data was written, kept or deleted wrongly. */
const DATA_RULES = /lifecycle|idempot|unique|lost|cascade|bulk|password|ownership|history|totals|changed-date|files|email-queue|customer-address|negativeData/i;
/** Checks and rules about what a client may rely on as a protocol: auth and transport. */
const SECURITY = /^(authRequired|transportSecurity)$|auth|credential|password-hidden/i;
/** Status-code checks and rules. */
const STATUS = /^(statusCodeConformance|negativeDataRejection|rule:error-status)$/;
/** Shape checks and rules: bodies, headers and links that do not look as declared. */
const SHAPE = /^(responseSchemaConformance|contentTypeConformance|errorBodyShape|rule:links|rule:location-header|rule:link-header|rule:rate-limit|rule:fields)$/;

/**
 * Takes out what differs from run to run and from record to record: run ids (`r2611252147804z`),
 * e-mails and names the run made, quoted values, numbers, hex ids and dates.
 */
export function normalise(s: string): string {
  return s
    .replace(/qa\+?[-\w.]*@example\.test/g, '<e-mail>')
    .replace(/\br\d{8,}[a-z0-9]*\b/g, '<run>')
    .replace(/qa-<run>[-\w]*/g, '<name>')
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/'(?:[^'\\]|\\.)*'/g, (m) => (m.length <= 40 && /^'[\w.$-]+'$/.test(m) ? m : "'…'"))
    .replace(/\b[0-9a-f]{16,}\b/gi, '<hex>')
    .replace(/\d+(?:[.:\-/]\d+)*/g, '#')
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

/** The kind of input an exchange was, from its intent and label, without the values it carried. */
export function inputKind(ev: Evidence | undefined): string {
  if (!ev) return 'unknown input';
  const label = (ev.label ?? '')
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/\b[\w.[\]-]+=\S*/g, '')
    .replace(/recorded earlier in this run.*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (label) return normalise(label);
  switch (ev.intent) {
    case 'no-auth':
      return 'without credentials';
    case 'wrong-auth':
      return 'with wrong credentials';
    case 'negative':
      return 'invalid input';
    case undefined:
    case 'positive':
    case 'setup':
    case 'follow-up':
      return 'valid request';
    default:
      return ev.intent.replace(/-/g, ' ');
  }
}

/**
 * The schema problems of an answer, one per distinct path and message: a record that lacks
 * `email` is one problem and `addonValues` of the wrong type another, each its own defect (a
 * shop that starts dropping `email` shows a new defect beside a known one). Array indices go:
 * record 0 and record 7 of a list lacking `email` is one problem, as is the record read alone.
 */
function schemaProblems(ev: Evidence | undefined, f: ReportFinding): string[] {
  const errors = ev?.schemaErrors ?? [];
  if (!errors.length) return [normalise(f.title)];
  const parts = errors.map((e) => `${e.path.replace(/\/\d+(?=\/|$)/g, '').replace(/^$/, '/')} ${e.message}`);
  return [...new Set(parts.map(normalise))].sort();
}

function kindOfProblem(problem: string): DefectKind {
  if (SECURITY.test(problem)) return 'security';
  if (STATUS.test(problem)) return 'status';
  if (SHAPE.test(problem)) return 'shape';
  if (DATA_RULES.test(problem)) return 'data';
  return 'behaviour';
}

export function defectId(text: string): string {
  return `D-${createHash('sha256').update(text).digest('hex').slice(0, 8)}`;
}

function make(kind: DefectKind, problem: string, status: number | undefined, detail: string, input: string): Signature {
  // A shape problem is the answer's, whatever provoked it: its class of status, any input (error
  // bodies that lack `message` on a 400 and on a 404 are one defect).
  const shape = kind === 'shape';
  const statusText = status === undefined ? '-' : shape ? `${Math.floor(status / 100)}xx` : String(status);
  const text = [problem, statusText, detail, shape ? 'any input' : input].join(' | ');
  return { kind, problem, status, detail, input: shape ? 'any input' : input, text, id: defectId(text) };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The signatures of one failing finding: one, or one per schema problem of the answer it judged. */
export function signaturesOf(f: ReportFinding): Signature[] {
  const ev = f.evidence;
  const status = ev?.status;
  const input = inputKind(ev);
  if (ev && status === 0) return [make('no-answer', 'no-answer', 0, ev.transportError ?? 'no answer', input)];
  if (ev && status !== undefined && status >= 500) return [make('server-error', 'server-error', status, normalise(serverMessage(ev)), input)];
  if (ev && status !== undefined && status >= 200 && status < 300) {
    // Invalid input a write accepts is data written wrongly; a read that answers it is a wrong status.
    if (NEGATIVE_INTENTS.has(ev.intent ?? '')) return READS.has(ev.method ?? '') ? [make('status', 'invalid-input-answered', status, '', input)] : [make('data', 'invalid-input-accepted', status, '', input)];
    if (AUTH_INTENTS.has(ev.intent ?? '')) return [make('security', 'served-without-valid-credentials', status, '', input)];
  }
  const problem = f.check;
  if (problem === 'responseSchemaConformance') return schemaProblems(ev, f).map((p) => make('shape', problem, status, p, input));
  if (problem === 'statusCodeConformance' || problem === 'negativeDataRejection') return [make('status', problem, status, '', input)];
  return [make(kindOfProblem(problem), problem, status, normalise(f.title), input)];
}

/** The signature of a failing test that recorded no finding (a plain assertion): its message's first line. */
export function messageSignature(message: string | undefined): Signature {
  const first = (message ?? '').split('\n').map((l) => l.trim()).find(Boolean) ?? 'failed without a message';
  return make('other', 'assertion', undefined, normalise(first.replace(/^\w*Error: /, '')), 'unknown input');
}
