// Command-line flags of the bench scripts: `--name=value` and bare `--name`.

export function flag(name: string, argv: readonly string[] = process.argv): string | undefined {
  const prefix = `--${name}=`;
  return argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

export function has(name: string, argv: readonly string[] = process.argv): boolean {
  return argv.includes(`--${name}`) || flag(name, argv) !== undefined;
}

/** `--name=a,b` as a list; undefined when the flag is absent. */
export function list(name: string, argv: readonly string[] = process.argv): string[] | undefined {
  const v = flag(name, argv);
  return v === undefined ? undefined : v.split(',').map((s) => s.trim()).filter(Boolean);
}

export function int(name: string, fallback: number, argv: readonly string[] = process.argv): number {
  const v = flag(name, argv);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name}=${v} is not a whole number`);
  return n;
}
