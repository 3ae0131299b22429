// Building findings with their evidence, so each check stays a few lines of judgment.
import { evidenceOf } from './evidence.js';
import type { Operation } from '../spec/types.js';
import type { Exchange, SchemaErrorInfo } from '../core/exchange.js';
import type { Basis, Finding, Severity } from '../core/finding.js';
import { outcomeOf } from './basis.js';

export interface FindingInput {
  title: string;
  message: string;
  severity: Severity;
  outcome?: Finding['outcome'];
  /** What the demand rests on; a basis other than described makes the finding an advisory. */
  basis?: Basis;
  schemaErrors?: SchemaErrorInfo[];
}

export function finding(check: string, op: Operation, ex: Exchange | undefined, f: FindingInput): Finding {
  const out: Finding = {
    check,
    operationId: op.id,
    outcome: f.outcome ?? outcomeOf(f.basis),
    ...(f.basis ? { basis: f.basis } : {}),
    title: f.title,
    message: f.message,
    severity: f.severity,
  };
  if (ex) out.evidence = evidenceOf(op, ex, f.schemaErrors);
  return out;
}

/** `GET /customers/{customer_id}` */
export function opLabel(op: Operation): string {
  return `${op.method.toUpperCase()} ${op.path}`;
}

export function declaredList(op: Operation): string {
  return op.responses.map((r) => r.status).join(', ') || 'none';
}

export function isJsonMediaType(ct: string | undefined): boolean {
  if (!ct) return false;
  const base = ct.split(';')[0]?.trim().toLowerCase() ?? '';
  return base === 'application/json' || base.endsWith('+json');
}

export function what(ex: Exchange): string {
  return ex.label ? ` (${ex.label})` : '';
}
