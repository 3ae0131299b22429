// Command-line options as every command of ours reads them: a flag alone, or an option with its
// value as `--name value` or `--name=value`. One home, so the commands agree on the spelling and
// on the error when a value is missing.

export interface Arg {
  /** The argument as given. */
  text: string;
  /** Whether it is this option, alone or as `name=value`. */
  is(name: string): boolean;
  /** Its value: after `=`, else the next argument (taken, so the loop passes over it). */
  value(): string;
}

/** Each argument of `argv` in turn; `fail` ends the command with the message when a value is missing. */
export function* readArgs(argv: readonly string[], fail: (message: string) => never): Generator<Arg> {
  for (let i = 0; i < argv.length; i++) {
    const text = argv[i] ?? '';
    yield {
      text,
      is: (name) => text === name || text.startsWith(`${name}=`),
      value: () => {
        const eq = text.indexOf('=');
        const v = eq >= 0 ? text.slice(eq + 1) : argv[++i];
        if (!v) fail(`${text.split('=')[0] ?? text} needs a value`);
        return v;
      },
    };
  }
}
