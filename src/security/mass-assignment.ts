// Mass assignment (OWASP API3:2023, broken object property level authorisation): a create must not
// store a field the spec marks readOnly, which only the shop may set (a product's orderedCount, its
// dates). The security pack sends such fields with values no shop would choose itself and reads the
// record back; a field that reads back as sent was stored. Pure: what to send, and the judge.
import type { Exchange } from '../core/exchange.js';
import { isObj } from '../core/json.js';
import type { SecurityFinding } from '../core/security.js';
import type { SpecSchema } from '../spec/types.js';
import { securityFinding } from './finding.js';

/** The values sent: no shop sets a counter to 4242 or a date to this second of 2001 by itself. */
export const ASSIGNED_INT = 4242;
export const ASSIGNED_DATE = '2001-02-03 04:05:06';


/**
 * The readOnly first-level fields of a create's record schema (an array's items) with the value to
 * send each: integers and strings only (counters and dates). Never an id: a stored id would
 * overwrite another record of a live shop.
 */
export function readOnlyAssignments(body: SpecSchema | undefined): Record<string, unknown> {
  const record = body && body.type === 'array' && isObj(body.items) ? body.items : body;
  const props = record && isObj(record.properties) ? record.properties : {};
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(props)) {
    if (!isObj(raw) || raw.readOnly !== true || /(?:^id|Id)$/.test(name)) continue;
    if (raw.type === 'integer') out[name] = ASSIGNED_INT;
    else if (raw.type === 'string' && raw.enum === undefined) out[name] = ASSIGNED_DATE;
  }
  return out;
}

/** The record a read answers: the object, or the first of a list. */
function recordOf(ex: Exchange): Record<string, unknown> | undefined {
  const json = ex.response.json;
  const first: unknown = Array.isArray(json) ? json[0] : json;
  return isObj(first) ? first : undefined;
}

/** One finding per readOnly field the read-back record holds as it was sent (cause: the field). */
export function judgeAssignment(readBack: Exchange, sent: Record<string, unknown>): SecurityFinding[] {
  if (readBack.response.status < 200 || readBack.response.status >= 300) return [];
  const record = recordOf(readBack);
  if (!record) return [];
  return Object.entries(sent)
    .filter(([field, value]) => record[field] === value)
    .map(([field, value]) =>
      securityFinding('assign:read-only-stored', readBack, {
        cause: field,
        title: `a create stores the readOnly field ${field}`,
        message: `${readBack.request.method} ${readBack.request.url} reads back ${field} = ${JSON.stringify(value)}, the value the create sent, though the spec marks ${field} readOnly: a client sets what only the shop may.`,
      }),
    );
}
