// Replays of failures (src/client/replay.ts), the floor that makes them alone (src/client/floor.ts)
// and what the verdict record makes of them (fixtures/verdict.ts, src/core/verdict.ts).
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Floor } from '../../src/client/floor.js';
import { breakdownToSettle, forgetReplays, reproduce, settleBreakdown, type Resend } from '../../src/client/replay.js';
import type { Exchange } from '../../src/core/exchange.js';
import { endOutcome } from '../../src/core/verdict.js';
import { VerdictBuilder } from '../../fixtures/verdict.js';
import { settleByReplay } from '../../fixtures/replays.js';
import type { ApiClient } from '../../src/client/api-client.js';
import { responseTimeCheck } from '../../src/checks/responseTime.js';
import { judge } from '../../src/checks/runner.js';
import type { CheckContext } from '../../src/checks/types.js';
import type { Operation } from '../../src/spec/types.js';

function ex(status: number, method = 'GET', url = 'https://shop.test/api.php/v2/customers', headers: Record<string, string> = {}): Exchange {
  return {
    request: { method, url, headers, auth: 'default' },
    response: { status, headers: {}, text: status >= 500 ? '{"code":500,"message":"Invalid argument supplied for foreach()"}' : '[]', durationMs: 5 },
    intent: 'positive',
  };
}

/** A target that answers the replays in turn: alone first, then each overlapped round's sends. */
function scripted(statuses: number[]): Resend & { sent: number; alones: number } {
  const r = {
    sent: 0,
    alones: 0,
    again: () => {
      const s = statuses[r.sent++] ?? 200;
      return Promise.resolve(ex(s));
    },
    alone: async <T>(fn: () => Promise<T>) => {
      r.alones++;
      return { value: await fn(), alone: true };
    },
  };
  return r;
}

test.describe('replays of breakdowns @unit', () => {
  test.beforeEach(() => forgetReplays());

  test('should settle only breakdowns of idempotent requests and of input sent to be refused, never the harness own looks, a POST or a PATCH', () => {
    expect(breakdownToSettle(ex(500))).toBe(true);
    expect(breakdownToSettle(ex(0))).toBe(true);
    expect(breakdownToSettle(ex(404))).toBe(false);
    expect(breakdownToSettle(ex(500, 'PUT'))).toBe(true);
    expect(breakdownToSettle(ex(500, 'DELETE'))).toBe(true);
    expect(breakdownToSettle(ex(500, 'POST'))).toBe(false);
    expect(breakdownToSettle(ex(500, 'PATCH'))).toBe(false);
    // A shop that ignores the override handles it as the POST it is: only where the spec has no POST.
    expect(breakdownToSettle(ex(500, 'POST', undefined, { 'x-http-method-override': 'DELETE' }))).toBe(false);
    expect(breakdownToSettle(ex(500, 'POST', undefined, { 'x-http-method-override': 'DELETE' }), true)).toBe(true);
    expect(breakdownToSettle(ex(500, 'POST', undefined, { 'x-http-method-override': 'PATCH' }), true)).toBe(false);
    expect(breakdownToSettle({ ...ex(500), intent: 'support' })).toBe(false);
    // Input sent to be refused writes nothing: its breakdown is sent again like a read's.
    expect(breakdownToSettle({ ...ex(500, 'POST'), intent: 'negative' })).toBe(true);
    expect(breakdownToSettle({ ...ex(500, 'PATCH'), intent: 'wrong-content-type' })).toBe(true);
    expect(breakdownToSettle({ ...ex(400, 'POST'), intent: 'negative' })).toBe(false);
  });

  test('should hand on the original, marked, when it breaks down again alone, and not send a repeat of it again', async () => {
    const t = scripted([500]);
    const first = ex(500);
    const r = await settleBreakdown(first, t);
    expect(r.answer).toBe(first);
    expect(r.unreproduced).toBeUndefined();
    expect(first.replayedAlone).toEqual({ reproduced: 1, of: 1 });
    expect([t.sent, t.alones]).toEqual([1, 1]);
    const again = ex(500);
    await settleBreakdown(again, t);
    expect(again.replayedAlone).toEqual({ reproduced: 1, of: 1 });
    expect(t.sent).toBe(1);
  });

  test('should judge a breakdown that shows again alone by its answer alone, whose words are the target own', async () => {
    // GX 3.2 answers whatever overlaps "Invalid argument supplied for foreach()"; alone, the same
    // request gets its own 500 ("preg_match(): Unknown modifier"), which is the defect that reproduces.
    const own = '{"code":2,"message":"preg_match(): Unknown modifier \'p\'"}';
    const t: Resend = {
      again: () => Promise.resolve({ ...ex(500), response: { status: 500, headers: {}, text: own, durationMs: 7 } }),
      alone: async <T>(fn: () => Promise<T>) => ({ value: await fn(), alone: true }),
    };
    const first = ex(500);
    const r = await settleBreakdown(first, t);
    expect(r.answer).toBe(first);
    expect(r.answer.response.text).toBe(own);
    expect(r.answer.replayedAlone).toEqual({ reproduced: 1, of: 1 });
  });

  test('should hand on the answer alone and call it concurrency when only overlapped sends break down', async () => {
    // alone 200; round 1: replay 200, two beside; round 2: replay 500.
    const t = scripted([200, 200, 200, 200, 500, 200, 200]);
    const r = await settleBreakdown(ex(500), t);
    expect(r.answer.response.status).toBe(200);
    expect(r.unreproduced?.showing).toBe('concurrency');
    expect(r.unreproduced?.alone).toEqual({ reproduced: 0, of: 1 });
    expect(r.unreproduced?.overlapped).toEqual({ reproduced: 1, of: 2 });
    expect(r.unreproduced?.evidence.map((e) => e.response.status)).toEqual([200, 500]);
  });

  test('should call it flaky when nothing breaks down again', async () => {
    const t = scripted([]);
    const r = await settleBreakdown(ex(503), t);
    expect(r.unreproduced?.showing).toBe('flaky');
    expect(r.unreproduced?.overlapped).toEqual({ reproduced: 0, of: 2 });
    expect(t.sent).toBe(1 + 2 * 3);
  });

  test('should not send a write again, and count a breakdown the client replayed as it showed', async () => {
    const t = scripted([]);
    const write = ex(422, 'POST');
    expect(await reproduce(write, t, () => true)).toEqual({ notReplayed: 'a write the target answered: sending it again would write again' });
    const seen = { ...ex(500), replayedAlone: { reproduced: 1, of: 1 } };
    expect(await reproduce(seen, t, () => true)).toMatchObject({ showing: 'reproduced', alone: { reproduced: 1, of: 1 } });
    expect(await reproduce(ex(200), undefined, () => true)).toEqual({ notReplayed: 'not sent by this worker as it was recorded' });
    expect(t.sent).toBe(0);
  });

  test('should judge a read again with the check that failed it', async () => {
    const t = scripted([200]);
    const r = await reproduce(ex(200), t, (replay) => replay.response.status === 200);
    expect(r).toMatchObject({ showing: 'reproduced', alone: { reproduced: 1, of: 1 } });
  });
});

