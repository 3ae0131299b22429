// Step 1 of a request (src/data/resolver.ts): values for the path parameters. Reads take the
// target's own ids from its list answers (a list the run read anyway is handed in, and each list
// is read once per resolver); writes take records the harness makes (the write guard allows
// nothing else), the whole chain of parents its own.
import { BlockedError, UnsupportedError } from '../core/errors.js';
import type { Exchange } from '../core/exchange.js';
import { listItems } from '../core/answers.js';
import { isObj } from '../core/json.js';
import { fillPath } from '../spec/catalogue.js';
import { paramNoun, singular } from '../spec/nouns.js';
import { RECORD_VIEWS } from '../spec/particulars.js';
import { collectionsOf, getAt } from '../spec/record-ops.js';
import type { Operation, ParameterInfo } from '../spec/types.js';
import { looksLikeId, schemaValue } from './query-values.js';
import { bodyContextOf, okv, skip, type Mode, type Resolved, ResolverStep } from './steps.js';

type Json = Record<string, unknown>;

function idKeys(paramName: string): string[] {
  const noun = paramNoun(paramName);
  const camel = noun.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return ['id', `${camel}Id`, paramName, `${noun}_id`, camel];
}

/** The id a list item gives for a path parameter: its `id`, or a field named for the parameter's kind. */
function idIn(item: Json, paramName: string): string | undefined {
  for (const k of idKeys(paramName)) {
    const v = item[k];
    if (typeof v === 'number' || (typeof v === 'string' && v !== '')) return String(v);
  }
  return undefined;
}

export class PathIds extends ResolverStep {
  private readonly lists = new Map<string, Promise<Json[]>>();
  /** Why a list read gave nothing (not implemented, an error status), for the skip reason. */
  private readonly listTrouble = new Map<string, string>();


  /**
   * Hands step 1 a list the run has just read anyway (the contract suite's valid GET of a
   * collection), so finding an id in it needs no read of its own. A list read already is kept.
   */
  knowList(path: string, answer: Exchange): void {
    if (this.lists.has(path) || answer.response.status < 200 || answer.response.status >= 300) return;
    this.lists.set(path, Promise.resolve(listItems(answer.response.json)));
  }

