// Rules across operations: operationIds used twice, and path templates that differ only by the
// names of their parameters (/orders/{order_id}/totals/{total_id} next to .../{totals_id}), which
// a router cannot tell apart.
import { pathShape } from '../catalogue.js';
import type { SpecFinding } from '../types.js';
import { isObj } from '../../core/json.js';
import { HTTP_METHODS, ptr, type LintDoc } from './walk.js';

export function lintOperations(d: LintDoc): SpecFinding[] {
  const out: SpecFinding[] = [];
  const paths = isObj(d.doc.paths) ? d.doc.paths : {};
  const firstUse = new Map<string, string>();
  const byShape = new Map<string, string[]>();
  for (const [path, item] of Object.entries(paths)) {
    if (path.startsWith('x-') || !isObj(item)) continue;
    const shape = pathShape(path);
    byShape.set(shape, [...(byShape.get(shape) ?? []), path]);
    for (const m of HTTP_METHODS) {
      const o = item[m];
      if (!isObj(o) || typeof o.operationId !== 'string') continue;
      const here = `${m.toUpperCase()} ${path}`;
      const first = firstUse.get(o.operationId);
      if (first === undefined) firstUse.set(o.operationId, here);
      else out.push({ kind: 'duplicate-operation-id', pointer: `${ptr('paths', path, m)}/operationId`, message: `operationId ${o.operationId} of ${here} is already used by ${first}`, operationId: o.operationId });
    }
  }
  for (const group of byShape.values()) {
    const [first, ...rest] = group;
    for (const path of rest) {
      out.push({ kind: 'ambiguous-path-template', pointer: ptr('paths', path), message: `path ${path} differs from ${first ?? ''} only by parameter names; requests cannot be routed to one of them` });
    }
  }
  return out;
}