test.describe('the floor @unit', () => {
  test('should hold other workers back while one holds it, and let them go after', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'floor-'));
    // Two workers of one run: the pids must be live processes (a dead one's marks are cleared).
    const holder = new Floor({ reportDir: dir, pid: process.pid });
    const other = new Floor({ reportDir: dir, pid: process.ppid });
    const order: string[] = [];
    await other.enter(); // the other worker has a request on the wire
    const held = holder.hold(async () => {
      order.push('replay');
      await new Promise((r) => setTimeout(r, 60));
      order.push('replay done');
      return 1;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(order, 'the holder waits for the request on the wire').toEqual([]);
    other.leave();
    const waiting = other.enter().then(() => order.push('other sends'));
    const { value, alone } = await held;
    await waiting;
    other.leave();
    expect([value, alone]).toEqual([1, true]);
    expect(order).toEqual(['replay', 'replay done', 'other sends']);
    expect(readdirSync(path.join(dir, 'floor'))).toEqual([]);
  });

  test('should replay beside the others and say so when they do not settle in time', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'floor-'));
    const holder = new Floor({ reportDir: dir, pid: process.pid, settleLimitMs: 50 });
    const other = new Floor({ reportDir: dir, pid: process.ppid });
    await other.enter();
    const { alone } = await holder.hold(() => Promise.resolve(0));
    other.leave();
    expect(alone).toBe(false);
  });
});

test.describe('unreproduced failures in the verdict @unit', () => {
  const finding = { check: 'rule:paging', operationId: 'getCustomers', outcome: 'fail' as const, title: 't', message: 'm', severity: 'major' as const };

  test('should make a failed test whose only failure did not fail again alone a Skip, with the finding listed apart', () => {
    const v = new VerdictBuilder();
    v.fail([finding]);
    v.unreproduce({ showing: 'concurrency', finding, replays: [] });
    const record = v.build({ tags: ['@op:getCustomers', '@rule:paging'], annotations: [], status: 'failed' }, undefined);
    expect(record.outcome).toBe('skip');
    expect(record.findings).toEqual([]);
    expect(record.unreproduced?.map((u) => u.showing)).toEqual(['concurrency']);
    expect(record.reason).toContain('did not fail again when sent alone');
  });

  test('should keep a Fail when another failure stands, with how it reproduced', () => {
    const v = new VerdictBuilder();
    const other = { ...finding, title: 'other' };
    v.fail([finding, other]);
    v.unreproduce({ showing: 'flaky', finding, replays: [] });
    v.replayed({ reproduced: 1, of: 1 });
    const record = v.build({ tags: ['@op:getCustomers', '@rule:paging'], annotations: [], status: 'failed' }, undefined);
    expect(record.outcome).toBe('fail');
    expect(record.findings.map((f) => f.title)).toEqual(['other']);
    expect(record.reproduction?.alone).toEqual({ reproduced: 1, of: 1 });
  });

  test('should let only an unreproduced failure turn a failed test into a Skip', () => {
    expect(endOutcome('fail', 'failed')).toBe('fail');
    expect(endOutcome('fail', 'failed', true)).toBe('skip');
    expect(endOutcome('error', 'failed', true)).toBe('error');
  });
});

