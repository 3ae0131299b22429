// Spec findings beyond what swagger-parser's validate() reports. (Filled in by the spec-lint work.)
import type { SpecFinding } from './types.js';

export function lintSpec(_doc: Record<string, unknown>, _dialect: 'swagger2' | 'openapi3'): SpecFinding[] {
  return [];
}
