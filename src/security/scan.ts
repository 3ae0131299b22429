// The passive half of the security pack: every answer the run receives is scanned once, in the
// worker, as it is recorded (fixtures/verdict.ts hands each exchange here), so the scan adds no
// request. The findings go to the verdict record of the test that was running; the report groups
// them by signature (kind and cause) across the run.
import type { Exchange } from '../core/exchange.js';
import type { SecurityFinding } from '../core/security.js';
import { scanHeaders } from './headers.js';
import { scanLeaks } from './leaks.js';
import { scanSecrets } from './secrets.js';
import { judgeOtherUser } from './credentials.js';

/**
 * Answers that say nothing of the API's own configuration: the plain-http probe reaches another
 * listener (often a proxy's redirect), judged by the transport check.
 */
const NOT_SCANNED = new Set(['plain-http']);

export function scanExchange(ex: Exchange): SecurityFinding[] {
  if (NOT_SCANNED.has(ex.intent) || ex.response.status === 0) return [];
  return [...scanLeaks(ex), ...scanSecrets(ex), ...scanHeaders(ex), ...judgeOtherUser(ex)];
}
