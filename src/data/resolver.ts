// Where the values of a request come from, for any spec. `requestFor` builds a request in four
// steps, each a file of this folder:
//   1. path ids (path-ids.ts): the target's own ids from its list answers (reads), or records the
//      harness creates (writes: the guard allows nothing else);
//   2. query (query-values.ts): required query parameters from their schemas;
//   3. body (request-body.ts): reference fields (`countryId`, `customerId`) get own records or
//      values read from the target (references.ts), the shop's formats are read, and the minimal
//      valid body is built from the schema with them (bodies.ts);
//   4. the target a collection-level write names (own-targets.ts): an own record or file.
// Own records are made by the same steps for their create operation (own-records.ts). When
// something cannot be had, the answer is a reason, which the suites turn into a Skip (or a
// Disabled, when the profile forbids the write).
import type { Exchange } from '../core/exchange.js';
import { isObj } from '../core/json.js';
import type { Operation } from '../spec/types.js';
import { OwnRecords } from './own-records.js';
import { OwnTargets } from './own-targets.js';
import { PathIds } from './path-ids.js';
import { anyRead, queryValues } from './query-values.js';
import { RequestBody } from './request-body.js';
import { bodyContextOf, okv, type BodyInput, type Mode, type RequestInput, type Resolved, type ResolverDeps, type Steps } from './steps.js';

export class DataResolver {
  private readonly paths: PathIds;
  private readonly bodies: RequestBody;
  private readonly targets: OwnTargets;
  private readonly own: OwnRecords;

  constructor(private readonly deps: ResolverDeps) {
    // Each step reaches the others through this, never through an import: a record made for a
    // path is made by the same steps as the request.
    const steps: Steps = {
      pathValues: (op, mode, depth) => this.paths.pathValues(op, mode, depth),
      bodyFor: (op, depth, fresh) => this.bodies.bodyFor(op, depth, fresh),
      createOwn: (tpl, values, noun, depth) => this.own.createOwn(tpl, values, noun, depth),
      ownReusable: (tpl, values, noun, depth) => this.own.ownReusable(tpl, values, noun, depth),
    };
    this.paths = new PathIds(deps, steps);
    this.bodies = new RequestBody(deps, steps);
    this.targets = new OwnTargets(deps, steps);
    this.own = new OwnRecords(deps, steps);
  }

  /**
   * A copy of a body with each unique value the run made (its tag and a number: names, e-mails,
   * passwords) numbered afresh, one new number per old one. A broken copy of a create's valid body
   * must break only the rule it is meant to: sent with the e-mail the valid create had just
   * registered, a shop may answer "E-Mail already used" (GX 4.8 does), not the broken rule.
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
    this.paths.knowList(path, answer);
  }

  /** Everything a request to the operation needs, in the four steps. */
  async requestFor(op: Operation, mode: Mode): Promise<Resolved<RequestInput>> {
    const path = await this.paths.pathValues(op, mode);
    if (!path.ok) return path;
    const query = this.queryValues(op);
    const body = await this.bodies.bodyFor(op);
    if (!body.ok) return body;
    const input: RequestInput = { path: path.value, query, ...body.value };
    if (mode !== 'read' && !op.path.includes('{') && ['put', 'patch', 'delete'].includes(op.method)) {
      const named = await this.targets.nameOwnTargets(op, input.body, mode);
      if (!named.ok) return named;
      if (named.value !== undefined) input.body = named.value;
    }
    return okv(input);
  }

  /**
   * A read of the operation whose path ids need name no record (its ids' examples, else 1): for
   * probes that expect a refusal before any record is looked at (src/data/query-values.ts).
   */
  anyRead(op: Operation): RequestInput | undefined {
    return anyRead(op, bodyContextOf(this.deps));
  }

  /** Step 1 alone: values for every path parameter of the operation. */
  pathValues(op: Operation, mode: Mode, depth = 0): Promise<Resolved<Record<string, string>>> {
    return this.paths.pathValues(op, mode, depth);
  }

  /** Step 2 alone: values for required query parameters. */
  queryValues(op: Operation): Record<string, unknown> {
    return queryValues(op, bodyContextOf(this.deps));
  }

  /** Step 3 alone: a body the spec accepts for the operation. */
  bodyFor(op: Operation, depth = 0, fresh = false): Promise<Resolved<BodyInput>> {
    return this.bodies.bodyFor(op, depth, fresh);
  }

  /** Creates an own record in a collection (by template and the values of its parents). */
  createOwn(collectionTpl: string, values: Record<string, string>, noun: string, depth = 0): Promise<Resolved<string>> {
    return this.own.createOwn(collectionTpl, values, noun, depth);
  }

  /**
   * A member of the collection at `path` made by this run: an uploaded file where the collection
   * takes uploads, else a record through its create (src/data/own-targets.ts).
   */
  ownMember(path: string): Promise<Resolved<string>> {
    return this.targets.ownMember(path);
  }
}