  /**
   * Step 1: values for every path parameter of the operation. Reads take the target's ids; when the
   * target has none, the whole chain is made of own records (a child may only be created under
   * an own parent).
   */
  async pathValues(op: Operation, mode: Mode, depth = 0): Promise<Resolved<Record<string, string>>> {
    const values: Record<string, string> = {};
    const segments = op.path.split('/');
    const paramIndexes = segments.map((seg, i) => (/^\{[^}]+\}$/.test(seg) ? i : -1)).filter((i) => i >= 0);
    for (const i of paramIndexes) {
      const name = segments[i]?.slice(1, -1) ?? '';
      const p = op.parameters.find((x) => x.in === 'path' && x.name === name) ?? { name, in: 'path' as const, required: true, schema: {} };
      const collectionTpl = segments.slice(0, i).join('/');
      const last = i === paramIndexes[paramIndexes.length - 1];
      const noun = paramNoun(name);
      if (!looksLikeId(p)) {
        values[name] = (mode === 'read' ? await this.existingId(collectionTpl, values, p, depth) : undefined) ?? schemaValue(p, bodyContextOf(this.deps));
        continue;
      }
      if (mode === 'read') {
        const id = await this.existingId(collectionTpl, values, p, depth);
        if (id !== undefined) {
          values[name] = id;
          continue;
        }
        // No list to take ids from: a record id the schema suggests (example, minimum, 1), kept
        // only if reading it succeeds. Reading a guessed id is harmless; writing one never happens.
        if (last && op.method === 'get') {
          const guess = await this.guessReadable(op, values, p);
          if (guess !== undefined) {
            values[name] = guess;
            continue;
          }
        }
        const trouble = [...this.listTrouble.values()].filter((t) => t.includes(`GET ${fillPath(collectionTpl, values)}`) || t.includes(`/${segments[i - 1] ?? ''}`));
        const none = `the target has no ${noun} record to read${trouble.length ? ` (${trouble.join('; ')})` : ''}`;
        if (!this.deps.client.writesAllowed) return skip(`${none}, and PROFILE=readonly creates none`);
        if (depth > 0) return skip(none);
        const own = await this.pathValues(op, 'write', depth + 1);
        return own.ok ? own : own.kind === 'disabled' ? own : skip(`${none}, and ${own.reason}`);
      }
      const own = mode === 'consume' && last ? await this.steps.createOwn(collectionTpl, values, noun, depth) : await this.steps.ownReusable(collectionTpl, values, noun, depth);
      if (!own.ok) return own;
      values[name] = own.value;
    }
    return okv(values);
  }

  /**
   * A record the run made (its texts carry the run id) is another test's, which may delete it at
   * any time: a read that took it would fail or pass by the order tests ran in. Reads take the
   * target's own records, else one of their own (GX 4.8 starts without orders, and the first one
   * a list showed was some test's).
   */
  private shopsOwn(item: Json): boolean {
    // In any case: tracking codes are written in capitals.
    return !JSON.stringify(item).toLowerCase().includes(this.deps.runId.toLowerCase());
  }

  /** An existing record id for a parameter, from list answers of the target. */
  private async existingId(collectionTpl: string, values: Record<string, string>, p: ParameterInfo, depth: number): Promise<string | undefined> {
    const lists: string[] = [];
    if (getAt(this.ops, collectionTpl)) lists.push(fillPath(collectionTpl, values));
    // The same list in another view (RECORD_VIEWS: `.../attributes/Property`).
    for (const view of RECORD_VIEWS) if (getAt(this.ops, `${collectionTpl}/${view}`)) lists.push(fillPath(`${collectionTpl}/${view}`, values));
    for (const path of lists) {
      for (const item of (await this.listAt(path)).filter((i) => this.shopsOwn(i))) {
        const id = idIn(item, p.name);
        if (id !== undefined) return id;
      }
    }
    // The same kind of record listed elsewhere (`/countries/{country_id}/zones` for `/zones/{zone_id}`).
    if (depth < 3) {
      for (const o of collectionsOf(this.ops, paramNoun(p.name), 'get')) {
        if (o.path === collectionTpl) continue;
        const vals = await this.pathValues(o, 'read', depth + 1);
        if (!vals.ok) continue;
        for (const item of (await this.listAt(fillPath(o.path, vals.value))).filter((i) => this.shopsOwn(i))) {
          const id = idIn(item, p.name);
          if (id !== undefined) return id;
        }
      }
    }
    // The parent record may embed its children (`order.items[].id`).
    const parentTpl = collectionTpl.slice(0, collectionTpl.lastIndexOf('/'));
    const seg = collectionTpl.slice(collectionTpl.lastIndexOf('/') + 1);
    if (parentTpl && getAt(this.ops, parentTpl)) {
      const ex = await this.deps.client.send('GET', fillPath(parentTpl, values), { intent: 'setup' }).catch(() => undefined);
      const parent = ex?.response.json;
      if (isObj(parent)) {
        const key = Object.keys(parent).find((k) => singular(k) === singular(seg) || k.toLowerCase() === seg.toLowerCase().replace(/_/g, ''));
        const arr = key ? parent[key] : undefined;
        if (Array.isArray(arr)) {
          for (const item of arr.filter(isObj)) {
            const id = idIn(item, p.name);
            if (id !== undefined) return id;
          }
        }
      }
    }
    return undefined;
  }

  /** The items of a GET answer, cached per worker (reads only; nobody else changes them here). */
  private listAt(path: string): Promise<Json[]> {
    let hit = this.lists.get(path);
    if (!hit) {
      hit = this.deps.client.send('GET', path, { intent: 'setup' }).then(
        (ex) => {
          if (ex.response.status >= 200 && ex.response.status < 300) return listItems(ex.response.json);
          this.listTrouble.set(path, `GET ${path} answered ${ex.response.status}`);
          return [];
        },
        (err: unknown) => {
          if (err instanceof UnsupportedError) this.listTrouble.set(path, `GET ${path} is not implemented by the target (${err.reason})`);
          else if (err instanceof BlockedError) this.listTrouble.set(path, err.reason);
          return [];
        },
      );
      this.lists.set(path, hit);
    }
    return hit;
  }

  private async guessReadable(op: Operation, values: Record<string, string>, p: ParameterInfo): Promise<string | undefined> {
    const s = p.schema;
    const candidates = [...new Set([s.example, s.default, s.minimum, 1].filter((v) => typeof v === 'number' || typeof v === 'string').map(String))];
    for (const c of candidates) {
      const ex = await this.deps.client.send('GET', fillPath(op.path, { ...values, [p.name]: c }), { intent: 'setup', noAnswer: 'return' });
      if (ex.response.status >= 200 && ex.response.status < 300) return c;
    }
    return undefined;
  }
}
