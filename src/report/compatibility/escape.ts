// Escaping for the HTML page and the SVG pictures: every string from a test, a spec or a server
// answer is data, never markup.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function esc(s: string | number | null | undefined): string {
  return String(s ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** A string usable as an HTML id. */
export function anchor(...parts: string[]): string {
  return parts.join('--').replace(/[^\w-]+/g, '_');
}
