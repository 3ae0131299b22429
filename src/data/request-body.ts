// Step 3 of a request (src/data/resolver.ts): a body the spec accepts. Its reference fields get
// own records (kinds the spec can create) or values read from the target (everything else,
// src/data/references.ts), the shop's formats are read, and the minimal valid body is built from
// the schema with both (src/data/bodies.ts).
import type { ApiClient } from '../client/api-client.js';
import { exampleFormPaths } from '../spec/example-forms.js';
import { kindNouns, nounsFor } from '../spec/nouns.js';
import { CLIENT_SENT_IDS, NAMED_ONLY } from '../spec/particulars.js';
import { collectionsOf } from '../spec/record-ops.js';
import { requestErrors } from '../spec/request-errors.js';
import type { Operation, SpecSchema } from '../spec/types.js';
import { clientSentReferences, multipartBody, referenceFields, requiresId, validBody } from './bodies.js';
import type { RefValue } from './target-reads.js';
import { shopReferences } from './references.js';
import { shopFormats } from './shop-formats.js';
import { bodyContextOf, okv, skip, type BodyInput, type Resolved, ResolverStep } from './steps.js';

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

export class RequestBody extends ResolverStep {

  /**
   * Step 3: a body the spec accepts for the operation (JSON or multipart). Reference fields first
   * (own records, or values read from the target), then the shop's formats for the collections the
   * body goes to, then the minimal valid body from the schema with both. A required reference
   * nothing could be found for leaves the body invalid: a skip that names what the target lacks.
   */
  async bodyFor(op: Operation, depth = 0, fresh = false): Promise<Resolved<BodyInput>> {
    if (!op.body) return okv({});
    if (op.body.contentTypes.some((t) => t.startsWith('multipart/')) && !op.body.schema) return okv({ multipart: multipartBody(op, bodyContextOf(this.deps)) });
    if (!op.body.schema) return okv({});
    const context = [...new Set(this.ops.filter((o) => o.body?.schema === op.body?.schema).map((o) => o.path))];
    const refs = await this.referenceValues(op.body.schema, context, depth, op, fresh);
    const shop = await shopFormats(this.deps.client).factsFor(context);
    // A record made to stand behind another (depth > 0) is written as the vendor's example writes
    // it where that contradicts the schema (EXAMPLE_FORMS); the operation's own request keeps the
    // declared form, so a shop that fails on it fails in that operation's tests.
    const forms = depth > 0 ? exampleFormPaths(this.deps.client.catalogue.raw, op.body.pointer) : undefined;
    const body = validBody(op, { ...bodyContextOf(this.deps), refs: refs.values, shop, ...(forms?.size ? { forms } : {}) });
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
      creatable: (noun) => this.deps.client.writesAllowed && depth < 3 && collectionsOf(this.ops, noun, 'post').length > 0,
      own: (noun) => {
        const creator = collectionsOf(this.ops, noun, 'post')[0];
        if (!creator) return Promise.resolve(skip(`no operation of the spec creates a ${noun} record`));
        const tpl = creator.path.includes('{') ? `#${noun}` : creator.path;
        return depth === 0 || fresh ? this.steps.createOwn(tpl, {}, noun, depth + 1) : this.steps.ownReusable(tpl, {}, noun, depth + 1);
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
}
