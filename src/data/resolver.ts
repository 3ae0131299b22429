// Where the values of a request come from, for any spec. `requestFor` builds a request in four
// steps, each a section of this file:
//   1. path ids: the target's own ids from its list answers (reads), or records the harness
//      creates (writes: the guard allows nothing else);
//   2. query: required query parameters from their schemas;
//   3. body: reference fields (`countryId`, `customerId`) get own records or values read from the
//      target (src/data/references.ts reads), the shop's formats are read, and the minimal valid
//      body is built from the schema with them (src/data/bodies.ts);
//   4. a collection-level write (a bulk update, a file rename or delete) names an own record or file.
// Own records are made by the same steps for their create operation (the last section). When
// something cannot be had, the answer is a reason, which the suites turn into a Skip (or a
// Disabled, when the profile forbids the write).
import type { Exchange } from '../core/exchange.js';
import type { Operation, ParameterInfo, SpecSchema } from '../spec/types.js';
import type { ValidatorSet } from '../spec/validators.js';
import type { MultipartValue } from '../client/pipeline/request.js';
import type { ApiClient } from '../client/api-client.js';
import type { Uniq } from '../core/uniq.js';
import { clientSentReferences, minimalValue, multipartBody, referenceFields, requiresId, validBody, type BodyContext } from './bodies.js';
import { BlockedError, GuardError, UnsupportedError } from '../core/errors.js';
import { isSearchOperation } from '../spec/operation-kinds.js';
import { FILES, PUT_CREATE_IDS, RECORD_VIEWS } from '../spec/particulars.js';
import { exampleFormPaths } from '../spec/example-forms.js';
import { requestErrors } from '../spec/request-errors.js';
import { CLIENT_SENT_IDS, NAMED_ONLY } from '../spec/particulars.js';
import { collectionNoun, paramNoun, singular, kindNouns, nounsFor } from '../spec/nouns.js';
import { shopReferences, type RefValue } from './references.js';
import { fillPath } from '../spec/catalogue.js';
import { isObj } from '../core/json.js';
import { listItems } from '../core/answers.js';

type Json = Record<string, unknown>;

/** A value, or why there is none: `skip` (the target lacks data) or `disabled` (the profile forbids it). */
export type Resolved<T> = { ok: true; value: T } | { ok: false; kind: 'skip' | 'disabled'; reason: string };

const okv = <T>(value: T): Resolved<T> => ({ ok: true, value });
const skip = (reason: string): Resolved<never> => ({ ok: false, kind: 'skip', reason });
const disabled = (reason: string): Resolved<never> => ({ ok: false, kind: 'disabled', reason });

/**
 * read: ids may be anyone's (taken from list answers). write: the record must be the harness's
 * own, and may be reused. consume: an own record made for this request alone (deletes).
 */
export type Mode = 'read' | 'write' | 'consume';

export interface RequestInput {
  path: Record<string, string>;
  query: Record<string, unknown>;
  body?: unknown;
  multipart?: Record<string, MultipartValue>;
}

export interface ResolverDeps {
  client: ApiClient;
  validators: ValidatorSet;
  uniq: Uniq;
  runId: string;
}

/**
 * A create the target refused because a unique key is taken (409, or a 4xx whose answer says
 * so: MySQL's "Duplicate entry", "already exists"): the body's own parents may be what is taken.
 */
function refusedAsDuplicate(ex: Exchange): boolean {
  const s = ex.response.status;
  if (s === 409) return true;
  return s >= 400 && s < 500 && /duplicate entry|duplicate key|already exists|unique constraint/i.test(ex.response.text);
}

function idKeys(paramName: string): string[] {
  const noun = paramNoun(paramName);
  const camel = noun.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return ['id', `${camel}Id`, paramName, `${noun}_id`, camel];
}


function idIn(item: Json, paramName: string): string | undefined {
  for (const k of idKeys(paramName)) {
    const v = item[k];
    if (typeof v === 'number' || (typeof v === 'string' && v !== '')) return String(v);
  }
  return undefined;
}

