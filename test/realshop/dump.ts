// Database dumps of the real shop and their difference, row by row.
//
// The dump is the recipe's (shared/realshop/README.md): mariadb-dump with one INSERT per row
// (--skip-extended-insert), no date (--skip-dump-date), rows in primary-key order, without the
// session tables. The recipe then drops every line holding `AUTO_INCREMENT=`; we strip just the
// ` AUTO_INCREMENT=<n>` attribute instead. Dropping the line removes a table's closing
// `) ENGINE=… AUTO_INCREMENT=…` line as soon as the table holds a row, so a table that was empty
// before a run and is empty again after it (a record created and deleted) would differ in its
// schema text; the counter itself is what both forms leave out.
//
// The difference is taken per table as a multiset of rows, not by line position: tables without a
// primary key (email_contacts) have no stable row order, and the shop rewrites such rows in
// another order when it touches them. Schema lines are compared per table too. When a table's
// columns changed (GX 4.8 adds a group_permission_<id> column to its products and categories for
// each customer group), its rows are compared on the columns both dumps have, so the schema change
// shows once and not as every row of the table.
import { spawnSync } from 'node:child_process';

/** One row: the dump's literal line plus its values by column name (NULL as null). */
export interface Row {
  table: string;
  line: string;
  values: Record<string, string | null>;
}

export interface Dump {
  /** Columns of each table, in their CREATE TABLE order. */
  columns: Map<string, string[]>;
  /** Row lines by table. */
  rows: Map<string, string[]>;
  /**
   * Every other line (schema, comments, SET statements), in order, by the table whose section of
   * the dump holds it ('' for the lines before the first table).
   */
  other: Map<string, string[]>;
}

export interface SchemaLine {
  /** The table whose section holds the line ('' before the first table). */
  table: string;
  /** `+ ` or `- ` and the line. */
  line: string;
}

export interface DumpDiff {
  /** Rows present after but not before (an update shows as one removed and one added row). */
  added: Row[];
  removed: Row[];
  /** Non-row lines that differ (schema changes). */
  schema: SchemaLine[];
}

/** The recipe's mariadb-dump arguments for the shop's database behind `socket`. */
export function dumpArgs(socket: string): string[] {
  return ['-S', socket, '-uroot', '--skip-extended-insert', '--skip-dump-date', '--order-by-primary', 'gambio', '--ignore-table=gambio.sessions', '--ignore-table=gambio.whos_online'];
}

