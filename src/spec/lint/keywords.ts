// Unknown or misspelt keywords (`requried`, `readonly`) and OpenAPI-3-only keywords in a Swagger 2.0
// document (`nullable`, `oneOf`, `requestBody`, `components` ...). Keys starting with `x-` are
// vendor extensions and always allowed. The keyword lists follow the two specifications.
import type { SpecFinding } from '../types.js';
import { suggest } from './suggest.js';
import type { LintDoc, ObjectKind, Visit } from './walk.js';

const words = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter(Boolean));

const SW2_VALUE = 'type format items collectionFormat default maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength pattern maxItems minItems uniqueItems enum multipleOf';
const SW2_SCHEMA = '$ref format title description default multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength pattern maxItems minItems uniqueItems maxProperties minProperties required enum type items allOf properties additionalProperties discriminator readOnly xml externalDocs example';
const OAS3_SCHEMA_ONLY = 'nullable oneOf anyOf not writeOnly deprecated';
/** JSON Schema keywords an OpenAPI 3.1 schema may also use. */
const JSON_SCHEMA_2020 =
  '$schema $id $anchor $dynamicRef $dynamicAnchor $defs $comment $vocabulary const examples if then else contains minContains maxContains propertyNames patternProperties dependentRequired dependentSchemas prefixItems unevaluatedItems unevaluatedProperties contentMediaType contentEncoding contentSchema definitions dependencies';

interface KindWords {
  known: ReadonlySet<string>;
  /** Keys that are fine in OpenAPI 3 but not in Swagger 2.0. */
  oas3Only: ReadonlySet<string>;
}

const SWAGGER2: Partial<Record<ObjectKind, KindWords>> = {
  root: {
    known: words('swagger info host basePath schemes consumes produces paths definitions parameters responses securityDefinitions security tags externalDocs'),
    oas3Only: words('openapi servers components webhooks jsonSchemaDialect'),
  },
  pathItem: { known: words('$ref get put post delete options head patch parameters'), oas3Only: words('summary description servers trace') },
  operation: {
    known: words('tags summary description externalDocs operationId consumes produces parameters responses schemes deprecated security'),
    oas3Only: words('requestBody callbacks servers'),
  },
  parameter: { known: words(`name in description required allowEmptyValue ${SW2_VALUE}`), oas3Only: words('schema style explode allowReserved content example examples deprecated') },
  bodyParameter: { known: words('name in description required schema'), oas3Only: words('style explode allowReserved content example examples deprecated') },
  response: { known: words('description schema headers examples'), oas3Only: words('content links') },
  header: { known: words(`description ${SW2_VALUE}`), oas3Only: words('schema style explode required deprecated allowEmptyValue allowReserved content example examples') },
  items: { known: words(SW2_VALUE), oas3Only: words(OAS3_SCHEMA_ONLY) },
  schema: { known: words(SW2_SCHEMA), oas3Only: words(OAS3_SCHEMA_ONLY) },
};

const OAS3: Partial<Record<ObjectKind, ReadonlySet<string>>> = {
  root: words('openapi info servers paths components security tags externalDocs webhooks jsonSchemaDialect'),
  pathItem: words('$ref summary description get put post delete options head patch trace servers parameters'),
  operation: words('tags summary description externalDocs operationId parameters requestBody responses callbacks deprecated security servers'),
  parameter: words('name in description required deprecated allowEmptyValue style explode allowReserved schema example examples content'),
  requestBody: words('description content required'),
  mediaType: words('schema example examples encoding'),
  response: words('description headers content links'),
  header: words('description required deprecated allowEmptyValue style explode allowReserved schema example examples content'),
  schema: words(`${SW2_SCHEMA} ${OAS3_SCHEMA_ONLY}`),
};

const SW2_ALL = new Set(Object.values(SWAGGER2).flatMap((w) => [...w.known]));
const OAS31_SCHEMA = words(`${SW2_SCHEMA} ${OAS3_SCHEMA_ONLY} ${JSON_SCHEMA_2020}`);

const PLACE: Readonly<Record<ObjectKind, string>> = {
  root: 'the document root', pathItem: 'a path item', operation: 'an operation', parameter: 'a parameter', bodyParameter: 'a body parameter',
  response: 'a response', requestBody: 'a request body', mediaType: 'a media type', header: 'a header', schema: 'a schema', items: 'an items object',
};

function where(v: Visit): string {
  return PLACE[v.kind];
}

export function lintKeywords(d: LintDoc, v: Visit): SpecFinding[] {
  const out: SpecFinding[] = [];
  const add = (kind: SpecFinding['kind'], key: string, message: string) => {
    const f: SpecFinding = { kind, pointer: `${v.pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, message };
    if (v.operationId !== undefined) f.operationId = v.operationId;
    out.push(f);
  };
  if (d.dialect === 'swagger2') {
    const w = SWAGGER2[v.kind];
    if (!w) return out;
    for (const key of Object.keys(v.node)) {
      if (key.startsWith('x-') || w.known.has(key)) continue;
      if (w.oas3Only.has(key)) {
        add('oas3-keyword-in-swagger2', key, `\`${key}\` is OpenAPI 3 only; Swagger 2.0 ignores it in ${where(v)}${key === 'nullable' ? ' (use x-nullable)' : key === 'writeOnly' ? ' (use x-writeOnly)' : ''}`);
        continue;
      }
      const hint = suggest(key, [...w.known, ...w.oas3Only]);
      add('unknown-keyword', key, `unknown keyword \`${key}\` in ${where(v)}${hint ? ` (did you mean \`${hint}\`?)` : ''}`);
    }
    return out;
  }
  const known = v.kind === 'schema' && d.oas31 ? OAS31_SCHEMA : v.kind === 'items' ? OAS3.schema : OAS3[v.kind];
  if (!known) return out;
  for (const key of Object.keys(v.node)) {
    if (key.startsWith('x-') || known.has(key)) continue;
    const hint = suggest(key, [...known]);
    const sw2 = SW2_ALL.has(key) ? ' (a Swagger 2.0 keyword, not OpenAPI 3)' : '';
    add('unknown-keyword', key, `unknown keyword \`${key}\` in ${where(v)}${hint ? ` (did you mean \`${hint}\`?)` : sw2}`);
  }
  return out;
}