/** A value for a parameter that is not a record id (a quantity, a code): from its schema. */
function schemaValue(p: ParameterInfo, ctx: BodyContext): string {
  const s = p.schema;
  for (const v of [s.example, s.default, Array.isArray(s.enum) ? s.enum[0] : undefined]) {
    if (typeof v === 'string' || typeof v === 'number') return String(v);
  }
  const v = minimalValue(s, ctx, p.name);
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '1';
}

function looksLikeId(p: ParameterInfo): boolean {
  return /(^|_|[a-z])(id|ids|Id|Ids)$/.test(p.name) || /_id$/.test(p.name);
}

/** An own record of a kind, made (or reused) by the caller: its id, or why there is none. */
export type OwnRecord = { ok: true; value: string } | { ok: false; reason: string };

export interface ReferenceOptions {
  /** Paths of the operations whose body this is. */
  context: readonly string[];
  /** Whether the caller can make an own record of the kind (the spec creates it, writes are allowed). */
  creatable: (noun: string) => boolean;
  /** Makes or reuses an own record of the kind. */
  own: (noun: string) => Promise<OwnRecord>;
}

/** Values for the reference fields of one body, and why each field that got none got none. */
export interface ReferenceValues {
  values: Record<string, RefValue>;
  gaps: Record<string, string>;
}

/**
 * Values for the reference fields of one body. Kinds the spec can create (customers, products,
 * categories ...) are the harness's own records, or the target's own "none" (0) when no own one
 * can be made: pointing a new record at a customer or product of the shop would change what they
 * show. Everything else (countries, tax classes, languages, and the kinds records only name,
 * NAMED_ONLY: parcel services) is read from the target
 * (src/data/references.ts), fields one record holds together from the same record.
 */
export async function resolveReferences(client: ApiClient, fields: readonly string[], opts: ReferenceOptions): Promise<ReferenceValues> {
  const refs = shopReferences(client);
  const out: ReferenceValues = { values: {}, gaps: {} };
  const borrow: string[] = [];
  for (const field of fields) {
    const nouns = field === 'id' || field === 'ids' ? nounsFor(field, opts.context) : kindNouns(field);
    // A kind records only name (NAMED_ONLY: a parcel service) is read from the target like a country.
    const ownNoun = nouns.find((n) => opts.creatable(n) && !NAMED_ONLY.includes(n));
    if (ownNoun === undefined) {
      borrow.push(field);
      continue;
    }
    // A create the target refuses to have sent (it lacks the operation) is no own record either.
    const own = await opts.own(ownNoun).catch((err: unknown): OwnRecord => ({ ok: false, reason: err instanceof Error ? err.message : String(err) }));
    if (own.ok) {
      out.values[field] = /^\d+$/.test(own.value) ? Number(own.value) : own.value;
      continue;
    }
    // No own record to be had: the target's own "none" (a 0 its records carry) names nothing either.
    const none = await refs.lookup(field, { context: opts.context, noneOnly: true });
    if (none.ok) out.values[field] = none.value;
    else out.gaps[field] = `${field} must name an own ${ownNoun} record or the target's "none", and ${own.reason}`;
  }
  if (borrow.length) {
    const found = await refs.lookupTogether(borrow, { context: opts.context });
    for (const field of borrow) {
      const r = found[field];
      if (r?.ok) out.values[field] = r.value;
      else out.gaps[field] = r?.reason ?? `nothing read for ${field}`;
    }
  }
  return out;
}

export class DataResolver {
  private readonly lists = new Map<string, Promise<Json[]>>();
  /** Why a list read gave nothing (not implemented, an error status), for the skip reason. */
  private readonly listTrouble = new Map<string, string>();
  private readonly reusable = new Map<string, Promise<Resolved<string>>>();

  constructor(private readonly deps: ResolverDeps) {}

  private get ops(): Operation[] {
    return this.deps.client.catalogue.operations;
  }

  private get bodyContext(): BodyContext {
    return { runId: this.deps.runId, uniq: this.deps.uniq };
  }

  private get writesAllowed(): boolean {
    return this.deps.client.writesAllowed;
  }

