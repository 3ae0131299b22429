// Playwright reports every call of an APIRequestContext made during a test as a report step: a
// property that sends 200 requests would bury its one verdict under 200 steps (machine notes).
// Playwright keeps calls made inside an "internal" API zone out of the report; this runs a whole
// property inside one. The hook is not public API: when it is missing (a Playwright upgrade), the
// calls simply show as steps again, nested under the property's own step, and nothing breaks.
import type { APIRequestContext } from '@playwright/test';

type InternalZone = <T>(fn: () => Promise<T>, options: { internal: boolean }) => Promise<T>;

/** True when this Playwright version offers the hook (a self-test watches for upgrades). */
export function canSilenceApiSteps(request: APIRequestContext): boolean {
  return typeof (request as unknown as { _wrapApiCall?: unknown })._wrapApiCall === 'function';
}

/** Runs `fn` with the request context's calls kept out of the report's steps. */
export async function withoutApiSteps<T>(request: APIRequestContext, fn: () => Promise<T>): Promise<T> {
  const zoned = request as unknown as { _wrapApiCall?: InternalZone };
  if (typeof zoned._wrapApiCall !== 'function') return fn();
  return zoned._wrapApiCall(fn, { internal: true });
}
