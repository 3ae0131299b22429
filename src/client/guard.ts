// The write guard: the client never sends a write that could touch a record the harness did not
// create. Enforced here, in code, for every request; a refusal is a harness error, not a finding.
//
// - PROFILE=readonly: no writes at all, except search POSTs (they read).
// - Destructive operations (cache clears, cron triggers, sending mail): only in PROFILE=full.
//   The rule of these two is profileBlocks below, its one home.
// - PUT/PATCH/DELETE, and POST under a record path or with X-HTTP-Method-Override, must target a
//   record in the ledger. A path id of the wrong type (`abc` for an integer id) cannot name any
//   record, so negative tests may send it.
// - Writes on a collection path name their targets in the body (ids, file names); each must be
//   in the ledger. A DELETE on a collection that names nothing is refused.
import type { Profile } from '../config/config.js';
import type { Operation, ParameterInfo } from '../spec/types.js';
import { isDestructiveOperation, isSearchOperation, isWriteOperation } from '../spec/operation-kinds.js';
import { FILES } from '../spec/particulars.js';
import { paramNoun } from '../spec/nouns.js';
import type { Ledger } from './ledger.js';
import { isObj } from '../core/json.js';

const INT64_MAX = 9223372036854775807n;

/** True when the value cannot name any record of this parameter (wrong type for its schema). */
export function cannotNameRecord(param: ParameterInfo | undefined, value: string): boolean {
  if (!param) return false;
  const s = param.schema;
  const type = s.type === 'array' && isObj(s.items) ? s.items.type : s.type;
  const format = s.type === 'array' && isObj(s.items) ? s.items.format : s.format;
  const items = s.type === 'array' ? value.split(',') : [value];
  if (type === 'integer') return items.some((v) => !/^-?\d+$/.test(v) || BigInt(v) > INT64_MAX || BigInt(v) < -INT64_MAX);
  if (type === 'number') return items.some((v) => v.trim() === '' || Number.isNaN(Number(v)));
  if (format === 'uuid') return items.some((v) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v));
  return false;
}

export interface WriteRequest {
  op: Operation | undefined;
  /** HTTP method on the wire. */
  method: string;
  /** X-HTTP-Method-Override, upper-cased, when sent. */
  override: string | undefined;
  /** Concrete path relative to the API root, without query. */
  path: string;
  /** Raw (decoded) path parameter values. */
  pathValues: Record<string, string>;
  body: unknown;
  /** With an override: the operation the wire method (POST) would reach if the override were ignored. */
  wireOp?: Operation | undefined;
}

export interface GuardContext {
  profile: Profile;
  ledger: Ledger;
  specMarksDestructive: boolean;
}

export type Verdict = { allowed: true } | { allowed: false; reason: string };

const ok: Verdict = { allowed: true };
const no = (reason: string): Verdict => ({ allowed: false, reason });

/** Whether a profile sends writes at all: readonly sends none (search POSTs read). */
export function writesAllowed(profile: Profile): boolean {
  return profile !== 'readonly';
}

/** Why a profile does not send an operation, and the profile that does. */
export interface ProfileBlock {
  /** The lowest profile that sends it. */
  needs: 'standard' | 'full';
  kind: 'destructive' | 'write';
  reason: string;
}

/**
 * Whether PROFILE keeps the run from sending this operation: destructive ones need `full`, other
 * writes `standard`. The guard refuses by it; the client answers the data layer and the probes by
 * it before they build a request (ApiClient.profileBlocks), and the report says by it why an
 * operation was not tested.
 */
export function profileBlocks(op: Operation, profile: Profile, specMarksDestructive: boolean): ProfileBlock | undefined {
  if (isDestructiveOperation(op, specMarksDestructive) && profile !== 'full') {
    return { needs: 'full', kind: 'destructive', reason: `${op.id} is destructive (cache clears, job triggers, sending mail); it runs only with PROFILE=full` };
  }
  if (isWriteOperation(op) && !writesAllowed(profile)) return { needs: 'standard', kind: 'write', reason: `PROFILE=readonly sends no writes (${op.id} is a ${op.method.toUpperCase()})` };
  return undefined;
}

/**
 * Path ids that name records the harness did not create. Every id in the path counts (a child
 * of a foreign record is foreign), and an id counts as owned when the ledger has it under that
 * path or as the same kind of record elsewhere (`/product_prices/5` is product 5). A value of the
 * wrong type names nothing, unless a sloppy server could read its leading digits (`12abc`).
 */
