// Own records: a record the harness makes to stand behind a request (a customer for an address,
// the order an item goes to), through the spec's own create operation and by the same steps as
// any request (src/data/resolver.ts). A record made for one request alone is fresh; one only
// referred to is shared by the worker's writes that need one there.
import { refusedAsDuplicate } from '../core/answers.js';
import { BlockedError, GuardError, UnsupportedError } from '../core/errors.js';
import type { Exchange } from '../core/exchange.js';
import { fillPath } from '../spec/catalogue.js';
import { collectionsOf, creatorAt } from '../spec/record-ops.js';
import { disabled, okv, skip, type Resolved, ResolverStep } from './steps.js';

export class OwnRecords extends ResolverStep {
  private readonly reusable = new Map<string, Promise<Resolved<string>>>();


  /** Creates an own record in a collection (by template and the values of its parents). */
  async createOwn(collectionTpl: string, values: Record<string, string>, noun: string, depth = 0): Promise<Resolved<string>> {
    if (!this.deps.client.writesAllowed) return disabled(`PROFILE=readonly creates no ${noun} record`);
    if (depth > 4) return skip(`creating a ${noun} record needs records nested too deep`);
    let creator = creatorAt(this.ops, collectionTpl);
    let parentValues: Record<string, string> = values;
    const elsewhere: Resolved<never>[] = [];
    if (!creator) {
      // The kind of record may be created elsewhere (tracking codes under an order): own parents first.
      for (const o of collectionsOf(this.ops, noun, 'post')) {
        const vals = await this.steps.pathValues(o, 'write', depth + 1);
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
      const input = await this.steps.bodyFor(maker, depth + 1, fresh);
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
    // whether the parent is still taken depends on the order tests ran in: a create
    // refused as a duplicate is sent once more with parents of its own.
    if (!this.deps.client.createdBy(sent.value).some((r) => r.kind === 'record') && refusedAsDuplicate(sent.value.response)) {
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
  ownReusable(collectionTpl: string, values: Record<string, string>, noun: string, depth = 0): Promise<Resolved<string>> {
    const key = `${fillPath(collectionTpl, values)} ${noun}`;
    let hit = this.reusable.get(key);
    if (!hit) {
      hit = this.createOwn(collectionTpl, values, noun, depth);
      this.reusable.set(key, hit);
    }
    return hit;
  }
}
