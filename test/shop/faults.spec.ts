// The named faults: unique kebab-case names with a one-line description and 1-3 well-formed test
// tags, and each one observably changes the shop (its probe answers differently than on the clean
// shop).
import { request } from '@playwright/test';
import { CHECK_NAMES } from '../../src/checks/registry.js';
import { ALL_FAULTS, FAULTS, FaultSet, UnknownFaultError, type FaultName } from '../../reference/faults/registry.js';
import type { Fault } from '../../reference/faults/types.js';
import { RULE_TAGS, SECURITY_TAGS } from '../../src/core/rule-tags.js';
import { createShop } from '../../reference/shop.js';
import { PROBES, type ProbeContext } from './support/fault-probes.js';
import { AUTH, expect, test } from './support/shop-fixture.js';

const all: readonly Fault[] = ALL_FAULTS;

test.describe('fault registry @shop @faults', () => {
  test('should have unique kebab-case names, one-line descriptions and 1-3 known tags each', () => {
    const names = all.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(FAULTS.length).toBeGreaterThanOrEqual(20);
    for (const f of all) {
      expect(f.name, f.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(f.description, f.name).toMatch(/^\S.*\.$/);
      expect(f.description, f.name).not.toContain('\n');
      expect(f.catches.length, f.name).toBeGreaterThanOrEqual(1);
      expect(f.catches.length, f.name).toBeLessThanOrEqual(3);
      for (const tag of f.catches) {
        // A fault may name the one check it waits for (`awaits`) before that check exists.
        const known = tag === f.awaits || (tag.startsWith('@check:') ? CHECK_NAMES.includes(tag.slice('@check:'.length)) : tag in RULE_TAGS || tag in SECURITY_TAGS);
        expect(known, `${f.name}: ${tag}`).toBe(true);
      }
    }
  });

  test('should refuse unknown fault names, listing the known ones', () => {
    expect(() => new FaultSet(['no-such-fault'])).toThrow(UnknownFaultError);
    expect(() => new FaultSet(['no-such-fault'])).toThrow(/Known faults: .*auth-missing-credentials-accepted/);
  });

  test('should have a probe for every fault', () => {
    expect(Object.keys(PROBES).sort()).toEqual(all.map((f) => f.name).sort());
  });

  test('should keep a fault that awaits its check out of the fault matrix, and only while the check is missing', () => {
    for (const f of all.filter((x) => x.awaits !== undefined)) {
      expect(f.catches, f.name).toContain(f.awaits);
      expect(CHECK_NAMES, `${f.name} awaits ${String(f.awaits)}, which exists now: delete its awaits line`).not.toContain(String(f.awaits).replace(/^@check:/, ''));
      expect(FAULTS.map((x) => x.name)).not.toContain(f.name);
    }
    expect(FAULTS.length + all.filter((x) => x.awaits !== undefined).length).toBe(all.length);
  });
});

async function observe(faults: string[], tls: boolean, probe: (ctx: ProbeContext) => Promise<unknown>): Promise<unknown> {
  const shop = await createShop({ faults, tls });
  const base = { baseURL: `${shop.url}/`, ignoreHTTPSErrors: true };
  const api = await request.newContext({ ...base, extraHTTPHeaders: { Authorization: AUTH } });
  const anon = await request.newContext(base);
  try {
    return await probe({ api, anon, url: shop.url });
  } finally {
    await api.dispose();
    await anon.dispose();
    await shop.close();
  }
}

for (const fault of all) {
  test(`should change the shop's behaviour with ${fault.name} @shop @faults`, async () => {
    const probe = PROBES[fault.name as FaultName];
    const clean = await observe([], probe.tls === true, probe.observe);
    const broken = await observe([fault.name], probe.tls === true, probe.observe);
    expect(broken, `clean shop: ${JSON.stringify(clean)}`).not.toEqual(clean);
  });
}
