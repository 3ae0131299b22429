// Real ids for the path parameters of a Swagger 2.0 document, read from a running shop, so that
// tools which need a literal value per parameter (Dredd's `x-example`, Postman path variables)
// request records that exist. For `/a/{a_id}/b/{b_id}` the value of `b_id` is the id of a record
// the list `GET /a/<a_id>/b` answers; a parameter without such a list (e.g. `/orders_history/{order_id}`)
// takes the value found for the same name elsewhere, and a number without any (`{quantity}`) its
// declared minimum or 1.

export type Doc = Record<string, unknown>;
type Param = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The path parameters of every operation of the document, inline (the spec writes them so). */
export function pathParams(doc: Doc): { path: string; method: string; params: Param[] }[] {
  const out: { path: string; method: string; params: Param[] }[] = [];
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [p, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    const common = Array.isArray(item.parameters) ? item.parameters.filter(isObject) : [];
    for (const m of METHODS) {
      const op = item[m];
      if (!isObject(op)) continue;
      const own = Array.isArray(op.parameters) ? op.parameters.filter(isObject) : [];
      out.push({ path: p, method: m, params: [...common, ...own].filter((x) => x.in === 'path') });
    }
  }
  return out;
}

function firstId(body: unknown): number | string | undefined {
  const records: unknown[] = Array.isArray(body) ? body : [];
  for (const r of records) {
    if (isObject(r) && (typeof r.id === 'number' || typeof r.id === 'string')) return r.id;
  }
  return undefined;
}

export interface ShopAccess {
  /** Base URL including the API base path, no trailing slash. */
  url: string;
  authorization: string;
}

/**
 * `path template -> parameter name -> value`. Lists are read once each; every GET is a plain
 * authenticated read of the clean shop.
 */
export async function seededIds(doc: Doc, shop: ShopAccess): Promise<Map<string, Record<string, string | number>>> {
  const listable = new Set(pathParams(doc).filter((o) => o.method === 'get').map((o) => o.path));
  const cache = new Map<string, unknown>();
  const get = async (p: string): Promise<unknown> => {
    if (!cache.has(p)) {
      const res = await fetch(`${shop.url}${p}`, { headers: { authorization: shop.authorization } });
      cache.set(p, res.ok ? await res.json() : undefined);
    }
    return cache.get(p);
  };
  const byName = new Map<string, string | number>();
  const result = new Map<string, Record<string, string | number>>();
  const unresolved: { path: string; name: string; param: Param }[] = [];
  const templates = [...new Set(pathParams(doc).map((o) => o.path))].sort((a, b) => a.split('/').length - b.split('/').length);
  const paramsOf = new Map<string, Param[]>();
  for (const o of pathParams(doc)) if (!paramsOf.has(o.path) || o.params.length > (paramsOf.get(o.path)?.length ?? 0)) paramsOf.set(o.path, o.params);

  for (const template of templates) {
    const values: Record<string, string | number> = {};
    for (const param of paramsOf.get(template) ?? []) {
      const name = String(param.name);
      const at = template.indexOf(`/{${name}}`);
      const listPath = template.slice(0, at);
      let value: string | number | undefined;
      if (listable.has(listPath)) {
        const concrete = listPath.replace(/\{([^}]+)\}/g, (_, n: string) => String(values[n] ?? byName.get(n) ?? 1));
        value = firstId(await get(concrete));
      }
      if (value === undefined) {
        unresolved.push({ path: template, name, param });
        continue;
      }
      values[name] = value;
      if (!listPath.includes('{') && !byName.has(name)) byName.set(name, value);
    }
    result.set(template, values);
  }
  for (const { path, name, param } of unresolved) {
    const values = result.get(path) ?? {};
    const min = typeof param.minimum === 'number' ? param.minimum : 1;
    values[name] = byName.get(name) ?? (typeof param.default === 'number' ? param.default : min);
    result.set(path, values);
  }
  return result;
}