/** Runs the dump; the text has the AUTO_INCREMENT counters stripped. Throws with mariadb-dump's message. */
export function takeDump(socket: string): string {
  const r = spawnSync('mariadb-dump', dumpArgs(socket), { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  if (r.error) throw new Error(`mariadb-dump: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`mariadb-dump exited ${r.status ?? 'on a signal'}: ${(r.stderr || '').trim().split('\n')[0] ?? ''}`);
  return stripCounters(r.stdout);
}

export function stripCounters(text: string): string {
  return text.replace(/ AUTO_INCREMENT=\d+/g, '');
}

const INSERT = /^INSERT INTO `([^`]+)` VALUES \((.*)\);$/;

const SECTION = /^-- (?:Table structure|Dumping data) for table `([^`]+)`$/;

export function parseDump(text: string): Dump {
  const dump: Dump = { columns: new Map(), rows: new Map(), other: new Map() };
  let table: string | undefined;
  let section = '';
  for (const line of text.split('\n')) {
    const ins = INSERT.exec(line);
    if (ins) {
      const t = ins[1] ?? '';
      const list = dump.rows.get(t) ?? [];
      list.push(line);
      dump.rows.set(t, list);
      continue;
    }
    const header = SECTION.exec(line)?.[1];
    if (header !== undefined && header !== section) {
      // The `--` line above a section's header opens that section, not the one before it.
      const prev = dump.other.get(section);
      const opener = prev?.at(-1) === '--' ? prev.pop() : undefined;
      section = header;
      if (opener !== undefined) dump.other.set(section, [...(dump.other.get(section) ?? []), opener]);
    }
    const other = dump.other.get(section) ?? [];
    other.push(line);
    dump.other.set(section, other);
    const create = /^CREATE TABLE `([^`]+)` \($/.exec(line);
    if (create) {
      table = create[1] ?? '';
      dump.columns.set(table, []);
      continue;
    }
    if (table !== undefined) {
      const col = /^ {2}`([^`]+)` /.exec(line);
      if (col) dump.columns.get(table)?.push(col[1] ?? '');
      else if (line.startsWith(')')) table = undefined;
    }
  }
  return dump;
}

/**
 * The values of one `VALUES (…)` tuple as mariadb-dump writes them: NULL, numbers, quoted strings
 * with backslash escapes, `_binary '…'`, hex literals.
 */
export function parseValues(tuple: string): (string | null)[] {
  const out: (string | null)[] = [];
  let i = 0;
  const n = tuple.length;
  while (i < n) {
    while (tuple[i] === ' ') i++;
    if (tuple.startsWith('_binary ', i)) i += '_binary '.length;
    if (tuple[i] === "'") {
      let s = '';
      i++;
      while (i < n && tuple[i] !== "'") {
        if (tuple[i] === '\\' && i + 1 < n) {
          const c = tuple[i + 1] ?? '';
          s += ({ n: '\n', r: '\r', t: '\t', '0': '\0', Z: '\x1a', b: '\b' } as Record<string, string>)[c] ?? c;
          i += 2;
        } else {
          s += tuple[i];
          i++;
        }
      }
      i++; // closing quote
      out.push(s);
    } else {
      let j = i;
      while (j < n && tuple[j] !== ',') j++;
      const raw = tuple.slice(i, j).trim();
      out.push(raw === 'NULL' ? null : raw);
      i = j;
    }
    while (i < n && tuple[i] !== ',') i++;
    i++; // the comma
  }
  return out;
}

export function toRow(dump: Dump, table: string, line: string): Row {
  const m = INSERT.exec(line);
  const cols = dump.columns.get(table) ?? [];
  const vals = m ? parseValues(m[2] ?? '') : [];
  const values: Record<string, string | null> = {};
  vals.forEach((v, i) => (values[cols[i] ?? `#${i}`] = v));
  return { table, line, values };
}

/** Items of `a` not matched one for one in `b` (multiset difference by `key`). */
function minus<T>(a: readonly T[], b: readonly T[], key: (t: T) => string): T[] {
  const count = new Map<string, number>();
  for (const t of b) count.set(key(t), (count.get(key(t)) ?? 0) + 1);
  const out: T[] = [];
  for (const t of a) {
    const c = count.get(key(t)) ?? 0;
    if (c > 0) count.set(key(t), c - 1);
    else out.push(t);
  }
  return out;
}

const same = (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean => (a ?? []).length === (b ?? []).length && (a ?? []).every((c, i) => c === b?.[i]);

export function diffDumps(before: Dump, after: Dump): DumpDiff {
  const diff: DumpDiff = { added: [], removed: [], schema: [] };
  const tables = new Set([...before.rows.keys(), ...after.rows.keys()]);
  for (const t of [...tables].sort()) {
    const b = before.rows.get(t) ?? [];
    const a = after.rows.get(t) ?? [];
    const cols = before.columns.get(t);
    const colsAfter = after.columns.get(t);
    if (same(cols, colsAfter)) {
      // The line is the row; only the rows that differ are parsed.
      diff.added.push(...minus(a, b, (l) => l).map((l) => toRow(after, t, l)));
      diff.removed.push(...minus(b, a, (l) => l).map((l) => toRow(before, t, l)));
      continue;
    }
    // The columns changed: rows compare by their values on the columns both dumps have.
    const shared = (cols ?? []).filter((c) => (colsAfter ?? []).includes(c));
    const key = (r: Row): string => JSON.stringify(shared.map((c) => r.values[c] ?? null));
    const rb = b.map((l) => toRow(before, t, l));
    const ra = a.map((l) => toRow(after, t, l));
    diff.added.push(...minus(ra, rb, key));
    diff.removed.push(...minus(rb, ra, key));
  }
  const sections = new Set([...before.other.keys(), ...after.other.keys()]);
  for (const t of [...sections].sort()) {
    const b = before.other.get(t) ?? [];
    const a = after.other.get(t) ?? [];
    diff.schema.push(...minus(b, a, (l) => l).map((l) => ({ table: t, line: `- ${l}` })), ...minus(a, b, (l) => l).map((l) => ({ table: t, line: `+ ${l}` })));
  }
  return diff;
}

/** The diff as text: `- `/`+ ` row lines grouped by table, schema lines last. */
export function diffText(d: DumpDiff): string[] {
  const rows = [...d.removed.map((r) => ({ t: r.table, l: `- ${r.line}` })), ...d.added.map((r) => ({ t: r.table, l: `+ ${r.line}` }))];
  rows.sort((x, y) => (x.t < y.t ? -1 : x.t > y.t ? 1 : 0));
  return [...rows.map((r) => r.l), ...d.schema.map((s) => s.line)];
}
