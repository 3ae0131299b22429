// Stage 1 of the pipeline, addressing: where a request goes and what it is for. A call names an
// operation and fills its path template; a request sent by path (`send`) takes the rules of the
// operation its method and path match, so the guard and the record keeper know what it does.
import type { Intent } from '../../core/exchange.js';
import { HarnessError } from '../../core/errors.js';
import { fillPath, pathMatcher } from '../../spec/catalogue.js';
import type { Catalogue, Operation } from '../../spec/types.js';
import { joinUrl, queryString } from '../url.js';
import type { Addressed, CallOptions } from './request.js';

const ABSOLUTE = /^https?:\/\//i;

function overrideOf(opts: CallOptions): string | undefined {
  return Object.entries(opts.headers ?? {}).find(([k]) => k.toLowerCase() === 'x-http-method-override')?.[1]?.toUpperCase();
}

function addressed(op: Operation | undefined, method: string, pathOrUrl: string, pathValues: Record<string, string>, opts: CallOptions, apiRoot: string): Addressed {
  const absolute = ABSOLUTE.test(pathOrUrl);
  const override = overrideOf(opts);
  const intent: Intent = opts.intent ?? 'positive';
  return {
    op,
    method,
    override,
    effective: override ?? method,
    path: absolute ? new URL(pathOrUrl).pathname : pathOrUrl.split('?')[0] ?? pathOrUrl,
    url: absolute ? pathOrUrl : joinUrl(apiRoot, pathOrUrl) + queryString(op, opts.query),
    absolute,
    pathValues,
    intent,
    opts,
  };
}

/** A call of one operation: its path template filled with the caller's values. */
export function addressCall(op: Operation, opts: CallOptions, apiRoot: string): Addressed {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(opts.path ?? {})) values[k] = Array.isArray(v) ? v.join(',') : String(v);
  let path: string;
  try {
    path = fillPath(op.path, opts.path);
  } catch (err) {
    throw new HarnessError(`${op.id}: ${(err as Error).message}`);
  }
  return addressed(op, (opts.method ?? op.method).toUpperCase(), path, values, opts, apiRoot);
}

/** A request by path (`/customers/12`, or an absolute URL): the operation its method and path match, if any. */
export function addressPath(catalogue: Catalogue, method: string, pathOrUrl: string, opts: CallOptions, apiRoot: string): Addressed {
  const m = method.toUpperCase();
  const path = ABSOLUTE.test(pathOrUrl) ? new URL(pathOrUrl).pathname : pathOrUrl.split('?')[0] ?? pathOrUrl;
  for (const op of catalogue.operations) {
    if (op.method.toUpperCase() !== m) continue;
    const values = pathMatcher(op.path)(path);
    if (values) return addressed(op, m, pathOrUrl, values, opts, apiRoot);
  }
  return addressed(undefined, m, pathOrUrl, {}, opts, apiRoot);
}
