// The run's scope in the report: ONLY_GROUPS/SKIP_GROUPS leave whole resource groups out, and
// their operations were never meant to be tested. They are shown apart with the reason and the
// score is stated for the scope ("(tax only): 3/3 operations conformant, 3 of 170 declared in
// scope"), so a scoped run neither looks like a failing whole-spec run nor passes for one.
// The rule of what is in scope is groupInScope (src/config/scope.ts), the one the suites ask.
import { groupInScope, type GroupScope } from '../../config/scope.js';
import type { ReportScope } from './rows.js';
import type { CompatibilityReport } from './types.js';

/** The config metadata key playwright.config.ts writes the run's group scope under (merge-reports keeps it). */
export const SCOPE_METADATA = 'group scope (ONLY_GROUPS/SKIP_GROUPS)';

/** The report's scope; null when nothing is left out. */
export function reportScope(groups: GroupScope): ReportScope | null {
  if (!groups.onlyGroups.length && !groups.skipGroups.length) return null;
  return { onlyGroups: [...groups.onlyGroups], skipGroups: [...groups.skipGroups] };
}

function scopeFromMetadata(value: unknown): GroupScope | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { onlyGroups, skipGroups } = value as Record<string, unknown>;
  const list = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
  return list(onlyGroups) && list(skipGroups) ? { onlyGroups, skipGroups } : undefined;
}

/**
 * The scope of a run: the one its config metadata names (a merged report's shards ran with it,
 * whatever the merging process's environment says), else the validated harness configuration.
 */
export function runScope(metadata: unknown, config: GroupScope): ReportScope | null {
  return reportScope(scopeFromMetadata((metadata as Record<string, unknown> | undefined)?.[SCOPE_METADATA]) ?? config);
}

export function inScope(scope: ReportScope | null, group: string): boolean {
  return scope === null || groupInScope(scope, group);
}

/** "ONLY_GROUPS=tax", "SKIP_GROUPS=orders,products", or both. */
export function scopeVariables(scope: ReportScope): string {
  return [scope.onlyGroups.length ? `ONLY_GROUPS=${scope.onlyGroups.join(',')}` : '', scope.skipGroups.length ? `SKIP_GROUPS=${scope.skipGroups.join(',')}` : ''].filter(Boolean).join(', ');
}

/** "tax only", "without orders, products", "customers, tax only, without orders". */
export function scopeName(scope: ReportScope): string {
  return [scope.onlyGroups.length ? `${scope.onlyGroups.join(', ')} only` : '', scope.skipGroups.length ? `without ${scope.skipGroups.join(', ')}` : ''].filter(Boolean).join(', ');
}

/** Why a group's operations were not tested: the variable that left it out. */
export function outOfScopeReason(scope: ReportScope, group: string): string {
  const variable = scope.skipGroups.includes(group) ? `SKIP_GROUPS=${scope.skipGroups.join(',')}` : `ONLY_GROUPS=${scope.onlyGroups.join(',')}`;
  return `out of scope (${variable})`;
}

/** "shop API v2" -> "shop API v2 (tax only)" for a scoped run: the badge and the headings say what was tested. */
export function scopedLabel(label: string, scope: ReportScope | null): string {
  return scope ? `${label} (${scopeName(scope)})` : label;
}

/**
 * The score in words, the same on the console, the page, the Markdown and the badge's title:
 * "160/170 operations conformant" for a whole-spec run (conformant / declared, as ever), and
 * "3/3 operations conformant, 3 of 170 declared in scope" for a scoped one (after its label,
 * "tax only"), so the declared count stays in sight.
 */
export function scoreText(r: Pick<CompatibilityReport, 'scope' | 'score'>, withPercent = false): string {
  const s = r.score;
  const percent = withPercent ? ` (${s.percent}%)` : '';
  if (!r.scope) return `${s.conformant}/${s.declared} operations conformant${percent}`;
  return `${s.conformant}/${s.inScope} operations conformant${percent}, ${s.inScope} of ${s.declared} declared in scope`;
}
