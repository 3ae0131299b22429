// How a rule's message shows a value it judged: its JSON, cut to a readable length that still says
// how long it was. One home, so the messages of every rule read alike.

/** A value as a message shows it: its JSON (`nothing` where there is no value), cut after `max` characters. */
export function shown(v: unknown, max = 200): string {
  const s = JSON.stringify(v) ?? 'nothing';
  if (s.length <= max) return s;
  return `${s.slice(0, max)}… (${typeof v === 'string' ? `${[...v].length} characters` : `${s.length} characters of JSON`})`;
}
