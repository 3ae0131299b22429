// Injection-shaped input (OWASP API8:2023 / API10:2023): a few fixed, inert classes of value per
// parameter kind, the same in every run, each judged against the answer to a plain unknown value of
// the same parameter. The classes detect, they never exploit: no statement that writes, no stacked
// query, no time-based wait, no file access beyond naming a path. Pure: the suite sends
// (suites/security/injection.spec.ts), this judges.
//
// What an answer must not do: break down (5xx), reflect the expression into an error text, or
// (for a search, whose plain unknown keyword finds nothing) return records. SQL text in any answer
// is the passive scan's (leak:sql), which sees these answers too.
import type { Exchange } from '../core/exchange.js';
import type { SecurityFinding } from '../core/security.js';
import { listItems } from '../core/answers.js';
import { answerText } from './answer-text.js';
import { securityFinding } from './finding.js';

export interface InjectionClass {
  name: string;
  value: string;
  /** An error text that repeats it shows the input reached the code that failed on it. */
  reflects: boolean;
}

/** The classes, in the order they are sent. `zq` marks them: no record of any shop holds it. */
export const INJECTION_CLASSES: readonly InjectionClass[] = [
  { name: 'quote', value: "zq' OR 'a'='a", reflects: true },
  { name: 'comment', value: "zq'-- -", reflects: true },
  { name: 'keyword expression', value: '(select 1)', reflects: true },
  { name: 'path traversal', value: '../../../../etc/passwd', reflects: true },
  { name: 'NUL', value: 'zq\u0000x', reflects: false },
  { name: 'overlong', value: 'z'.repeat(4096), reflects: false },
];

/** Where a value goes, and how the plain unknown value and each class are written there. */
export interface InjectionPlace {
  /** `sort`, `fields`, `search`, `path id`: the cause names it, not the operation. */
  name: string;
  /** The value sent for a class (a sort key after a valid one, a field after `id`). */
  write: (value: string) => string;
  /** The plain unknown value of the same parameter. */
  plain: string;
  /** A list answer whose plain value finds nothing: a class that finds records got more. */
  countsRecords: boolean;
  /** Classes not sent here, because there they would not stay inert. */
  notSent?: readonly string[];
}

export const INJECTION_PLACES = {
  sort: { name: 'sort', write: (v: string) => `+id,-${v}`, plain: '+id,-zq_unknown_field', countsRecords: false },
  fields: { name: 'fields', write: (v: string) => `id,${v}`, plain: 'id,zq_unknown_field', countsRecords: false },
  search: { name: 'search', write: (v: string) => v, plain: 'zq-unknown-0815', countsRecords: true },
  // A traversal in a path segment leaves the API: the web server resolves it to another path (GX's
  // PHP server serves the storefront, which counts a page view in gm_counter_page: a write).
  pathId: { name: 'path id', write: (v: string) => v, plain: 'zq-unknown', countsRecords: false, notSent: ['path traversal'] },
} as const satisfies Record<string, InjectionPlace>;

/** The classes a place is sent. */
export function classesFor(place: InjectionPlace): InjectionClass[] {
  return INJECTION_CLASSES.filter((c) => !place.notSent?.includes(c.name));
}

/** The judgement of one class's answer, beside the plain value's. */
export function judgeInjection(place: InjectionPlace, cls: InjectionClass, plain: Exchange, probe: Exchange): SecurityFinding[] {
  const r = probe.response;
  if (r.status === 0) return [];
  // The cause is the parameter, not the class: six classes that reach the same query through sort
  // are one weakness (the title names the first class that showed it, the evidence its answer).
  const where = place.name;
  const out: SecurityFinding[] = [];
  if (r.status >= 500) {
    out.push(
      securityFinding('inject:server-error', probe, {
        cause: where,
        title: `a ${cls.name} in ${place.name} breaks the server down (${r.status})`,
        message: `The ${place.name} value ${JSON.stringify(shortValue(cls.value))} was answered ${r.status}, where a plain unknown value was answered ${plain.response.status}: the input reached code that cannot handle it (a query built from it is the usual cause). It must be refused with a 4xx or treated like any unknown value.`,
      }),
    );
  }
  if (cls.reflects && r.status >= 400 && answerText(probe).includes(cls.value)) {
    out.push(
      securityFinding('inject:reflected', probe, {
        cause: where,
        title: `a ${cls.name} in ${place.name} is repeated in the error text`,
        message: `The ${r.status} answer repeats ${JSON.stringify(cls.value)} as it was sent: the error names the expression instead of saying what was wrong, which shows how the input is used and carries it into every log and page that shows the error.`,
      }),
    );
  }
  if (place.countsRecords && r.status >= 200 && r.status < 300 && plain.response.status >= 200 && plain.response.status < 300) {
    const got = listItems(r.json).length;
    const base = listItems(plain.response.json).length;
    if (got > base) {
      out.push(
        securityFinding('inject:more-records', probe, {
          cause: where,
          title: `a ${cls.name} in ${place.name} returns records a plain unknown value does not (${got} against ${base})`,
          message: `The ${place.name} value ${JSON.stringify(shortValue(cls.value))} found ${got} record(s) where the plain unknown value ${JSON.stringify(place.plain)} found ${base}: the expression changed what the query selects.`,
        }),
      );
    }
  }
  return out;
}

function shortValue(v: string): string {
  return v.length > 40 ? `${v.slice(0, 12)}… (${v.length} characters)` : v;
}
