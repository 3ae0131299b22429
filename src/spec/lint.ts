// Spec findings beyond what swagger-parser's validate() reports, from the bundled ($ref-carrying)
// document: unknown or misspelt keywords, OpenAPI-3-only keywords in Swagger 2.0, `required` names
// that are not properties, duplicate operationIds, path templates that differ only by parameter
// names, examples that fail their own schema, invalid `type` values and odd formats. The rules live
// in src/spec/lint/; this file walks the document once and hands each object to them.
// Never throws: a rule that trips over something unexpected reports a `lint-error` finding.
import { ExampleLinter } from './lint/examples.js';
import { lintKeywords } from './lint/keywords.js';
import { lintOperations } from './lint/operations.js';
import { lintSchemaRules } from './lint/schema-rules.js';
import { walk, type LintDoc, type Visit } from './lint/walk.js';
import type { SpecFinding } from './types.js';
import { zeroDepthCycles } from './validators.js';

function crashed(pointer: string, rule: string, err: unknown): SpecFinding {
  return { kind: 'lint-error', pointer, message: `the ${rule} rule could not check this place: ${err instanceof Error ? err.message : String(err)}` };
}

export function lintSpec(doc: Record<string, unknown>, dialect: 'swagger2' | 'openapi3'): SpecFinding[] {
  const d: LintDoc = { doc, dialect, oas31: dialect === 'openapi3' && typeof doc.openapi === 'string' && doc.openapi.startsWith('3.1') };
  const findings: SpecFinding[] = [];
  let examples: ExampleLinter | undefined;
  try {
    examples = new ExampleLinter(d);
  } catch (err) {
    findings.push(crashed('', 'examples', err));
  }
  const rules: [string, (v: Visit) => SpecFinding[]][] = [
    ['keywords', (v) => lintKeywords(d, v)],
    ['schema', (v) => lintSchemaRules(d, v)],
    ['examples', (v) => examples?.lint(v) ?? []],
  ];
  try {
    walk(d, (v) => {
      for (const [name, rule] of rules) {
        try {
          findings.push(...rule(v));
        } catch (err) {
          findings.push(crashed(v.pointer, name, err));
        }
      }
    });
  } catch (err) {
    findings.push(crashed('', 'walk', err));
  }
  try {
    findings.push(...lintOperations(d));
  } catch (err) {
    findings.push(crashed('/paths', 'operations', err));
  }
  try {
    const root = dialect === 'swagger2' ? '/definitions/' : '/components/schemas/';
    for (const name of zeroDepthCycles(doc, dialect)) {
      findings.push({ kind: 'schema-compile-error', pointer: `${root}${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, message: `${name} refers back to itself through $ref/allOf/anyOf/oneOf without descending into the data; no validator can check it, so it accepts anything` });
    }
  } catch (err) {
    findings.push(crashed('', 'cycles', err));
  }
  return findings;
}
