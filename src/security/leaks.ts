// Leaks in answers (OWASP API8:2023, security misconfiguration): what an answer tells about the
// server's code that no client needs. Pure: it reads an exchange the run already has, so the scan
// costs no request. One answer gives at most one finding of the code-leak kinds, the most telling
// first (a stack trace, else a server path, else class names: a trace names paths and classes too,
// and counting it three times would rank it above its weight), and one of SQL text.
//
// Each finding's cause is the place in the code it names (the first frame, the file and line, the
// class), never the operation: twenty operations that fail in the same frame are one finding.
// What the request itself sent is never reported (answer-text.ts): an echo is a reflection, which
// the injection checks judge.
import type { Exchange } from '../core/exchange.js';
import { isObj } from '../core/json.js';
import type { SecurityFinding } from '../core/security.js';
import { answerText, quote, sentText } from './answer-text.js';
import { securityFinding } from './finding.js';

const CODE_EXT = 'php\\d?|inc|phtml|py|rb|java|kt|js|mjs|cjs|ts|go|cs|pl|jsp|aspx?|class';
/**
 * Where servers keep code: an absolute path must start in one of these (or at a drive letter) to
 * count, so a web path in an HTML page (`/templates/x/javascript/a.js`) is not taken for one.
 */
const FS_ROOTS = 'var|home|srv|usr|opt|tmp|app|apps|www|data|root|mnt|Users|Library|workspace|build|code|sites|web|htdocs|inetpub|private';
/** An absolute path to a source file, at least two folders deep, not part of a URL. */
const SERVER_PATH = new RegExp(`(?<![\\w.:/\\\\-])(?:[A-Za-z]:\\\\|/(?:${FS_ROOTS})/)(?:[\\w.@~+-]+[/\\\\]){1,}[\\w.@~+-]+\\.(?:${CODE_EXT})\\b`, 'g');
/** The line a path is followed by: `on line 96`, `(96)`, `:96`. */
const LINE_AFTER = /^(?: on line |\(|:)(\d+)/;

/** A frame as JSON inside a text answer (GX 4.8 prints a query error, then its trace array). */
const JSON_FRAME = /"file"\s*:\s*"([^"]+)"\s*,\s*"line"\s*:\s*(\d+)/;
/** Frames of a trace in text: PHP `#0 /x/y.php(12): f()`, JVM/Node `at f (x.js:1:2)`, Python's header. */
const TRACE_TEXT = [/#\d+ (?:\S+\(\d+\)|\[internal function\]): \S/, /(?:^|\n)\s*at [\w$.<>[\]]+ \(?[^()\n]*:\d+(?::\d+)?\)?\s*\n\s*at /, /Traceback \(most recent call last\)/, JSON_FRAME];
/** JSON keys that hold a trace. */
const TRACE_KEY = /^(?:stack_?trace|trace|backtrace|stack)$/i;

/** `Class::method()`, `Class->method()`: a method of the implementation named in an error text. */
const METHOD = /\b([A-Z][\w\\]*)(?:::|->)([A-Za-z_]\w*)\(\)/;
/** A class name of two humps or more with a suffix implementations give their classes. */
const CLASS = /\b([A-Z][a-z]+(?:[A-Z][a-z0-9]*)*(?:Type|Exception|Error|Controller|Service|Repository|Factory|Handler|Interface|Reader|Writer|Mapper|Collection))\b/;
/** A language's own runtime error words (PHP, JVM, .NET). */
const RUNTIME = /\b(Argument \d+ passed to|must be (?:of the type|an instance of)|Uncaught [A-Z]\w+|Call to (?:a member function|undefined (?:function|method))|Undefined (?:index|offset|variable|property|array key)|(?:java|javax|System)\.[a-z]+\.[A-Z]\w+)/;

/** SQL text and driver messages. */
const SQL = /(SQLSTATE\[\w+\]|You have an error in your SQL syntax|syntax error (?:at or )?near|\bmysqli?_\w+\(|PDOException|\bORA-\d{5}\b|\bpg_query\(|SQLite3?(?:::|Exception)|Unknown column '|Duplicate entry '[^']*' for key|\bsql_mode\b)/i;

interface Frame {
  file?: string;
  line?: number;
  fn?: string;
}

/** The last two segments of a path: enough to name the file in any install root. */
function shortPath(p: string): string {
  return p.split(/[/\\]/).filter(Boolean).slice(-2).join('/');
}

function frameCause(f: Frame): string {
  if (f.file) return `${shortPath(f.file)}${f.line !== undefined ? `:${f.line}` : ''}`;
  return f.fn ?? 'trace';
}

function frameOf(o: Record<string, unknown>): Frame | undefined {
  const file = typeof o.file === 'string' ? o.file : undefined;
  const line = typeof o.line === 'number' ? o.line : typeof o.line === 'string' && /^\d+$/.test(o.line) ? Number(o.line) : undefined;
  const fnName = typeof o.function === 'string' ? o.function : undefined;
  const cls = typeof o.class === 'string' ? o.class : undefined;
  if (!(file && line !== undefined) && !(fnName && (cls || file))) return undefined;
  return { ...(file ? { file } : {}), ...(line !== undefined ? { line } : {}), ...(fnName ? { fn: `${cls ? `${cls}::` : ''}${fnName}()` } : {}) };
}

/** The first frame of a trace in a JSON body: a trace key's value, or a bare array of frames. */
function jsonTrace(v: unknown, depth = 0): { frame: Frame | undefined; where: string } | undefined {
  if (depth > 12) return undefined;
  if (Array.isArray(v)) {
    const first: unknown = v[0];
    if (isObj(first)) {
      const f = frameOf(first);
      if (f) return { frame: f, where: 'an array of stack frames' };
    }
    for (const x of v) {
      const t = jsonTrace(x, depth + 1);
      if (t) return t;
    }
    return undefined;
  }
  if (!isObj(v)) return undefined;
  for (const [k, x] of Object.entries(v)) {
    if (TRACE_KEY.test(k) && ((Array.isArray(x) && x.length > 0) || (typeof x === 'string' && x.trim().length > 0))) {
      const inner = Array.isArray(x) ? jsonTrace(x, depth + 1)?.frame : textFrame(String(x));
      return { frame: inner, where: `the field "${k}"` };
    }
  }
  for (const x of Object.values(v)) {
    const t = jsonTrace(x, depth + 1);
    if (t) return t;
  }
  return undefined;
}

/** The first frame of a trace in text. */
function textFrame(text: string): Frame | undefined {
  const php = /#0 ([^\s(]+)\((\d+)\)/.exec(text);
  if (php?.[1] && php[2]) return { file: php[1], line: Number(php[2]) };
  const at = /\bat [\w$.<>[\]]+ \(?([^()\s]+):(\d+)(?::\d+)?\)?/.exec(text);
  if (at?.[1] && at[2]) return { file: at[1], line: Number(at[2]) };
  const json = JSON_FRAME.exec(text);
  if (json?.[1] && json[2]) return { file: json[1].replace(/\\\//g, '/'), line: Number(json[2]) };
  const py = /File "([^"]+)", line (\d+)/.exec(text);
  if (py?.[1] && py[2]) return { file: py[1], line: Number(py[2]) };
  return undefined;
}

function stackTrace(ex: Exchange, text: string): SecurityFinding | undefined {
  const json = ex.response.json !== undefined ? jsonTrace(ex.response.json) : undefined;
  const inText = TRACE_TEXT.some((re) => re.test(text));
  if (!json && !inText) return undefined;
  const frame = json?.frame ?? textFrame(text);
  const cause = frame ? frameCause(frame) : 'trace';
  return securityFinding('leak:stack-trace', ex, {
    cause,
    title: `stack trace in a ${ex.response.status} answer${frame ? ` (first frame ${cause})` : ''}`,
    message: `The answer carries the server's stack frames${json ? ` in ${json.where}` : ''}: the layout of its code and where it failed, which no client needs and an attacker reads.`,
  });
}

function serverPath(ex: Exchange, text: string, sent: string): SecurityFinding | undefined {
  for (const m of text.matchAll(SERVER_PATH)) {
    const p = m[0];
    if (sent.includes(p)) continue;
    const at = m.index ?? 0;
    const line = LINE_AFTER.exec(text.slice(at + p.length, at + p.length + 20))?.[1];
    const cause = `${shortPath(p)}${line ? `:${line}` : ''}`;
    return securityFinding('leak:server-path', ex, {
      cause,
      title: `server file path in a ${ex.response.status} answer (${cause})`,
      message: `The answer names a file of the server's code by its absolute path: "${quote(text, at, p.length)}".`,
    });
  }
  return undefined;
}

function className(ex: Exchange, text: string, sent: string): SecurityFinding | undefined {
  if (ex.response.status < 400) return undefined;
  const hits = [METHOD, RUNTIME, CLASS]
    .map((re) => ({ re, m: re.exec(text) }))
    .filter((h): h is { re: RegExp; m: RegExpExecArray } => h.m !== null && !sent.includes(h.m[0]));
  const first = hits[0];
  if (!first) return undefined;
  const m = first.m;
  // The cause is the class (a method's class, a runtime error's template, a type's name).
  const cause = first.re === METHOD ? `${m[1] ?? ''}::${m[2] ?? ''}()` : (m[1] ?? m[0]);
  return securityFinding('leak:class-name', ex, {
    cause,
    title: `implementation names in a ${ex.response.status} error text (${cause})`,
    message: `The error text names the implementation's code, not the client's mistake: "${quote(text, m.index, m[0].length)}".`,
  });
}

function sqlText(ex: Exchange, text: string, sent: string): SecurityFinding | undefined {
  const m = SQL.exec(text);
  if (!m || sent.toLowerCase().includes(m[0].toLowerCase())) return undefined;
  const cause = (m[1] ?? m[0]).replace(/'[^']*'/g, "'…'").replace(/\($/, '()');
  return securityFinding('leak:sql', ex, {
    cause,
    title: `SQL or database driver text in a ${ex.response.status} answer (${cause})`,
    message: `The answer carries the database's own words: "${quote(text, m.index, m[0].length)}". They show how input reaches a query.`,
  });
}

/** The leaks one answer shows: at most one code leak (trace, else path, else class names) and one of SQL. */
export function scanLeaks(ex: Exchange): SecurityFinding[] {
  if (ex.response.status === 0 || !ex.response.text) return [];
  const text = answerText(ex);
  const sent = sentText(ex);
  const out: SecurityFinding[] = [];
  const code = stackTrace(ex, text) ?? serverPath(ex, text, sent) ?? className(ex, text, sent);
  if (code) out.push(code);
  const sql = sqlText(ex, text, sent);
  if (sql) out.push(sql);
  return out;
}
