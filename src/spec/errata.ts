// Errata overlay: a small YAML file that patches a vendor spec at load time. (Filled in by the errata work.)
import type { SpecFinding } from './types.js';

export interface ErrataResult {
  doc: Record<string, unknown>;
  applied: string[];
  findings: SpecFinding[];
}

export function applyErrata(doc: Record<string, unknown>, _file: string): ErrataResult {
  return { doc, applied: [], findings: [] };
}
