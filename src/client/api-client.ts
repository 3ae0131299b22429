// The API client every suite uses: calls operations of the loaded spec over a lean HTTP transport
// (src/client/http.ts), sends Basic auth itself,
// paces itself, records each exchange for evidence, keeps the ledger and refuses unsafe writes.
import { readFileSync } from 'node:fs';
import type { Profile } from '../config/config.js';
import { PROJECT_ROOT } from '../config/config.js';
import { pathMatcher } from '../spec/catalogue.js';
import type { Catalogue, Operation } from '../spec/types.js';
import type { Exchange, Intent, RecordedRequest, RecordedResponse } from '../checks/types.js';
import { BlockedError, GuardError, HarnessError, RateLimitError, TransportError, transportCode, UnsupportedError } from './errors.js';
import { guardWrite, isDestructiveOperation, isSearchOperation } from './guard.js';
import type { Ledger, LedgerEntry, NewRecord } from './ledger.js';
import { multipartBody, type HttpResponse, type HttpTransport } from './http.js';
import { createdRecords, FILE_FIELDS, fileNameIn, ownerPath } from './ledger-rules.js';
import { cleanupKey, confirmedIds, groupPath, planCleanup } from './cleanup-plan.js';
import type { Pacer } from './pacer.js';
import type { SupportGate } from '../support/gate.js';
import type { Redactor } from './redact.js';
import { fillPath, joinUrl, queryString, type PathValue } from './url.js';

const VERSION = (JSON.parse(readFileSync(`${PROJECT_ROOT}/package.json`, 'utf8')) as { version: string }).version;
export const USER_AGENT = `shop-api-conformance/${VERSION}`;

/** Keep this much of a response body in the exchange; the rest is dropped from evidence. */
const MAX_TEXT = 64 * 1024;

export type AuthMode = 'default' | 'none' | 'wrong';

export type MultipartValue = string | number | boolean | { name: string; mimeType: string; buffer: Buffer };

export interface CallOptions {
  /** Wire method, when it differs from the operation's (POST with X-HTTP-Method-Override). */
  method?: string;
  /** Path parameter values; arrays become comma lists. */
  path?: Readonly<Record<string, PathValue>>;
  query?: Readonly<Record<string, unknown>>;
  /** JSON body (serialised here). */
  body?: unknown;
  /** A body sent byte for byte (negative tests); combine with contentType. */
  rawBody?: string | Buffer;
  multipart?: Readonly<Record<string, MultipartValue>>;
  headers?: Readonly<Record<string, string>>;
  auth?: AuthMode;
  /** Content-Type to send instead of the default; null sends none. */
  contentType?: string | null;
  intent?: Intent;
  label?: string;
  timeoutMs?: number;
  maxRedirects?: number;
  /** What to do when no HTTP answer comes: throw a TransportError (default) or return a status-0 exchange. */
  noAnswer?: 'throw' | 'return';
}

export interface ClientSettings {
  apiUser: string;
  apiPassword: string;
  timeoutMs: number;
  profile: Profile;
  runId: string;
  insecureTls: boolean;
}

export interface ClientDeps {
  /** HTTP under the client (src/client/http.ts); one per worker, shared by its clients. */
  transport: HttpTransport;
  /** API root: BASE_URL joined with the spec's base path (see url.ts apiRoot). */
  apiRoot: string;
  catalogue: Catalogue;
  ledger: Ledger;
  pacer: Pacer;
  redactor: Redactor;
  settings: ClientSettings;
  /** Told about long waits (rate limit), so a test can extend its timeout. */
  onWait?: (ms: number) => void;
  /**
   * Asked before every call of an operation, told about every answer (src/support/gate.ts): what
   * the target does not implement, unrouted paths, creates the run stopped calling.
   */
  gate?: SupportGate;
  /**
   * Told when the gate refuses a call (the error is thrown right after). A test-scoped client turns
   * it into the test's Unsupported or Skip outcome (fixtures/index.ts) while the test body runs.
   */
  onRefusal?: (err: UnsupportedError | BlockedError) => void;
  /** Counts each request sent (by intent), for the run's request figures (src/client/tally.ts). */
  tally?: (intent: Intent) => void;
}

