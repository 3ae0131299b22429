// Allure severity of a test. Auth and data safety are critical: a shop that serves without
// credentials, leaks them, or loses or wrongly deletes records hurts its users whatever else
// conforms. Generic checks carry their own severity (src/checks/*: critical -> critical,
// major -> normal, minor -> minor); rules and properties are judged by name; an explicit
// `@severity:<level>` tag overrides both.
import { CHECKS } from '../checks/registry.js';

export const ALLURE_SEVERITIES = ['blocker', 'critical', 'normal', 'minor', 'trivial'] as const;
export type AllureSeverity = (typeof ALLURE_SEVERITIES)[number];

/** Names that are about authentication or about keeping data safe. */
const CRITICAL_NAME = /auth|credential|password|secret|token|tls|https|transport|leak|redact|delete|idempot|conflict|duplicate|lost|ledger|cascade|overwrite|orphan|safety/i;

const CHECK_SEVERITY = new Map<string, AllureSeverity>(CHECKS.map((c) => [c.name, c.severity === 'critical' ? 'critical' : c.severity === 'minor' ? 'minor' : 'normal']));

const RANK: Record<AllureSeverity, number> = { blocker: 0, critical: 1, normal: 2, minor: 3, trivial: 4 };

export function severityOf(columns: readonly string[], tags: readonly string[]): AllureSeverity {
  for (const t of tags) {
    const m = /^@?severity:(\w+)$/.exec(t);
    if (m && (ALLURE_SEVERITIES as readonly string[]).includes(m[1] ?? '')) return m[1] as AllureSeverity;
  }
  let best: AllureSeverity | undefined;
  for (const col of columns) {
    const s = CHECK_SEVERITY.get(col) ?? (CRITICAL_NAME.test(col) ? 'critical' : undefined);
    if (s && (best === undefined || RANK[s] < RANK[best])) best = s;
  }
  return best ?? 'normal';
}
