// Examples that fail their own schema: `example` on schemas (and OpenAPI 3.1 `examples`),
// `x-example`/`example` on Swagger 2.0 parameters, Swagger 2.0 response `examples` per JSON media
// type, OpenAPI 3 `example`/`examples` on parameters, headers and media types. Each is checked with
// the same conversion and ajv setup as the validators. A schema-level example shows a whole record,
// so neither readOnly nor write-only fields count against it; request and response examples are
// checked in their direction (no readOnly fields sent, no write-only fields answered).
import type { ValidateFunction } from 'ajv';
import type { SpecFinding } from '../types.js';
import { SchemaCompiler, resolvePointer, toSchemaErrors, type Variant } from '../validators.js';
import { isObj } from '../../core/json.js';
import type { Json, LintDoc, Visit } from './walk.js';

/** Keys of a Swagger 2.0 parameter that are not part of its value schema. */
const PARAM_KEYS = new Set(['name', 'in', 'required', 'description', 'collectionFormat', 'allowEmptyValue', 'example']);

interface Sample {
  /** Where the example is. */
  pointer: string;
  value: unknown;
}

export class ExampleLinter {
  private readonly compiler: SchemaCompiler;
  private readonly compileFailed = new Set<string>();

  constructor(private readonly d: LintDoc) {
    this.compiler = new SchemaCompiler(d.doc, d.dialect);
  }

  private compile(schema: unknown, variant: Variant, schemaPointer: string, v: Visit, out: SpecFinding[]): ValidateFunction | undefined {
    try {
      return this.compiler.compileSchema(schema, variant);
    } catch (err) {
      if (!this.compileFailed.has(schemaPointer)) {
        this.compileFailed.add(schemaPointer);
        const f: SpecFinding = { kind: 'schema-compile-error', pointer: schemaPointer, message: `schema cannot be compiled, its examples are not checked: ${err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err)}` };
        if (v.operationId !== undefined) f.operationId = v.operationId;
        out.push(f);
      }
      return undefined;
    }
  }

  private check(schema: unknown, schemaPointer: string, variant: Variant, samples: Sample[], v: Visit, out: SpecFinding[]): void {
    if (samples.length === 0 || !isObj(schema)) return;
    const fn = this.compile(schema, variant, schemaPointer, v, out);
    if (!fn) return;
    for (const s of samples) {
      if (fn(s.value)) continue;
      const errors = toSchemaErrors(fn.errors);
      const shown = errors.slice(0, 3).map((e) => `${e.path} ${e.message}`).join('; ');
      const f: SpecFinding = { kind: 'example-invalid', pointer: s.pointer, message: `example does not match its schema: ${shown}${errors.length > 3 ? ` (+${errors.length - 3} more)` : ''}` };
      if (v.operationId !== undefined) f.operationId = v.operationId;
      out.push(f);
    }
  }

  /** OpenAPI 3 `example` and `examples` (a map of Example objects, possibly $refs) of one object. */
  private oas3Samples(node: Json, pointer: string): Sample[] {
    const samples: Sample[] = [];
    if ('example' in node) samples.push({ pointer: `${pointer}/example`, value: node.example });
    if (isObj(node.examples)) {
      for (const [name, ex] of Object.entries(node.examples)) {
        const target = isObj(ex) && typeof ex.$ref === 'string' ? resolvePointer(this.d.doc, ex.$ref) : ex;
        if (isObj(target) && 'value' in target) samples.push({ pointer: `${pointer}/examples/${name.replace(/~/g, '~0').replace(/\//g, '~1')}/value`, value: target.value });
      }
    }
    return samples;
  }

  lint(v: Visit): SpecFinding[] {
    const out: SpecFinding[] = [];
    const { node, pointer } = v;
    const direction: Variant = v.direction === 'response' ? 'response' : 'request';
    switch (v.kind) {
      case 'schema': {
        const samples: Sample[] = [];
        if ('example' in node) samples.push({ pointer: `${pointer}/example`, value: node.example });
        if (this.d.oas31 && Array.isArray(node.examples)) node.examples.forEach((value, i) => samples.push({ pointer: `${pointer}/examples/${i}`, value }));
        this.check(node, pointer, 'example', samples, v, out);
        break;
      }
      case 'parameter':
      case 'header':
        if (this.d.dialect === 'swagger2') {
          const samples: Sample[] = [];
          for (const key of ['x-example', 'example']) if (key in node) samples.push({ pointer: `${pointer}/${key}`, value: node[key] });
          const schema: Json = {};
          for (const [k, val] of Object.entries(node)) if (!PARAM_KEYS.has(k) && !k.startsWith('x-')) schema[k] = val;
          this.check(schema, pointer, direction, samples, v, out);
        } else {
          this.check(node.schema, `${pointer}/schema`, direction, this.oas3Samples(node, pointer), v, out);
        }
        break;
      case 'mediaType':
        this.check(node.schema, `${pointer}/schema`, direction, this.oas3Samples(node, pointer), v, out);
        break;
      case 'response':
        if (this.d.dialect === 'swagger2' && isObj(node.examples)) {
          const samples = Object.entries(node.examples)
            .filter(([mime]) => /json/i.test(mime))
            .map(([mime, value]) => ({ pointer: `${pointer}/examples/${mime.replace(/~/g, '~0').replace(/\//g, '~1')}`, value }));
          this.check(node.schema, `${pointer}/schema`, 'response', samples, v, out);
        }
        break;
      default:
        break;
    }
    return out;
  }
}
