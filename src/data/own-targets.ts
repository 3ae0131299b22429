// Step 4 of a request (src/data/resolver.ts): a write on a collection path (a bulk update, a file
// rename or delete) names its target in the body, and the write guard allows only the harness's
// own: an own record's id, or a file the harness uploaded.
import { isObj } from '../core/json.js';
import { collectionNoun } from '../spec/nouns.js';
import { FILES } from '../spec/particulars.js';
import type { Operation } from '../spec/types.js';
import { multipartBody } from './bodies.js';
import { bodyContextOf, disabled, okv, skip, type Mode, type Resolved, ResolverStep } from './steps.js';

type Json = Record<string, unknown>;

export class OwnTargets extends ResolverStep {

  /** Step 4: puts an own record id / own file name where a collection-level write names its target. */
  async nameOwnTargets(op: Operation, body: unknown, mode: Mode): Promise<Resolved<unknown>> {
    const schema = op.body?.schema;
    const itemSchema = isObj(schema) && schema.type === 'array' && isObj(schema.items) ? schema.items : schema;
    const props = isObj(itemSchema) && isObj(itemSchema.properties) ? Object.keys(itemSchema.properties) : [];
    const noun = collectionNoun(op.path);
    if (props.includes('id')) {
      const own = mode === 'consume' ? await this.steps.createOwn(op.path, {}, noun) : await this.steps.ownReusable(op.path, {}, noun);
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
    return uploads ? this.ownFile(path) : this.steps.createOwn(path, {}, collectionNoun(path));
  }

  /** Uploads a file of our own to a file collection (a fresh one each time: renames and deletes use it up). */
  private async ownFile(collection: string): Promise<Resolved<string>> {
    if (!this.deps.client.writesAllowed) return disabled(`PROFILE=readonly uploads no file to ${collection}`);
    const uploader = this.ops.find((o) => o.method === 'post' && o.path === collection && (o.body?.contentTypes ?? []).some((t) => t.startsWith('multipart/')));
    if (!uploader) return skip(`no operation uploads a file to ${collection}`);
    const ex = await this.deps.client.call(uploader, { multipart: multipartBody(uploader, bodyContextOf(this.deps)), intent: 'setup' });
    const file = this.deps.client.createdBy(ex).find((r) => r.kind === 'file');
    if (!file) return skip(`could not upload a file to ${collection}: ${uploader.id} answered ${ex.response.status}`);
    return okv(file.id);
  }
}
