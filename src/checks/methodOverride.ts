// POST with `X-HTTP-Method-Override: PUT|PATCH|DELETE` behaves like that method (described: the v2
// guide's override): the answer is what the operation declares (as the real method gave with the
// same body), an overridden DELETE really deletes, and no overridden request makes a record. The
// outcome is compared, not only the status: a server that ignores the override runs the POST, on a
// record's path a create (GX 4.8), and may answer it as the real method would (200 with the record);
// what the request made is what the record keeper found (`exchange.created`). Own records only.
import { declaredResponse } from '../spec/validators.js';
import type { Operation } from '../spec/types.js';
import { declaredList, finding, opLabel } from './finding.js';
import type { Exchange } from '../core/exchange.js';
import type { Finding } from '../core/finding.js';
import type { Check, CheckContext } from './types.js';

const NAME = 'methodOverride';

export function methodOverride(op: Operation, ex: Exchange, ctx: CheckContext): Finding[] {
  if (ex.intent !== 'method-override') return [];
  const s = ex.response.status;
  const m = op.method.toUpperCase();
  const baseline = ctx.related?.baseline;
  // The real method may create (a collection-level PUT that queues an e-mail); then so may its override.
  if (ex.created?.length && !baseline?.created?.length) {
    return [
      finding(NAME, op, ex, {
        title: `override to ${m} created a record`,
        message: `POST ${ex.request.url} with X-HTTP-Method-Override: ${m} answered ${s} and made ${ex.created.join(', ')}: the server ran the POST instead of ${m}.`,
        severity: 'major',
      }),
    ];
  }
  if (baseline && !(baseline.response.status >= 200 && baseline.response.status < 300)) {
    return [
      finding(NAME, op, baseline, {
        outcome: 'skip',
        title: `${m} itself did not succeed`,
        message: `${opLabel(op)} answered ${baseline.response.status} to the same request, so an overridden POST has nothing to be compared with.`,
        severity: 'minor',
      }),
    ];
  }
  if (!(s >= 200 && s < 300)) {
    return [
      finding(NAME, op, ex, {
        title: `override to ${m} not honoured (${s})`,
        message: `POST ${ex.request.url} with X-HTTP-Method-Override: ${m} answered ${s}${baseline ? `, while ${m} itself answered ${baseline.response.status}` : ''}.`,
        severity: 'major',
      }),
    ];
  }
  if (!declaredResponse(op, s)) {
    return [finding(NAME, op, ex, { title: `override answered undeclared ${s}`, message: `POST with X-HTTP-Method-Override: ${m} answered ${s}; ${opLabel(op)} declares ${declaredList(op)}.`, severity: 'major' })];
  }
  if (baseline && baseline.response.status !== s) {
    return [finding(NAME, op, ex, { title: `override answered ${s}, ${m} answers ${baseline.response.status}`, message: `POST with X-HTTP-Method-Override: ${m} answered ${s}; ${m} itself answered ${baseline.response.status}.`, severity: 'minor' })];
  }
  const after = ctx.related?.followUp;
  const realAfter = ctx.related?.baselineFollowUp;
  const ok2 = (e: Exchange | undefined): boolean => e !== undefined && e.response.status >= 200 && e.response.status < 300;
  // Some deletes reset rather than remove (product prices): then a read succeeds after the real DELETE too.
  if (m === 'DELETE' && ok2(after) && !ok2(realAfter) && after) {
    const real = realAfter ? ` (after a real DELETE it answers ${realAfter.response.status})` : '';
    return [finding(NAME, op, after, { title: 'overridden DELETE left the record', message: `After POST with X-HTTP-Method-Override: DELETE answered ${s}, reading the record still answered ${after.response.status}${real}.`, severity: 'major' })];
  }
  return [];
}

export const methodOverrideCheck: Check = {
  name: NAME,
  description: 'POST with X-HTTP-Method-Override: PUT|PATCH|DELETE behaves like that method and makes no record (own records only).',
  should: 'honour X-HTTP-Method-Override',
  severity: 'major',
  probes: ['method-override'],
  intents: ['method-override'],
  appliesTo: (op) => ['put', 'patch', 'delete'].includes(op.method),
  run: methodOverride,
};
