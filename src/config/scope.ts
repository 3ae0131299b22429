// The one rule for ONLY_GROUPS / SKIP_GROUPS. Every suite asks it before declaring tests, so a
// group left out declares nothing (no skipped entries in the reports) and `--list` shows the run.
import type { HarnessConfig } from './config.js';

export type GroupScope = Pick<HarnessConfig, 'onlyGroups' | 'skipGroups'>;

/**
 * Whether a test that touches these resource groups (its `@<group>` tags) is in this run.
 * ONLY_GROUPS selects a test when it names ANY of its groups: the tracking-code tests (orders +
 * tracking_codes) run with ONLY_GROUPS=tracking_codes, since they cannot test tracking codes
 * without an order. SKIP_GROUPS wins and leaves a test out when it names ANY of its groups: a
 * group is skipped because the target lacks it or must not be touched, and a test that needs it
 * would then touch it or fail for it.
 */
export function groupInScope(config: GroupScope, ...groups: readonly string[]): boolean {
  if (groups.some((g) => config.skipGroups.includes(g))) return false;
  return config.onlyGroups.length === 0 || groups.some((g) => config.onlyGroups.includes(g));
}
