// Stage 6, pace and send: one worker's pacer spaces requests by MAX_RPS and the target's
// X-Rate-Limit-* headers; a 429 waits for the reset and is sent again (twice at most, then the run
// cannot go on at this pace: RateLimitError). No HTTP answer at all is a TransportError, or an
// answer of its own (`noAnswer: 'return'`) for probes that expect none.
import { HarnessError, RateLimitError, TransportError, transportCode } from '../../core/errors.js';
import type { HttpResponse, HttpTransport } from '../http.js';
import type { Floor } from '../floor.js';
import type { Pacer } from '../pacer.js';
import type { Redactor } from '../redact.js';
import type { WireRequest } from './request.js';

/** 429s sent again after waiting for the reset, before giving up. */
const RETRIES_429 = 2;

export interface SendDeps {
  transport: HttpTransport;
  pacer: Pacer;
  /** Told about long waits (rate limit), so a test can extend its timeout. */
  onWait?: ((ms: number) => void) | undefined;
  /** Told about every request that goes on the wire (the run's request figures count 429 retries too). */
  onSend?: (() => void) | undefined;
  /** Error messages may quote the request; they are scrubbed before they are thrown. */
  redactor: Redactor;
  /** Waits while another worker replays a failure alone (src/client/floor.ts). */
  floor?: Floor | undefined;
}

export type Answer =
  | { kind: 'answer'; res: HttpResponse; started: number; retries: number; othersOnTheWire?: number }
  /** No HTTP answer; `code` is the low-level cause (ECONNREFUSED, TIMEOUT, ...). */
  | { kind: 'none'; code: string; started: number; retries: number; othersOnTheWire?: number };

/** A breakdown (a 5xx, no answer) says how many other workers had a request on the wire around it (src/client/floor.ts). */
function overlap(floor: Floor | undefined, before: number, broke: boolean): { othersOnTheWire?: number } {
  if (!floor || !broke) return {};
  return { othersOnTheWire: Math.max(before, floor.othersOnTheWire()) };
}

export async function paceAndSend(wire: WireRequest, deps: SendDeps, noAnswer: 'throw' | 'return' = 'throw'): Promise<Answer> {
  let retries = 0;
  for (;;) {
    await deps.pacer.beforeRequest(deps.onWait);
    deps.onSend?.();
    let res: HttpResponse;
    // Waiting for the floor is not the target's time: the clock starts after it.
    await deps.floor?.enter();
    // Who else is on the wire as this one goes out (a look at a few files, as enter() writes one):
    // said of a breakdown only.
    const othersBefore = deps.floor?.othersOnTheWire() ?? 0;
    const started = Date.now();
    try {
      res = await deps.transport.send({ method: wire.method, url: wire.url, headers: wire.headers, ...(wire.body !== undefined ? { body: wire.body } : {}), timeoutMs: wire.timeoutMs, insecureTls: wire.insecureTls });
    } catch (err) {
      const raw = err instanceof Error ? err.message : String(err);
      const message = deps.redactor.text(raw.split('\n')[0] ?? raw);
      const code = transportCode(raw);
      if (code === undefined) throw new HarnessError(`${wire.method} ${wire.url}: ${message}`);
      if (noAnswer !== 'return') throw new TransportError(`${wire.method} ${wire.url}: no answer (${code}): ${message}`, code, wire.method, wire.url);
      return { kind: 'none', code, started, retries, ...overlap(deps.floor, othersBefore, true) };
    } finally {
      deps.floor?.leave();
    }
    if (res.status === 429 && retries < RETRIES_429) {
      const wait = deps.pacer.exhausted(res.headers);
      retries++;
      deps.onWait?.(wait);
      continue;
    }
    deps.pacer.afterResponse(res.headers);
    if (res.status === 429) {
      throw new RateLimitError(
        `${wire.method} ${wire.url} was still rate-limited (429) after waiting for the reset ${retries} times; lower MAX_RPS, run fewer workers or split the run with ONLY_GROUPS.`,
      );
    }
    return { kind: 'answer', res, started, retries, ...overlap(deps.floor, othersBefore, res.status >= 500) };
  }
}
