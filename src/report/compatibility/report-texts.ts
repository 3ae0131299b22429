// Sentences the page and the Markdown both write (src/report/compatibility/render-html.ts,
// render-md.ts), so the two say the same.
import type { CompatibilityReport } from './types.js';

/** ` (2 new defects, 1 known defect in cells the baseline does not name)`, or '' when neither. */
export function gateDefects(g: CompatibilityReport['gate']): string {
  const nd = g.defects?.new.length ?? 0;
  const nr = g.defects?.reached?.length ?? 0;
  const parts = [nd ? `${nd} new defect${nd === 1 ? '' : 's'}` : '', nr ? `${nr} known defect${nr === 1 ? '' : 's'} in cells the baseline does not name` : ''].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** `1,234 (positive 400, negative 300, …)`, the largest first. */
export function requestsText(q: NonNullable<NonNullable<CompatibilityReport['notes']>['requests']>): string {
  const parts = Object.entries(q.byIntent).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`);
  return `${q.total}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

/** The leftovers section's summary (the page and the Markdown): what the run left, and what removes it. */
export function leftoversText(left: NonNullable<CompatibilityReport['notes']>['leftovers']): string {
  if (!left) return 'No leftover report was written (the run ended before its teardown).';
  if (!left.records && !left.possiblePartial) return 'Nothing: every record the run created was deleted, and no create answered 5xx.';
  const manual = left.manual ?? 0;
  const retry = left.records - manual;
  const parts: string[] = [];
  if (retry) parts.push(`${retry} record(s) the run created could not be deleted; \`npm run cleanup\` retries them`);
  if (manual) parts.push(`${manual} record(s) the API cannot delete (the spec declares no DELETE for them): each below names the manual step that removes it, and no cleanup tries them`);
  if (left.possiblePartial) parts.push(`${left.possiblePartial} create(s) answered 5xx, after which the shop may keep a partial record its API does not show`);
  return `${parts.join('; ')}. ${left.file} lists each with the reason.`;
}