test.describe('how a Fail says it reproduced @unit', () => {
  test('should say the replays alone and overlapped, and why an answer was not sent again', async () => {
    const { reproductionText } = await import('../../src/report/compatibility/reproduction.js');
    expect(reproductionText({ alone: { reproduced: 1, of: 1 } })).toBe('reproduced 1 of 1 alone');
    expect(reproductionText({ alone: { reproduced: 0, of: 0 }, notReplayed: ['a write the target answered: sending it again would write again'] })).toBe('not replayed: a write the target answered: sending it again would write again');
    expect(reproductionText({ alone: { reproduced: 2, of: 2 }, crowded: true, overlapped: { reproduced: 0, of: 2 } })).toBe('reproduced 2 of 2 alone (the other workers did not settle in time); 0 of 2 overlapped');
  });
});

test.describe('response times measured again alone @unit', () => {
  const op = { id: 'searchOrders', method: 'post', path: '/orders/search', group: 'orders', parameters: [], responses: [], tags: [] } as unknown as Operation;
  const ctx = { responseBudget: () => ({ ms: 2000, source: 'MAX_RESPONSE_MS' }) } as unknown as CheckContext;
  const timed = (durationMs: number, intent: Exchange['intent'] = 'negative'): Exchange => ({ ...ex(500, 'POST', 'https://shop.test/api.php/v2/orders/search'), intent, response: { ...ex(500).response, durationMs } });

  /** A client whose resender answers each replay alone in `ms`. */
  function client(ms: number): { client: ApiClient; sent: () => number } {
    let sent = 0;
    const resend: Resend = { again: () => ((sent += 1), Promise.resolve(timed(ms))), alone: async (fn) => ({ value: await fn(), alone: true }) };
    return { client: { resender: () => resend } as unknown as ApiClient, sent: () => sent };
  }

  async function settle(answers: Exchange[], aloneMs: number): Promise<{ result: Awaited<ReturnType<typeof settleByReplay>>; v: VerdictBuilder; sent: number }> {
    const v = new VerdictBuilder();
    const first = judge(responseTimeCheck, op, answers, ctx);
    expect(first.outcome).toBe('fail');
    const c = client(aloneMs);
    const result = await settleByReplay(c.client, responseTimeCheck, op, answers, ctx, first, v);
    return { result, v, sent: c.sent() };
  }

  test('should list a slowness that does not show alone apart, and not fail the operation over it', async () => {
    const { result, v, sent } = await settle([timed(2600), timed(2500), timed(300)], 250);
    expect(sent).toBe(2);
    expect(result.outcome).toBe('pass');
    expect(result.findings.filter((f) => f.outcome === 'fail')).toEqual([]);
    const record = v.build({ tags: ['@op:searchOrders', '@check:responseTime'], annotations: [], status: 'passed' }, undefined);
    expect(record.unreproduced?.map((u) => [u.showing, u.finding.check])).toEqual([['flaky', 'responseTime'], ['flaky', 'responseTime']]);
    expect(record.unreproduced?.[0]?.finding.message).toContain('Measured again alone it kept its budget');
  });

  test('should keep the Fail when the answers are slow alone too, with the times measured alone', async () => {
    const { result, v } = await settle([timed(2600), timed(2500), timed(300)], 2400);
    expect(result.outcome).toBe('fail');
    expect(result.findings.find((f) => f.outcome === 'fail')?.message).toContain('2400 ms alone');
    v.fail(result.findings);
    const record = v.build({ tags: ['@op:searchOrders', '@check:responseTime'], annotations: [], status: 'failed' }, undefined);
    expect(record.reproduction?.alone).toEqual({ reproduced: 1, of: 1 });
  });

  test('should not send a slow write the target carried out again: its time stands', async () => {
    const { result, sent } = await settle([timed(2600, 'positive'), timed(2500, 'positive'), timed(300, 'positive')], 250);
    expect(sent).toBe(0);
    expect(result.outcome).toBe('fail');
  });
});
