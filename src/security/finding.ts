// Building a security finding with its evidence: the kind's OWASP id and severity (kinds.ts), and
// the answer with every header it carried (the conformance evidence keeps a short list; a leak may
// sit in any header: X-Powered-By, Server, Set-Cookie, whose values the client already redacted).
import type { Exchange } from '../core/exchange.js';
import type { SecurityFinding } from '../core/security.js';
import { evidenceOf } from '../checks/evidence.js';
import { SECURITY_KINDS, type SecurityKindName } from './kinds.js';

export interface SecurityInput {
  cause: string;
  title: string;
  message: string;
  /** A secret the answer carried: kept out of the evidence's body excerpt. */
  mask?: string;
}

export function securityFinding(kind: SecurityKindName, ex: Exchange, f: SecurityInput): SecurityFinding {
  const k = SECURITY_KINDS[kind];
  const evidence = evidenceOf(undefined, ex);
  evidence.headers = { ...ex.response.headers };
  if (f.mask) evidence.bodyExcerpt = evidence.bodyExcerpt.split(f.mask).join('[SECRET]').split(JSON.stringify(f.mask).slice(1, -1)).join('[SECRET]');
  return {
    kind,
    owasp: k.owasp,
    severity: k.severity,
    cause: f.cause,
    title: f.title,
    message: f.message,
    ...(ex.operationId ? { operationId: ex.operationId } : {}),
    evidence,
  };
}
