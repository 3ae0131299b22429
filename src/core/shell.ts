// Quoting for the commands the reports print (replay commands, curls): POSIX shells.

/** Single-quoted for sh/bash/zsh, or as it is when it needs no quoting. */
export function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