function foreignPathIds(op: Operation, req: WriteRequest, ledger: Ledger): string[] {
  const foreign: string[] = [];
  const segments = op.path.split('/');
  const concrete = req.path.split('/');
  segments.forEach((seg, i) => {
    const name = /^\{([^}]+)\}$/.exec(seg)?.[1];
    if (!name) return;
    const param = op.parameters.find((p) => p.in === 'path' && p.name === name);
    const raw = req.pathValues[name] ?? decodeURIComponent(concrete[i] ?? '');
    const prefix = concrete.slice(0, i).join('/');
    const items = param?.schema.type === 'array' ? raw.split(',') : [raw];
    for (const item of items) {
      let id = item;
      if (cannotNameRecord(param, item)) {
        const digits = /^\d+/.exec(item)?.[0];
        if (!digits) continue;
        id = digits;
      }
      if (/^\d+$/.test(id) && BigInt(id) > INT64_MAX) continue;
      if (ledger.ownsRecord(`${prefix}/${encodeURIComponent(id)}`) || ledger.ownsId(paramNoun(name), id)) continue;
      foreign.push(`${prefix}/${id}`);
    }
  });
  return foreign;
}

/** Targets a collection-level write names in its body: record ids and file names. */
function bodyTargets(body: unknown): { ids: string[]; files: string[] } {
  const ids: string[] = [];
  const files: string[] = [];
  const visit = (v: unknown): void => {
    if (!isObj(v)) return;
    if (typeof v.id === 'number' || (typeof v.id === 'string' && v.id !== '')) ids.push(String(v.id));
    for (const [k, x] of Object.entries(v)) {
      // A rename names the old file; the new name is what it creates.
      if (k === FILES.rename.to) continue;
      if (!(FILES.nameFields.test(k) || FILES.oldName.test(k)) || k === 'name') continue;
      // A name given as a list (a negative probe's wrong-typed copy) names each of its strings.
      for (const name of Array.isArray(x) ? (x as unknown[]) : [x]) if (typeof name === 'string' && name) files.push(name.split('/').pop() ?? name);
    }
  };
  if (Array.isArray(body)) body.forEach(visit);
  else visit(body);
  return { ids, files };
}

export function guardWrite(req: WriteRequest, ctx: GuardContext): Verdict {
  const effective = (req.override ?? req.method).toUpperCase();
  const op = req.op;
  const readMethod = ['GET', 'HEAD', 'OPTIONS'].includes(effective);
  if (readMethod && !req.override) return ok;
  // A search POST reads; so does the support gate's search probe, a search POST overridden to GET
  // (read as the GET it names, or as the search its path names; it is in the ledger all the same).
  if (op && isSearchOperation(op) && (!req.override || readMethod)) return ok;
  if (!writesAllowed(ctx.profile)) {
    return no(`PROFILE=readonly sends no writes (${req.method}${req.override ? ` overridden to ${req.override}` : ''} ${req.path})`);
  }
  if (!op) {
    if (effective === 'POST') return ok;
    return ctx.ledger.ownsRecord(req.path) ? ok : no(`${effective} ${req.path} matches no operation of the spec and is not a record the harness created`);
  }
  const destructive = isDestructiveOperation(op, ctx.specMarksDestructive);
  const blocked = profileBlocks(op, ctx.profile, ctx.specMarksDestructive);
  if (blocked) return no(blocked.reason);
  if (req.wireOp && req.wireOp !== op && isDestructiveOperation(req.wireOp, ctx.specMarksDestructive) && ctx.profile !== 'full') {
    // A server that ignores the override would run the POST of this path, which is destructive.
    return no(`POST ${req.path} is ${req.wireOp.id}, destructive if the override were ignored; it runs only with PROFILE=full`);
  }
  if (op.path.includes('{')) {
    // A POST under a record path (create a child, send an e-mail) and every PUT/PATCH/DELETE there.
    const foreign = foreignPathIds(op, req, ctx.ledger);
    if (foreign.length) {
      return no(`${effective} ${req.path} targets ${foreign.join(', ')}, which the harness did not create (only records in the ledger may be changed)`);
    }
    return ok;
  }
  // Collection-level write.
  if (effective === 'POST') return ok;
  const { ids, files } = bodyTargets(req.body);
  const foreignIds = ids.filter((id) => !ctx.ledger.ownsRecord(`${req.path}/${encodeURIComponent(id)}`));
  const foreignFiles = files.filter((f) => !ctx.ledger.ownsFile(req.path, f));
  if (foreignIds.length || foreignFiles.length) {
    const what = [...foreignIds.map((id) => `id ${id}`), ...foreignFiles.map((f) => `file ${f}`)].join(', ');
    return no(`${effective} ${req.path} names ${what}, which the harness did not create`);
  }
  // A destructive collection-level call (clearing a cache) names nothing by design; PROFILE=full allows it.
  if (!ids.length && !files.length && effective === 'DELETE' && !destructive) {
    return no(`DELETE ${req.path} names no record the harness created; a collection-wide delete is never sent`);
  }
  // A PUT/PATCH naming nothing cannot change an existing record (the API queues e-mails this way).
  return ok;
}
