// Where a request body may take the form of the vendor's own example instead of the declared one
// (EXAMPLE_FORMS in particulars.ts), found in any operation's body: the body paths of those fields
// (`/items/*/attributes`), read from the bundled document by following its `$ref`s from the body's
// pointer, since the dereferenced schema no longer says which named schema a node was; and the
// document with both forms allowed, for validators that take either (the reference shop, the
// resolver's setup bodies).
import { isObj, type Json } from '../core/json.js';
import { EXAMPLE_FORMS, type ExampleForm } from './particulars.js';

function namedRoot(doc: Json): { prefix: string; named: Json } | undefined {
  if (isObj(doc.definitions)) return { prefix: '#/definitions/', named: doc.definitions };
  if (isObj(doc.components) && isObj(doc.components.schemas)) return { prefix: '#/components/schemas/', named: doc.components.schemas };
  return undefined;
}

function at(doc: Json, pointer: string): unknown {
  let cur: unknown = doc;
  for (const seg of pointer.replace(/^#/, '').split('/').slice(1)) {
    const key = decodeURIComponent(seg).replace(/~1/g, '/').replace(/~0/g, '~');
    cur = isObj(cur) ? cur[key] : Array.isArray(cur) ? (cur as unknown[])[Number(key)] : undefined;
  }
  return cur;
}

/**
 * The example forms of an operation's body by instance path (`/customer/vatId`, `/items/*` for
 * any item of a list), read from the bundled document `doc` starting at the body's pointer.
 */
export function exampleFormPaths(doc: Json, pointer: string | undefined, forms: typeof EXAMPLE_FORMS = EXAMPLE_FORMS): Map<string, ExampleForm> {
  const out = new Map<string, ExampleForm>();
  const root = namedRoot(doc);
  if (!pointer || !root) return out;
  const visit = (node: unknown, path: string, name: string | undefined, depth: number): void => {
    if (!isObj(node) || depth > 12) return;
    if (typeof node.$ref === 'string') {
      const ref = node.$ref;
      const named = ref.startsWith(root.prefix) ? ref.slice(root.prefix.length) : undefined;
      visit(at(doc, ref), path, named, depth + 1);
      return;
    }
    for (const part of Array.isArray(node.allOf) ? (node.allOf as unknown[]) : []) visit(part, path, undefined, depth + 1);
    if (isObj(node.items)) visit(node.items, `${path}/*`, undefined, depth + 1);
    if (!isObj(node.properties)) return;
    const own = name ? forms[name] : undefined;
    for (const [k, sub] of Object.entries(node.properties)) {
      const form = own?.[k];
      if (form) out.set(`${path}/${k}`, form);
      // Below a list form the list's items are the declared node.
      visit(sub, form?.kind === 'list' ? `${path}/${k}/*` : `${path}/${k}`, undefined, depth + 1);
    }
  };
  visit(at(doc, pointer), '', undefined, 0);
  return out;
}

/**
 * A deep copy of a bundled document whose named schemas also take the example forms beside the
 * declared ones (text or null beside a number, a list beside the object, the example's name of a
 * field beside the declared one): a validator of it accepts a body in either form.
 */
export function withExampleForms(doc: Json, forms: typeof EXAMPLE_FORMS = EXAMPLE_FORMS): Json {
  const out = structuredClone(doc);
  const root = namedRoot(out);
  if (!root) return out;
  for (const [schema, fields] of Object.entries(forms)) {
    const s = root.named[schema];
    if (!isObj(s) || !isObj(s.properties)) continue;
    const props = s.properties;
    for (const [field, form] of Object.entries(fields)) {
      const node = props[field];
      if (!isObj(node)) continue;
      if (form.kind === 'text') props[field] = { anyOf: [node, { type: 'string' }] };
      else if (form.kind === 'null') props[field] = { ...node, 'x-nullable': true };
      else if (form.kind === 'list') props[field] = { anyOf: [node, { type: 'array', items: structuredClone(node) }] };
      else props[form.as] ??= structuredClone(node);
    }
  }
  return out;
}
