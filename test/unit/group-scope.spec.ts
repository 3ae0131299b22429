// The ONLY_GROUPS / SKIP_GROUPS rule every suite asks (src/config/scope.ts), on its own.
import { expect, test } from '@playwright/test';
import { groupInScope } from '../../src/config/scope.js';

const scope = (only: string[], skip: string[]) => ({ onlyGroups: only, skipGroups: skip });

test.describe('group scope @unit', () => {
  test('should select every group when neither variable is set', () => {
    expect(groupInScope(scope([], []), 'tax')).toBe(true);
    expect(groupInScope(scope([], []), 'orders', 'tracking_codes')).toBe(true);
  });

  test('should select a test when ONLY_GROUPS names any one of its groups', () => {
    expect(groupInScope(scope(['tax'], []), 'tax')).toBe(true);
    expect(groupInScope(scope(['tax'], []), 'orders')).toBe(false);
    expect(groupInScope(scope(['tracking_codes'], []), 'orders', 'tracking_codes')).toBe(true);
    expect(groupInScope(scope(['customers', 'tax'], []), 'orders', 'tracking_codes')).toBe(false);
  });

  test('should leave out a test when SKIP_GROUPS names any one of its groups, even one ONLY_GROUPS names', () => {
    expect(groupInScope(scope([], ['orders']), 'tax')).toBe(true);
    expect(groupInScope(scope([], ['orders']), 'orders', 'tracking_codes')).toBe(false);
    expect(groupInScope(scope(['tracking_codes'], ['orders']), 'orders', 'tracking_codes')).toBe(false);
    expect(groupInScope(scope(['tax'], ['tax']), 'tax')).toBe(false);
  });
});
