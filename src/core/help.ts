// `--help` of every command of ours: a command asked for help prints what it does, its
// options, the variables it reads and its exit codes, and runs nothing. One layout for all, so the
// commands read alike; each command says its own content where it parses its arguments.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface HelpSection {
  title: string;
  /** [name, meaning] rows, or plain lines. */
  rows: readonly (readonly [string, string] | string)[];
}

export interface Help {
  /** `npm run <name> -- [options]` and the like. */
  usage: string | readonly string[];
  /** What the command does, in a sentence or two. */
  about: string;
  sections: readonly HelpSection[];
}

/** `--help` or `-h` anywhere before a `--` that ends our options. */
export function wantsHelp(argv: readonly string[]): boolean {
  for (const a of argv) {
    if (a === '--') return false;
    if (a === '--help' || a === '-h') return true;
  }
  return false;
}

/** The variables of a command as help rows: name, meaning and default. */
export function variableRows(fields: readonly { env: string; default: string; meaning: string }[]): [string, string][] {
  // A default already in brackets says itself: "(unset: embedded reference shop)", "(none)".
  return fields.map((f) => [f.env, `${f.meaning} ${/^\(.*\)$/.test(f.default) ? f.default : `(default: ${f.default})`}`]);
}

export function renderHelp(help: Help): string {
  const out: string[] = [];
  const usage = typeof help.usage === 'string' ? [help.usage] : help.usage;
  out.push(`Usage: ${usage[0] ?? ''}`, ...usage.slice(1).map((u) => `       ${u}`), '', help.about);
  for (const s of help.sections) {
    out.push('', `${s.title}:`);
    const width = Math.min(28, Math.max(0, ...s.rows.map((r) => (typeof r === 'string' ? 0 : r[0].length))));
    for (const r of s.rows) {
      if (typeof r === 'string') out.push(`  ${r}`);
      else out.push(r[0].length > width ? `  ${r[0]}\n  ${' '.repeat(width)}  ${r[1]}` : `  ${r[0].padEnd(width)}  ${r[1]}`);
    }
  }
  return `${out.join('\n')}\n`;
}

/** Prints the help on stdout and ends the process with 0: a command asked for help runs nothing. */
export function printHelpAndExit(help: Help): never {
  process.stdout.write(renderHelp(help));
  process.exit(0);
}

/**
 * The help of a command whose source opens with a comment that says how to call it, its flags and
 * what it reads (the bench and self-test commands): that comment, so its usage has one home.
 */
export function headerHelp(source: string, extra: readonly HelpSection[] = []): Help {
  const header: string[] = [];
  for (const line of readFileSync(source, 'utf8').split('\n')) {
    if (!line.startsWith('//')) break;
    header.push(line.replace(/^\/\/ ?/, ''));
  }
  const usage = /`(npm (?:run |test)[^`]*)`/.exec(header[0] ?? '')?.[1] ?? path.basename(source);
  return { usage, about: header.join('\n'), sections: extra };
}