export interface CleanupResult {
  removed: LedgerEntry[];
  failed: { entry: LedgerEntry; reason: string }[];
}

function parseJson(text: string, contentType: string | undefined): unknown {
  const t = text.trim();
  if (!t) return undefined;
  if (!(contentType ?? '').includes('json') && !/^[[{]/.test(t)) return undefined;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return undefined;
  }
}

/** How many recent exchanges a client keeps for evidence (a failing test attaches the last 20). */
export const KEPT_EXCHANGES = 50;

export class ApiClient {
  /**
   * The latest exchanges this client recorded (at most KEPT_EXCHANGES), oldest first: evidence of
   * a failing test. A worker-scoped client (the contract suite's) lives for thousands of requests,
   * more against a large spec: keeping every body would grow with the run.
   */
  readonly exchanges: Exchange[] = [];
  /**
   * Operations this client sent a request for (its own look at the target and cleanup aside): a
   * test that fails is about the operations it reached, not those its tags name but it never got to.
   */
  readonly reached = new Set<string>();
  /** Records this client created (and which the ledger still has open), oldest first. */
  private readonly createdHere: NewRecord[] = [];
  private readonly opsById: Map<string, Operation>;
  private readonly createdByExchange = new WeakMap<Exchange, NewRecord[]>();
  private readonly specMarksDestructive: boolean;

  constructor(private readonly deps: ClientDeps) {
    this.opsById = new Map(deps.catalogue.operations.map((o) => [o.id, o]));
    this.specMarksDestructive = deps.catalogue.operations.some((o) => o.extensions['x-destructive'] !== undefined);
  }

  get apiRoot(): string {
    return this.deps.apiRoot;
  }

  get catalogue(): Catalogue {
    return this.deps.catalogue;
  }

  get ledger(): Ledger {
    return this.deps.ledger;
  }

  get settings(): ClientSettings {
    return this.deps.settings;
  }

  operation(opOrId: Operation | string): Operation {
    if (typeof opOrId !== 'string') return opOrId;
    const op = this.opsById.get(opOrId);
    if (!op) throw new HarnessError(`operation "${opOrId}" is not in the loaded spec (${this.deps.catalogue.info.file})`);
    return op;
  }

  isDestructive(op: Operation): boolean {
    return isDestructiveOperation(op, this.specMarksDestructive);
  }

  /** Why the support gate knows the target lacks the operation (nothing is sent), or undefined. */
  knownUnsupported(op: Operation): { reason: string; exchange?: Exchange } | undefined {
    return this.deps.gate?.knownUnsupported(op);
  }

  /**
   * Asks the support gate whether the operation may be called with these path values (it may send
   * GETs to find out whether the path is routed); throws UnsupportedError or BlockedError if not.
   * For requests sent by path (`send`) to a method the spec does not declare on the operation's path.
   */
  async admit(op: Operation, pathValues: Readonly<Record<string, string>>): Promise<void> {
    if (!this.deps.gate) return;
    try {
      await this.deps.gate.admit(op, pathValues, 'setup', this.supportGet);
    } catch (err) {
      if (err instanceof UnsupportedError || err instanceof BlockedError) this.deps.onRefusal?.(err);
      throw err;
    }
  }

  /** Ends the test as the refusal says (test-scoped clients), and throws it. */
  refuse(err: UnsupportedError | BlockedError): never {
    this.deps.onRefusal?.(err);
    throw err;
  }

  /** Calls one operation of the spec. */
  async call(opOrId: Operation | string, opts: CallOptions = {}): Promise<Exchange> {
    const op = this.operation(opOrId);
    const pathValues: Record<string, string> = {};
    for (const [k, v] of Object.entries(opts.path ?? {})) pathValues[k] = Array.isArray(v) ? v.join(',') : String(v);
    let relPath: string;
    try {
      relPath = fillPath(op.path, opts.path);
    } catch (err) {
      throw new HarnessError(`${op.id}: ${(err as Error).message}`);
    }
    return this.perform(op, (opts.method ?? op.method).toUpperCase(), relPath, pathValues, opts);
  }

  /**
   * Sends a request by path (`/customers/12`, or an absolute URL for probes on another scheme).
   * The guard applies the rules of the operation the path matches.
   */
  async send(method: string, pathOrUrl: string, opts: CallOptions = {}): Promise<Exchange> {
    const absolute = /^https?:\/\//i.test(pathOrUrl);
    const relPath = absolute ? new URL(pathOrUrl).pathname : pathOrUrl.split('?')[0] ?? pathOrUrl;
    const m = method.toUpperCase();
    let found: { op: Operation; values: Record<string, string> } | undefined;
    for (const op of this.deps.catalogue.operations) {
      if (op.method.toUpperCase() !== m) continue;
      const values = pathMatcher(op.path)(relPath);
      if (values) {
        found = { op, values };
        break;
      }
    }
    return this.perform(found?.op, m, pathOrUrl, found?.values ?? {}, opts);
  }

  /** The gate's own look at the target: a GET (relative path; '' is the API root) it does not ask itself about. */
  private readonly supportGet = (p: string): Promise<Exchange> => this.send('GET', p === '' ? this.deps.apiRoot : p, { intent: 'support', noAnswer: 'return' });

  private authHeader(mode: AuthMode): string | undefined {
    const { apiUser, apiPassword, runId } = this.deps.settings;
    if (mode === 'none') return undefined;
    const pass = mode === 'wrong' ? `wrong-${runId}-${apiPassword.length}` : apiPassword;
    return `Basic ${Buffer.from(`${apiUser}:${pass}`, 'utf8').toString('base64')}`;
  }

  private async perform(op: Operation | undefined, method: string, pathOrUrl: string, pathValues: Record<string, string>, opts: CallOptions): Promise<Exchange> {
    const absolute = /^https?:\/\//i.test(pathOrUrl);
    const url = absolute ? pathOrUrl : joinUrl(this.deps.apiRoot, pathOrUrl) + queryString(op, opts.query);
    const relPath = absolute ? new URL(pathOrUrl).pathname : pathOrUrl.split('?')[0] ?? pathOrUrl;
    const override = Object.entries(opts.headers ?? {}).find(([k]) => k.toLowerCase() === 'x-http-method-override')?.[1]?.toUpperCase();
    const intent = opts.intent ?? 'positive';

    // What the target does not implement, or a create the run stopped calling, is not sent at all.
    if (op && !absolute && this.deps.gate && intent !== 'support') {
      try {
        await this.deps.gate.admit(op, pathValues, intent, this.supportGet);
      } catch (err) {
        if (err instanceof UnsupportedError || err instanceof BlockedError) this.deps.onRefusal?.(err);
        throw err;
      }
    }

    // Only writes against the API are guarded; a probe on another origin (plain http) is not a write to it.
    const wireOp = override ? this.deps.catalogue.operations.find((o) => o.method === 'post' && pathMatcher(o.path)(relPath) !== undefined) : undefined;
    const verdict = guardWrite(
      { op, method, override, path: relPath, pathValues, body: opts.body ?? (opts.multipart ? { ...opts.multipart } : undefined), wireOp },
      { profile: this.deps.settings.profile, ledger: this.deps.ledger, specMarksDestructive: this.specMarksDestructive },
    );
    if (!verdict.allowed) throw new GuardError(`Refused by the write guard: ${verdict.reason}.`);

    const auth = opts.auth ?? 'default';
    const headers: Record<string, string> = { 'user-agent': `${USER_AGENT} (run ${this.deps.settings.runId})`, accept: 'application/json' };
    const authorization = this.authHeader(auth);
    if (authorization) headers.authorization = authorization;
    let data: Buffer | undefined;
    let rawBody: string | undefined;
    if (opts.rawBody !== undefined) {
      data = Buffer.isBuffer(opts.rawBody) ? opts.rawBody : Buffer.from(opts.rawBody, 'utf8');
      rawBody = data.toString('utf8');
    } else if (opts.body !== undefined) {
      rawBody = JSON.stringify(opts.body);
      data = Buffer.from(rawBody, 'utf8');
      headers['content-type'] = 'application/json';
    }
    if (opts.contentType !== undefined) {
      if (opts.contentType === null) delete headers['content-type'];
      else headers['content-type'] = opts.contentType;
    }
    for (const [k, v] of Object.entries(opts.headers ?? {})) headers[k.toLowerCase()] = v;

    const multipart = opts.multipart ? { ...opts.multipart } : undefined;
    // Encoded once (a 429 retry sends the same bytes); the boundary is the platform's.
    const form = multipart ? await multipartBody(multipart) : undefined;
    const recordedRequest: RecordedRequest = {
      method,
      url,
      headers: this.deps.redactor.headers(headers),
      auth,
    };
    if (this.deps.settings.insecureTls) recordedRequest.insecure = true;
    if (opts.body !== undefined) recordedRequest.body = this.deps.redactor.value(opts.body);
    if (rawBody !== undefined) recordedRequest.rawBody = this.deps.redactor.text(rawBody.length > MAX_TEXT ? rawBody.slice(0, MAX_TEXT) : rawBody);
    if (multipart) {
      recordedRequest.multipart = {};
      for (const [k, v] of Object.entries(multipart)) {
        recordedRequest.multipart[k] = typeof v === 'object' ? `@${v.name};type=${v.mimeType} (${v.buffer.length} bytes)` : String(v);
      }
    }

    let retries = 0;
    for (;;) {
      await this.deps.pacer.beforeRequest(this.deps.onWait);
      this.deps.tally?.(intent);
      if (op && intent !== 'support' && intent !== 'cleanup') this.reached.add(op.id);
      const started = Date.now();
      let res: HttpResponse;
      try {
        const headersOut = form ? { ...headers, 'content-type': form.contentType } : headers;
        const body = form ? form.body : data;
        res = await this.deps.transport.send({ method, url, headers: headersOut, ...(body !== undefined ? { body } : {}), timeoutMs: opts.timeoutMs ?? this.deps.settings.timeoutMs, insecureTls: this.deps.settings.insecureTls });
      } catch (err) {
        const raw = err instanceof Error ? err.message : String(err);
        const message = this.deps.redactor.text(raw.split('\n')[0] ?? raw);
        const code = transportCode(raw);
        if (code === undefined) throw new HarnessError(`${method} ${url}: ${message}`);
        if (opts.noAnswer !== 'return') throw new TransportError(`${method} ${url}: no answer (${code}): ${message}`, code, method, url);
        const response: RecordedResponse = { status: 0, headers: {}, text: '', durationMs: Date.now() - started, transportError: code };
        return this.keep({ request: recordedRequest, response, intent, ...(op ? { operationId: op.id } : {}), ...(opts.label ? { label: opts.label } : {}) });
      }
      const response = this.recordResponse(res, started);
      if (response.status === 429 && retries < 2) {
        const wait = this.deps.pacer.exhausted(response.headers);
        retries++;
        this.deps.onWait?.(wait);
        continue;
      }
      this.deps.pacer.afterResponse(response.headers);
      if (response.status === 429) {
        throw new RateLimitError(
          `${method} ${url} was still rate-limited (429) after waiting for the reset ${retries} times; lower MAX_RPS, run fewer workers or split the run with ONLY_GROUPS.`,
        );
      }
      const exchange: Exchange = { request: recordedRequest, response, intent };
      if (op) exchange.operationId = op.id;
      if (opts.label) exchange.label = opts.label;
      if (retries) exchange.retries = retries;
      if (op && !absolute) {
        this.createdByExchange.set(exchange, this.track(op, method, override, relPath, pathValues, opts, response));
        const lacking = intent !== 'support' ? await this.deps.gate?.learn(op, exchange, this.supportGet) : undefined;
        // A test cannot go on from an answer that says the operation does not exist: it ends as
        // Unsupported (or as a Skip naming it). The contract suite's client has no hook: its
        // checks judge this answer themselves.
        if (lacking && this.deps.onRefusal) {
          this.keep(exchange);
          const err = new UnsupportedError(op.id, lacking, exchange);
          this.deps.onRefusal(err);
          throw err;
        }
      }
      return this.keep(exchange);
    }
  }

  private keep(ex: Exchange): Exchange {
    this.exchanges.push(ex);
    if (this.exchanges.length > KEPT_EXCHANGES) this.exchanges.splice(0, this.exchanges.length - KEPT_EXCHANGES);
    return ex;
  }

  private recordResponse(res: HttpResponse, started: number): RecordedResponse {
    const headers = res.headers;
    const full = res.body.toString('utf8');
    const response: RecordedResponse = {
      status: res.status,
      headers: this.deps.redactor.headers(headers),
      text: this.deps.redactor.text(full.length > MAX_TEXT ? full.slice(0, MAX_TEXT) : full),
      durationMs: Date.now() - started,
    };
    if (full.length > MAX_TEXT) response.truncated = true;
    const json = parseJson(full, headers['content-type']);
    if (json !== undefined) response.json = this.deps.redactor.value(json);
    return response;
  }

  /** Records the ledger learnt were created by this exchange (empty for reads and failures). */
  createdBy(ex: Exchange): NewRecord[] {
    return this.createdByExchange.get(ex) ?? [];
  }

  /** Ledger bookkeeping, synchronous, before the exchange is handed back. Returns the new records. */
  private track(op: Operation, method: string, override: string | undefined, relPath: string, pathValues: Record<string, string>, opts: CallOptions, res: RecordedResponse): NewRecord[] {
    const effective = override ?? method;
    if (res.status < 200 || res.status >= 300) return [];
    if (effective === 'DELETE') {
      for (const r of this.deletedBy(op, relPath, pathValues, opts.body)) this.deps.ledger.recordDelete(r, op.id);
      return [];
    }
    if (method === 'POST' && isSearchOperation(op) && !override) return this.createdBySearch(op, relPath, res);
    const renamed = this.renamedFile(op, relPath, effective, opts.body, res.json);
    if (renamed) {
      this.deps.ledger.recordDelete(renamed.from, op.id);
      this.remember(renamed.to, op.id);
      return [renamed.to];
    }
    const sentFields: Record<string, string> = {};
    for (const [k, v] of Object.entries(opts.multipart ?? {})) if (typeof v !== 'object') sentFields[k] = String(v);
    const records = createdRecords(this.deps.catalogue, this.deps.apiRoot, {
      op,
      method: effective,
      path: relPath,
      status: res.status,
      body: res.json,
      location: res.headers.location,
      sentFields,
      sentBody: opts.body,
    });
    return records.filter((r) => this.remember(r, op.id));
  }

  /**
   * A search that answered like a create (201, or one record with an id where a list belongs):
   * some shops route `POST /products/search` to `POST /products`. What it made is ours to delete.
   */
  private createdBySearch(op: Operation, relPath: string, res: RecordedResponse): NewRecord[] {
    const j = res.json;
    if (res.status !== 201 && !(typeof j === 'object' && j !== null && !Array.isArray(j) && 'id' in j)) return [];
    const collection = relPath.replace(/\/search\/?$/, '');
    const creator = this.deps.catalogue.operations.find((o) => o.method === 'post' && pathMatcher(o.path)(collection) !== undefined) ?? op;
    const records = createdRecords(this.deps.catalogue, this.deps.apiRoot, { op: creator, method: 'POST', path: collection, status: res.status, body: j, location: res.headers.location });
    return records.filter((r) => this.remember(r, op.id));
  }

  /**
   * Records a record an answer created as a side effect (the new address of a customer create),
   * which the generic rules cannot see: it goes into the ledger now and is cleaned up with the rest.
   */
  recordCreated(r: NewRecord, operationId: string): boolean {
    return this.remember(r, operationId);
  }

  private remember(r: NewRecord, operationId: string): boolean {
    if (!this.deps.ledger.recordCreate(r, operationId)) return false;
    this.createdHere.push(r);
    return true;
  }

  private deletedBy(op: Operation, relPath: string, pathValues: Record<string, string>, body: unknown): NewRecord[] {
    const owner = ownerPath(op, relPath);
    if (owner !== undefined) {
      const lastName = /\{([^}]+)\}(?!.*\{)/.exec(op.path)?.[1];
      const value = lastName ? pathValues[lastName] : undefined;
      const prefix = owner.slice(0, owner.lastIndexOf('/'));
      const ids = value !== undefined && value.includes(',') ? value.split(',') : [decodeURIComponent(owner.slice(owner.lastIndexOf('/') + 1))];
      return ids.map((id) => ({ kind: 'record' as const, collection: prefix, id, path: `${prefix}/${encodeURIComponent(id)}` }));
    }
    const name = fileNameIn(body);
    if (name) return [{ kind: 'file', collection: relPath, id: name, path: relPath }];
    const items = Array.isArray(body) ? body : [body];
    return items
      .map((b) => (b && typeof b === 'object' && 'id' in b ? String((b as { id: unknown }).id) : undefined))
      .filter((id): id is string => id !== undefined)
      .map((id) => ({ kind: 'record' as const, collection: relPath, id, path: `${relPath}/${encodeURIComponent(id)}` }));
  }

  private renamedFile(op: Operation, relPath: string, method: string, body: unknown, answer: unknown): { from: NewRecord; to: NewRecord } | undefined {
    if (method !== 'PUT' && method !== 'PATCH') return undefined;
    if (op.path.includes('{') || !body || typeof body !== 'object') return undefined;
    const b = body as Record<string, unknown>;
    const from = typeof b.oldFilename === 'string' ? b.oldFilename : undefined;
    const a = answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : {};
    const to = typeof a.newFilename === 'string' ? a.newFilename : typeof b.newFilename === 'string' ? b.newFilename : undefined;
    if (!from || !to || !this.deps.ledger.ownsFile(relPath, from)) return undefined;
    return {
      from: { kind: 'file', collection: relPath, id: from, path: relPath },
      to: { kind: 'file', collection: relPath, id: to, path: relPath },
    };
  }

  /** Records this client created that are still open, newest first (the order to delete them in). */
  openRecords(): NewRecord[] {
    return this.createdHere.filter((r) => !this.deps.ledger.isDeleted(r)).reverse();
  }

  /** The DELETE request that removes a ledger record, or undefined when the spec has none. */
  deleteRequestFor(r: NewRecord): { op: Operation; path: string; body?: unknown } | undefined {
    const ops = this.deps.catalogue.operations.filter((o) => o.method === 'delete');
    if (r.kind === 'record') {
      for (const op of ops) if (pathMatcher(op.path)(r.path)) return { op, path: r.path };
      // A record whose operations sit under a literal suffix (`.../attributes/{attribute_id}/Property`).
      for (const op of ops) {
        const m = /^(.*\})(\/[^/{}]+)$/.exec(op.path);
        if (m?.[1] && m[2] && pathMatcher(m[1])(r.path)) return { op, path: `${r.path}${m[2]}` };
      }
      return undefined;
    }
    for (const op of ops) {
      if (!pathMatcher(op.path)(r.collection) || op.path.includes('{')) continue;
      const props = op.body?.schema && typeof op.body.schema.properties === 'object' && op.body.schema.properties ? Object.keys(op.body.schema.properties) : [];
      const field = props.find((p) => FILE_FIELDS.test(p)) ?? 'filename';
      return { op, path: r.collection, body: { [field]: r.id } };
    }
    return undefined;
  }

  /**
   * Deletes what this client created, newest first; 404/410 count as already gone. Records of one
   * collection whose DELETE takes an id list go in one request, and children an order's delete
   * removes wait for it (src/client/cleanup-plan.ts); whatever the answer does not confirm is
   * deleted on its own.
   */
  async cleanup(records: readonly NewRecord[] = this.openRecords()): Promise<CleanupResult> {
    const result: CleanupResult = { removed: [], failed: [] };
    const entryOf = (r: NewRecord): LedgerEntry => ({ run: this.deps.settings.runId, event: 'create', ...r, operationId: '', time: new Date().toISOString(), target: this.deps.apiRoot });
    const plan = planCleanup(this.deps.catalogue, records, (r) => this.deleteRequestFor(r));
    const tried = new Set<NewRecord[]>();
    const waiting = new Set<string>(plan.waitsFor.keys());
    const describe = (path: string, ex: Exchange) => `DELETE ${path} answered ${ex.response.status}${ex.response.text ? `: ${ex.response.text.replace(/\s+/g, ' ').slice(0, 160)}` : ''}`;

    // One record on its own (`del`: its DELETE, when the caller has it already): true when this
    // delete removed it (2xx); 404/410 count as already gone.
    const single = async (r: NewRecord, del = this.deleteRequestFor(r)): Promise<boolean> => {
      const entry = entryOf(r);
      if (!del) {
        this.failCleanup(result, entry, r, 'the spec has no DELETE operation for it');
        return false;
      }
      try {
        const ex = await this.send('DELETE', del.path, { intent: 'cleanup', ...(del.body !== undefined ? { body: del.body } : {}) });
        const s = ex.response.status;
        if ((s >= 200 && s < 300) || s === 404 || s === 410) {
          this.deps.ledger.recordDelete(r, del.op.id);
          result.removed.push(entry);
          return s >= 200 && s < 300;
        }
        this.failCleanup(result, entry, r, describe(del.path, ex));
      } catch (err) {
        this.failCleanup(result, entry, r, err instanceof Error ? err.message : String(err));
      }
      return false;
    };

    // Children that waited for a parent: gone with it when its delete succeeded, else on their own.
    const settleChildren = async (parent: NewRecord, parentDeleted: boolean, opId: string): Promise<void> => {
      for (const child of plan.children.get(cleanupKey(parent)) ?? []) {
        waiting.delete(cleanupKey(child));
        if (this.deps.ledger.isDeleted(child)) continue;
        if (parentDeleted) {
          this.deps.ledger.recordDelete(child, opId);
          result.removed.push(entryOf(child));
        } else {
          await single(child);
        }
      }
    };

    // A grouped delete: true when `lead` is among what the answer confirms.
    const grouped = async (lead: NewRecord, group: NewRecord[]): Promise<boolean> => {
      tried.add(group);
      const members = group.filter((m) => !this.deps.ledger.isDeleted(m));
      if (members.length < 2) return false;
      const del = this.deleteRequestFor(lead);
      if (!del) return false;
      const path = groupPath(members);
      let confirmed = new Set<string>();
      try {
        const ex = await this.send('DELETE', path, { intent: 'cleanup' });
        confirmed = confirmedIds(ex.response.status, ex.response.json, members.map((m) => m.id));
      } catch {
        // Each member is tried on its own below, with its own reason if it fails.
      }
      for (const m of members) {
        if (confirmed.has(m.id)) {
          this.deps.ledger.recordDelete(m, del.op.id);
          result.removed.push(entryOf(m));
          await settleChildren(m, true, del.op.id);
        } else if (this.deps.ledger.isDeleted(m)) {
          // A 2xx marks every id of the path deleted; one the answer does not name is still open.
          this.deps.ledger.recordCreate(m, del.op.id);
        }
      }
      return confirmed.has(lead.id);
    };

    for (const r of records) {
      if (this.deps.ledger.isDeleted(r) || waiting.has(cleanupKey(r))) continue;
      const group = plan.groupOf.get(cleanupKey(r));
      if (group && !tried.has(group) && (await grouped(r, group))) continue;
      const del = this.deleteRequestFor(r);
      const gone = await single(r, del);
      await settleChildren(r, gone, del?.op.id ?? '');
    }
    // Children whose parent was not reached (it was gone already): on their own.
    for (const r of records) if (waiting.has(cleanupKey(r)) && !this.deps.ledger.isDeleted(r)) await single(r);
    return result;
  }

  /** A record that could not be deleted: in the result, and with its reason for the leftover report. */
  private failCleanup(result: CleanupResult, entry: LedgerEntry, r: NewRecord, reason: string): void {
    result.failed.push({ entry, reason });
    this.deps.ledger.recordCleanupFailure(r, reason);
  }
}
