// Faults live at the edges: each named fault is whole in its own file under reference/faults/ and
// acts through the shop's extension points (reference/engine/points.ts); the engine, the groups and
// the HTTP layer read as the faithful shop and never ask which faults are on.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/config/config.js';
import { SHOP_POINTS } from '../../reference/engine/points.js';
import { pointsWith } from '../../reference/faults/apply.js';
import { FAULTS } from '../../reference/faults/registry.js';
import type { Fault } from '../../reference/faults/types.js';
import { expect, test } from './support/shop-fixture.js';

/** The shop's own code: everything a fault must not reach into. */
const ENGINE_DIRS = ['reference/engine', 'reference/groups', 'reference/http'];

function sources(dir: string): string[] {
  return readdirSync(path.join(PROJECT_ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(dir, f));
}

test.describe('faults at the edges @shop @faults', () => {
  test('should leave no fault (or quirk) branch in the engine, the groups or the HTTP layer', () => {
    const offences: string[] = [];
    for (const file of ENGINE_DIRS.flatMap(sources)) {
      const text = readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
      for (const [i, line] of text.split('\n').entries()) {
        if (/\bfaults?\s*\.\s*has\s*\(|\bFaultSet\b|\bquirksNamed\b|from\s+'[^']*\/(faults|quirks)\/[^']*'/.test(line)) offences.push(`${file}:${i + 1}: ${line.trim()}`);
      }
    }
    expect(offences, 'name no fault in the engine; give the fault a wrap at an extension point (reference/engine/points.ts)').toEqual([]);
  });

  test('should give every fault a behaviour at an extension point', () => {
    const all: readonly Fault[] = FAULTS;
    const idle = all.filter((f) => !(f.checks || f.resource || f.operation || f.answer || f.http)).map((f) => f.name);
    expect(idle).toEqual([]);
  });

  test('should run the clean shop on its own points', () => {
    expect(pointsWith([])).toBe(SHOP_POINTS);
    expect(SHOP_POINTS.http).toEqual([]);
  });
});
