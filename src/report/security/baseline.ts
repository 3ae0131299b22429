// The security findings a team has decided to live with: the `security` list of the baseline file
// (conformance.baseline.json), each by its signature (`kind | cause`, report.json
// security.findings[].signature) with a reason. A known finding stays on the page, marked, and
// does not fail the security gate; a signature the run did not meet is listed as unmatched.
import { parse as parseYaml } from 'yaml';
import type { SecurityBaselineEntry } from './types.js';

/** The entries, or the one line that says what is wrong with the list (the baseline's reader throws it). */
export function parseSecurityBaseline(text: string, file: string): SecurityBaselineEntry[] | string {
  let doc: unknown;
  try {
    doc = /\.ya?ml$/i.test(file) ? parseYaml(text) : JSON.parse(text);
  } catch {
    // The deviations' parser names a file that does not parse.
    return [];
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return [];
  const list = (doc as { security?: unknown }).security;
  if (list === undefined) return [];
  if (!Array.isArray(list)) return `${file}: "security" must be a list of { signature, reason }.`;
  const out: SecurityBaselineEntry[] = [];
  for (const [i, raw] of (list as unknown[]).entries()) {
    const e = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const sig = typeof e.signature === 'string' ? e.signature.trim() : '';
    const reason = typeof e.reason === 'string' ? e.reason.trim() : '';
    if (!sig || !reason) return `${file}: security[${i}] needs a non-empty "signature" (report.json security.findings[].signature) and "reason" (why the finding is accepted).`;
    out.push({ signature: sig, reason });
  }
  return out;
}