  /**
   * A copy of a body with each unique value the run made (its tag and a number: names, e-mails,
   * passwords) numbered afresh, one new number per old one. A broken copy of a create's valid body
   * must break only the rule it is meant to: sent with the e-mail the valid create had just
   * registered, GX 4.8 answered "E-Mail already used", not the broken rule (issue 37).
   */
  renewed(body: unknown): unknown {
    const tag = new RegExp(`(${this.deps.runId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-)(\\d+)`, 'g');
    const fresh = new Map<string, number>();
    const renumber = (n: string): number => {
      const m = fresh.get(n) ?? this.deps.uniq.next();
      fresh.set(n, m);
      return m;
    };
    const walk = (v: unknown): unknown => {
      if (typeof v === 'string') return v.replace(tag, (_m, head: string, n: string) => `${head}${renumber(n)}`);
      if (Array.isArray(v)) return v.map(walk);
      if (isObj(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
      return v;
    };
    return walk(body);
  }

  /**
   * Hands the resolver a list the run has just read anyway (the contract suite's valid GET of a
   * collection), so finding an id in it needs no read of its own. A list read already is kept.
   */
  knowList(path: string, answer: Exchange): void {
    if (this.lists.has(path) || answer.response.status < 200 || answer.response.status >= 300) return;
    this.lists.set(path, Promise.resolve(listItems(answer.response.json)));
  }

  // ---------------------------------------------------------------------------------------------
  // The request

  /** Everything a request to the operation needs, in the four steps of this file. */
  async requestFor(op: Operation, mode: Mode): Promise<Resolved<RequestInput>> {
    const path = await this.pathValues(op, mode);
    if (!path.ok) return path;
    const query = this.queryValues(op);
    const body = await this.bodyFor(op);
    if (!body.ok) return body;
    const input: RequestInput = { path: path.value, query, ...body.value };
    if (mode !== 'read' && !op.path.includes('{') && ['put', 'patch', 'delete'].includes(op.method)) {
      const named = await this.nameOwnTargets(op, input.body, mode);
      if (!named.ok) return named;
      if (named.value !== undefined) input.body = named.value;
    }
    return okv(input);
  }

  /**
   * A read of the operation whose path ids need name no record (its ids' examples, else 1): for
   * probes that expect a refusal before any record is looked at (no credentials, a wrong-typed
   * id), when the target has no record to read and none can be made. Never for writes: the write
   * guard allows them only on own records.
   */
  anyRead(op: Operation): RequestInput | undefined {
    if (op.method !== 'get' || op.body) return undefined;
    const path: Record<string, string> = {};
    for (const p of op.parameters.filter((x) => x.in === 'path')) {
      const s = p.schema;
      const example = [s.example, s.default, s.minimum].find((v) => typeof v === 'number' || typeof v === 'string');
      path[p.name] = looksLikeId(p) ? String(example ?? 1) : schemaValue(p, this.bodyContext);
    }
    return { path, query: this.queryValues(op) };
  }

  // ---------------------------------------------------------------------------------------------
  // Step 1: path ids

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
        values[name] = (mode === 'read' ? await this.existingId(collectionTpl, values, p, depth) : undefined) ?? schemaValue(p, this.bodyContext);
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
        if (!this.writesAllowed) return skip(`${none}, and PROFILE=readonly creates none`);
        if (depth > 0) return skip(none);
        const own = await this.pathValues(op, 'write', depth + 1);
        return own.ok ? own : own.kind === 'disabled' ? own : skip(`${none}, and ${own.reason}`);
      }
      const own = mode === 'consume' && last ? await this.createOwn(collectionTpl, values, noun, depth) : await this.ownReusable(collectionTpl, values, noun, depth);
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
    if (this.getOpAt(collectionTpl)) lists.push(fillPath(collectionTpl, values));
    // The same list in another view (RECORD_VIEWS: `.../attributes/Property`).
    for (const view of RECORD_VIEWS) if (this.getOpAt(`${collectionTpl}/${view}`)) lists.push(fillPath(`${collectionTpl}/${view}`, values));
    for (const path of lists) {
      for (const item of (await this.listAt(path)).filter((i) => this.shopsOwn(i))) {
        const id = idIn(item, p.name);
        if (id !== undefined) return id;
      }
    }
    // The same kind of record listed elsewhere (`/countries/{country_id}/zones` for `/zones/{zone_id}`).
    if (depth < 3) {
      for (const o of this.nounOps(paramNoun(p.name), 'get')) {
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
    if (parentTpl && this.getOpAt(parentTpl)) {
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

  private getOpAt(template: string): Operation | undefined {
    return this.ops.find((o) => o.method === 'get' && o.path === template);
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

  // ---------------------------------------------------------------------------------------------
  // Step 2: query

  /** Step 2: values for required query parameters, from their schemas. */
  queryValues(op: Operation): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const p of op.parameters) {
      if (p.in !== 'query' || !p.required) continue;
      const s = p.schema;
      out[p.name] = s.default ?? (Array.isArray(s.enum) ? s.enum[0] : undefined) ?? s.example ?? minimalValue(s, this.bodyContext, p.name);
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // Step 3: body

  /**
   * Step 3: a body the spec accepts for the operation (JSON or multipart). Reference fields first
   * (own records, or values read from the target), then the shop's formats for the collections the
   * body goes to, then the minimal valid body from the schema with both. A required reference
   * nothing could be found for leaves the body invalid: a skip that names what the target lacks.
   */
  async bodyFor(op: Operation, depth = 0, fresh = false): Promise<Resolved<{ body?: unknown; multipart?: Record<string, MultipartValue> }>> {
    if (!op.body) return okv({});
    if (op.body.contentTypes.some((t) => t.startsWith('multipart/')) && !op.body.schema) return okv({ multipart: multipartBody(op, this.bodyContext) });
    if (!op.body.schema) return okv({});
    const context = [...new Set(this.ops.filter((o) => o.body?.schema === op.body?.schema).map((o) => o.path))];
    const refs = await this.referenceValues(op.body.schema, context, depth, op, fresh);
    const shop = await shopReferences(this.deps.client).factsFor(context);
    // A record made to stand behind another (depth > 0) is written as the vendor's example writes
    // it where that contradicts the schema (EXAMPLE_FORMS); the operation's own request keeps the
    // declared form, so a shop that fails on it fails in that operation's tests.
    const forms = depth > 0 ? exampleFormPaths(this.deps.client.catalogue.raw, op.body.pointer) : undefined;
    const body = validBody(op, { ...this.bodyContext, refs: refs.values, shop, ...(forms?.size ? { forms } : {}) });
    const errors = requestErrors(forms?.size ? this.deps.validators.exampleForms() : this.deps.validators, op, body);
    if (errors.length) {
      const gaps = Object.entries(refs.gaps).filter(([field]) => errors.some((e) => e.message.includes(`'${field}'`)));
      const why = gaps.length ? `; blocked: ${gaps.map(([, reason]) => reason).join('; ')}` : '';
      return skip(`could not build a valid ${op.id} body from the spec: ${errors.slice(0, 3).map((e) => `${e.path} ${e.message}`).join('; ')}${why}`);
    }
    return okv({ body });
  }

  /**
   * Values for the reference fields of a body schema (resolveReferences): kinds the spec can create
   * are own records (the body a test sends, depth 0, refers to fresh ones, since APIs tie records
   * together: a book lent once, one default address; records made only to stand behind others
   * share one); everything else is read from the target.
   */
  private async referenceValues(schema: SpecSchema, context: readonly string[], depth: number, op?: Operation, fresh = false): Promise<ReferenceValues> {
    // Besides the schema's reference fields, those of what a client sends beyond it (CLIENT_SENDS: an offer's productId).
    const fields = [...new Set([...referenceFields(schema), ...(op ? clientSentReferences(op) : [])])];
    // A create under a parent that requires an `id` names a record of its kind (a product's additional field).
    const users = this.ops.filter((o) => o.body?.schema === schema);
    if (requiresId(schema) && users.some((o) => o.method === 'post' && o.path.includes('{') && !/\}$/.test(o.path))) fields.push('id');
    const found = await resolveReferences(this.deps.client, fields, {
      context,
      creatable: (noun) => this.writesAllowed && depth < 3 && this.nounOps(noun, 'post').length > 0,
      own: (noun) => {
        const creator = this.nounOps(noun, 'post')[0];
        if (!creator) return Promise.resolve(skip(`no operation of the spec creates a ${noun} record`));
        const tpl = creator.path.includes('{') ? `#${noun}` : creator.path;
        return depth === 0 || fresh ? this.createOwn(tpl, {}, noun, depth + 1) : this.ownReusable(tpl, {}, noun, depth + 1);
      },
    });
    // Ids a client sends whose name does not say what they name are read as what they name, and
    // handed to the body by their place in it (CLIENT_SENT_IDS: an order's customer status).
    for (const [place, { field, collection }] of Object.entries(op ? (CLIENT_SENT_IDS[op.id] ?? {}) : {})) {
      const r = await shopReferences(this.deps.client).lookup(field, { context: [collection] });
      if (r.ok) found.values[place] = r.value;
      else found.gaps[place] = r.reason;
    }
    return found;
  }

  // ---------------------------------------------------------------------------------------------
  // Step 4: the own record or file a collection-level write names

  /** Step 4: puts an own record id / own file name where a collection-level write names its target. */
  private async nameOwnTargets(op: Operation, body: unknown, mode: Mode): Promise<Resolved<unknown>> {
    const schema = op.body?.schema;
    const itemSchema = isObj(schema) && schema.type === 'array' && isObj(schema.items) ? schema.items : schema;
    const props = isObj(itemSchema) && isObj(itemSchema.properties) ? Object.keys(itemSchema.properties) : [];
    const noun = collectionNoun(op.path);
    if (props.includes('id')) {
      const own = mode === 'consume' ? await this.createOwn(op.path, {}, noun) : await this.ownReusable(op.path, {}, noun);
      if (!own.ok) return own;
      const id = /^\d+$/.test(own.value) ? Number(own.value) : own.value;
      const withId = (b: unknown): Json => ({ ...(isObj(b) ? b : {}), id });
      return okv(Array.isArray(body) ? [withId(body[0])] : withId(body));
    }
    const fileField = props.find((p) => FILES.nameFields.test(p) || FILES.oldName.test(p));
    if (fileField) {
      const file = await this.ownFile(op.path);
      if (!file.ok) return file;
      const out: Json = { ...(isObj(body) ? body : {}), [fileField]: file.value };
      if (props.includes(FILES.rename.to)) out[FILES.rename.to] = `qa-${this.deps.runId}-${this.deps.uniq.next()}.png`;
      return okv(out);
    }
    if (op.method === 'delete') return skip(`${op.id} names no record in its body that the harness could point at its own`);
    return okv(undefined);
  }

  /**
   * A member of the collection at `path` made by this run: an uploaded file where the collection
   * takes uploads, else a record through its create. For a test that needs the list to hold
   * something it knows: records of other tests come and go while it runs.
   */
  ownMember(path: string): Promise<Resolved<string>> {
    const uploads = this.ops.some((o) => o.method === 'post' && o.path === path && (o.body?.contentTypes ?? []).some((t) => t.startsWith('multipart/')));
    return uploads ? this.ownFile(path) : this.createOwn(path, {}, collectionNoun(path));
  }

  /** Uploads a file of our own to a file collection (a fresh one each time: renames and deletes use it up). */
  private async ownFile(collection: string): Promise<Resolved<string>> {
    if (!this.writesAllowed) return disabled(`PROFILE=readonly uploads no file to ${collection}`);
    const uploader = this.ops.find((o) => o.method === 'post' && o.path === collection && (o.body?.contentTypes ?? []).some((t) => t.startsWith('multipart/')));
    if (!uploader) return skip(`no operation uploads a file to ${collection}`);
    const ex = await this.deps.client.call(uploader, { multipart: multipartBody(uploader, this.bodyContext), intent: 'setup' });
    const file = this.deps.client.createdBy(ex).find((r) => r.kind === 'file');
    if (!file) return skip(`could not upload a file to ${collection}: ${uploader.id} answered ${ex.response.status}`);
    return okv(file.id);
  }

  // ---------------------------------------------------------------------------------------------
  // Own records: made through their create operation, by the same steps

  /** Creates an own record in a collection (by template and the values of its parents). */
  async createOwn(collectionTpl: string, values: Record<string, string>, noun: string, depth = 0): Promise<Resolved<string>> {
    if (!this.writesAllowed) return disabled(`PROFILE=readonly creates no ${noun} record`);
    if (depth > 4) return skip(`creating a ${noun} record needs records nested too deep`);
    let creator = this.creatorAt(collectionTpl);
    let parentValues: Record<string, string> = values;
    const elsewhere: Resolved<never>[] = [];
    if (!creator) {
      // The kind of record may be created elsewhere (tracking codes under an order): own parents first.
      for (const o of this.nounOps(noun, 'post')) {
        const vals = await this.pathValues(o, 'write', depth + 1);
        if (!vals.ok) {
          // Why that create could not be had is why there is no record: say so, not that nothing creates one.
          elsewhere.push({ ...vals, reason: `${o.id} creates one under ${o.path}, and ${vals.reason}` });
          continue;
        }
        creator = o;
        parentValues = vals.value;
        break;
      }
    }
    if (!creator) {
      const why = elsewhere.find((r) => !r.ok && r.kind === 'disabled') ?? elsewhere[0];
      if (why && !why.ok) return { ...why, reason: `a ${noun} record is needed for ${collectionTpl}: ${why.reason}` };
      return skip(`no operation of the spec creates a ${noun} record (needed for ${collectionTpl})`);
    }
    const blocked = this.deps.client.profileBlocks(creator)?.reason;
    if (blocked) return disabled(blocked);
    const maker = creator;
    const make = async (fresh: boolean): Promise<Resolved<Exchange>> => {
      const input = await this.bodyFor(maker, depth + 1, fresh);
      if (!input.ok) return input;
      try {
        return okv(await this.deps.client.call(maker, { path: parentValues, intent: 'setup', ...input.value }));
      } catch (err) {
        if (err instanceof GuardError) return skip(err.message);
        if (err instanceof UnsupportedError) return skip(`blocked: a ${noun} record is needed, and ${err.operationId} is not implemented by the target (${err.reason})`);
        if (err instanceof BlockedError) return skip(`blocked: a ${noun} record is needed: ${err.reason}`);
        throw err;
      }
    };
    let sent = await make(false);
    if (!sent.ok) return sent;
    // A record made to stand behind a path shares its own parents with the worker's other such
    // records. Some shops allow one record per parent (GX 4.8: one special offer per product), so
    // whether the parent is still taken depends on the order tests ran in (issue 20): a create
    // refused as a duplicate is sent once more with parents of its own.
    if (!this.deps.client.createdBy(sent.value).some((r) => r.kind === 'record') && refusedAsDuplicate(sent.value)) {
      const again = await make(true);
      if (!again.ok) return again;
      sent = again;
    }
    const ex = sent.value;
    const created = this.deps.client.createdBy(ex).find((r) => r.kind === 'record');
    if (!created) {
      const s = ex.response.status;
      return skip(`blocked: could not create a ${noun} record: ${creator.id} answered ${s}${s >= 200 && s < 300 ? ' without an id the harness could read' : ` (${ex.response.text.slice(0, 160)})`}`);
    }
    return okv(created.id);
  }

  /** An own record reused by every write in this worker that needs one here. */
  private ownReusable(collectionTpl: string, values: Record<string, string>, noun: string, depth = 0): Promise<Resolved<string>> {
    const key = `${fillPath(collectionTpl, values)} ${noun}`;
    let hit = this.reusable.get(key);
    if (!hit) {
      hit = this.createOwn(collectionTpl, values, noun, depth);
      this.reusable.set(key, hit);
    }
    return hit;
  }

  /** The operation that creates records in a collection: its POST, or a PUT named like a create (`queueEmail`). */
  private creatorAt(template: string): Operation | undefined {
    return (
      this.ops.find((o) => o.method === 'post' && o.path === template && !isSearchOperation(o)) ??
      this.ops.find((o) => o.method === 'put' && o.path === template && PUT_CREATE_IDS.test(o.id))
    );
  }

  /** Collections whose last segment holds records of this kind (`/countries/{country_id}/zones` for zone), fewest parameters first. */
  private nounOps(noun: string, method: 'get' | 'post'): Operation[] {
    return this.ops
      .filter((o) => o.method === method && !isSearchOperation(o) && !/\}$/.test(o.path) && collectionNoun(o.path) === noun)
      .sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0));
  }
}
