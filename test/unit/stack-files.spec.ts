// fixtures/stack-files.ts: large scripts are answered with their tail (where a sourceMappingURL
// comment is), everything else is left to source-map-support's own reader.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { largeScriptTail } from '../../fixtures/stack-files.js';

test.describe('stack file reader @harness', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stack-files-'));
  const big = path.join(dir, 'bundle.js');
  writeFileSync(big, `${'var x = 1;\n'.repeat(100_000)}//# sourceMappingURL=bundle.js.map\n`);
  const small = path.join(dir, 'small.js');
  writeFileSync(small, 'var y = 2;\n//# sourceMappingURL=small.js.map\n');

  test('should answer a large script with its last bytes, the source map comment among them', () => {
    const tail = largeScriptTail(big) ?? '';
    expect(tail.length).toBeLessThan(10_000);
    expect(tail).toContain('//# sourceMappingURL=bundle.js.map');
    expect(largeScriptTail(pathToFileURL(big).href)).toBe(tail);
  });

  test('should leave small scripts, source maps and missing files to the default reader', () => {
    expect(largeScriptTail(small)).toBeNull();
    expect(largeScriptTail(`${big}.map`)).toBeNull();
    expect(largeScriptTail(path.join(dir, 'missing.js'))).toBeNull();
  });
});
