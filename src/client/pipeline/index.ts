// The request pipeline: every request of the harness goes through these stages, in this order,
// composed here and nowhere else (ApiClient.call/send are a thin facade over `run`).
//
//   address       which operation, which path, what for                      address.ts
//   support gate  what the target lacks is not sent                          support-gate.ts
//   write guard   only own records are written; profiles                     write-guard.ts
//   encode        headers, Basic auth, JSON/raw/multipart body               encode.ts
//   record keeper a request that may create is pending in the ledger         ../record-keeper.ts
//   pace and send MAX_RPS, X-Rate-Limit-*, 429 retries, no answer            send.ts
//   record        the exchange as evidence                                   record.ts
//   redact        credentials scrubbed before anything keeps the exchange    redact.ts
//   record keeper what the answer created or deleted, into the ledger (and   ../record-keeper.ts
//                 a look at the collection where the answer cannot say)
//   support gate  learns from the answer (may end a test as Unsupported)     support-gate.ts
import type { Exchange } from '../../core/exchange.js';
import { TransportError } from '../../core/errors.js';
import type { Redactor } from '../redact.js';
import type { RecordKeeper } from '../record-keeper.js';
import { encode, type Credentials } from './encode.js';
import { record } from './record.js';
import { redact } from './redact.js';
import type { Addressed } from './request.js';
import { paceAndSend, type SendDeps } from './send.js';
import type { SupportGateStage } from './support-gate.js';
import { guard, type WriteGuardContext } from './write-guard.js';

export interface PipelineDeps {
  gate: SupportGateStage;
  guard: WriteGuardContext;
  credentials: Credentials;
  keeper: RecordKeeper;
  send: Omit<SendDeps, 'redactor'>;
  redactor: Redactor;
  /** Told about every exchange once it is redacted (the client keeps the latest for evidence), and about each operation a request goes out for. */
  observe: { sent(req: Addressed): void; recorded(ex: Exchange): void };
}

export async function run(req: Addressed, deps: PipelineDeps): Promise<Exchange> {
  await deps.gate.admit(req);
  guard(req, deps.guard);
  const wire = encode(req, deps.credentials);
  const pending = deps.keeper.before(req);
  deps.observe.sent(req);
  let answer;
  try {
    answer = await paceAndSend(wire, { ...deps.send, redactor: deps.redactor }, req.opts.noAnswer);
  } catch (err) {
    // No answer (or none worth reading): what a pending request made is looked for all the same.
    const code = err instanceof TransportError ? (err.code ?? 'unknown') : err instanceof Error ? err.name : 'unknown';
    if (pending) await deps.keeper.after(req, redact(record(req, wire, { kind: 'none', code, started: Date.now(), retries: 0 }), deps.redactor), pending);
    throw err;
  }
  const exchange = redact(record(req, wire, answer), deps.redactor);
  const created = await deps.keeper.after(req, exchange, pending);
  if (created.length) exchange.created = created.map((r) => (r.kind === 'file' ? `file ${r.id} in ${r.collection}` : r.path));
  deps.observe.recorded(exchange);
  // No answer to learn from.
  if (answer.kind !== 'none') await deps.gate.learn(req, exchange);
  return exchange;
}
