// A method the spec does not declare on a record path (PATCH where only GET/PUT/DELETE are), sent
// to the harness's own record with an empty JSON body: it must not be served. One operation per
// path carries the probe (the GET, else the first), so a path is not reported three times.
import { GuardError } from '../core/errors.js';
import type { Operation } from '../spec/types.js';
import { fillPath } from '../spec/catalogue.js';
import { blocked, type Probe } from './types.js';

const CANDIDATES = ['PATCH', 'PUT', 'DELETE'] as const;

export function representativeOf(op: Operation, all: readonly Operation[]): Operation | undefined {
  const same = all.filter((o) => o.path === op.path);
  return same.find((o) => o.method === 'get') ?? same[0];
}

export const undeclaredMethodProbe: Probe = async (op, env) => {
  const ops = env.client.catalogue.operations;
  if (representativeOf(op, ops) !== op) return blocked('skip', `undeclared methods on ${op.path} are probed with ${representativeOf(op, ops)?.id}`);
  if (!/\}$/.test(op.path)) return blocked('skip', `${op.path} does not end in a record id; an undeclared method there could touch records the harness does not own`);
  const declared = new Set(ops.filter((o) => o.path === op.path).map((o) => o.method.toUpperCase()));
  const method = CANDIDATES.find((m) => !declared.has(m));
  if (!method) return blocked('skip', `every candidate method is declared on ${op.path}`);
  if (!env.client.writesAllowed) return blocked('disabled', `PROFILE=readonly sends no ${method}`);
  const values = await env.resolver.pathValues(op, 'write');
  if (!values.ok) return blocked(values.kind, values.reason);
  // A body the path's own update would accept: a server that serves the undeclared method like it
  // then answers 2xx instead of stumbling over an empty body.
  const update = ops.find((o) => o.path === op.path && (o.method === 'put' || o.method === 'patch'));
  // The update's own valid request (env.valid: shared with its probes) rather than a fresh body.
  const body = update && method !== 'DELETE' ? await env.valid(update) : undefined;
  const payload = body?.ok && body.value.body !== undefined ? body.value.body : {};
  // The path must be one the target routes: an undeclared method on a path it ignores would reach the path above.
  await env.client.admit(op, values.value);
  try {
    const ex = await env.client.send(method, fillPath(op.path, values.value), { body: payload, intent: 'undeclared-method', label: `undeclared method ${method}`, noAnswer: 'return' });
    return { exchanges: [ex] };
  } catch (err) {
    if (err instanceof GuardError) return blocked('skip', err.message);
    throw err;
  }
};
