// Which status an operation answers with. Success is the lowest 2xx the spec declares (so address
// create is 200 and order-status PUT is 201 without special cases). Errors follow the vendor's own
// conventions where the spec declares them (countries: 500 not found / 501 bad id; manufacturers
// PATCH/DELETE: 500 for a bad id) and fall back to 400 / 404 otherwise.
import type { Operation } from '../../src/spec/types.js';
import type { ErrorKind } from '../http/errors.js';

function declared(op: Operation): Set<string> {
  return new Set(op.responses.map((r) => r.status));
}

export function successStatus(op: Operation): number {
  const ok = op.responses.map((r) => Number(r.status)).filter((s) => s >= 200 && s < 300).sort((a, b) => a - b);
  return ok[0] ?? 200;
}

export function errorStatus(op: Operation | undefined, kind: ErrorKind, fallback: number): number {
  if (!op) return fallback;
  const d = declared(op);
  if (kind === 'notFound') {
    if (d.has('404')) return 404;
    if (d.has('500')) return 500;
    if (d.has('501')) return 501;
    return 404;
  }
  if (kind === 'invalidId') {
    if (d.has('500') && d.has('501')) return 501;
    if (d.has('500')) return 500;
    if (d.has('400')) return 400;
    if (d.has('501')) return 501;
    return 400;
  }
  return fallback;
}
