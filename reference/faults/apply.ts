// The extension points of a shop that runs with some faults (and quirks, reference/quirks/, whose
// behaviour is written the same way): each one's wraps around the shop's own functions
// (engine/points.ts), in the order given. With none, the shop's own points are returned as they are.
import type { Handler } from '../engine/context.js';
import { SHOP_POINTS, type ShopPoints } from '../engine/points.js';
import type { FaultBehaviour, Wrap } from './types.js';

function wrapped<F>(own: F, wraps: readonly (Wrap<F> | undefined)[]): F {
  return wraps.reduce<F>((f, w) => (w ? w(f) : f), own);
}

export function pointsWith(faults: readonly FaultBehaviour[]): ShopPoints {
  if (!faults.length) return SHOP_POINTS;
  const { checks, answer } = SHOP_POINTS;
  return {
    checks: {
      params: wrapped(checks.params, faults.map((f) => f.checks?.params)),
      body: wrapped(checks.body, faults.map((f) => f.checks?.body)),
      reference: wrapped(checks.reference, faults.map((f) => f.checks?.reference)),
      upload: wrapped(checks.upload, faults.map((f) => f.checks?.upload)),
    },
    resource: (def) => faults.reduce((d, f) => (f.resource ? f.resource(d) : d), SHOP_POINTS.resource(def)),
    operation: (handler, op, binding) => faults.reduce<Handler>((h, f) => (f.operation ? f.operation(h, op, binding) : h), SHOP_POINTS.operation(handler, op, binding)),
    answer: {
      conform: wrapped(answer.conform, faults.map((f) => f.answer?.conform)),
      search: wrapped(answer.search, faults.map((f) => f.answer?.search)),
      sort: wrapped(answer.sort, faults.map((f) => f.answer?.sort)),
      page: wrapped(answer.page, faults.map((f) => f.answer?.page)),
      fields: wrapped(answer.fields, faults.map((f) => f.answer?.fields)),
      error: wrapped(answer.error, faults.map((f) => f.answer?.error)),
    },
    http: [...SHOP_POINTS.http, ...faults.flatMap((f) => (f.http ? [f.http] : []))],
  };
}
