// Reporter of the properties proof run: for every test, how many report steps it has by
// category, at any depth (the JSON reporter keeps only test.step ones, so it cannot show whether
// the requests inside a property became steps). Writes { "<project> › <title>": { category: n } }.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

export default class StepsReporter implements Reporter {
  private readonly out: Record<string, Record<string, number>> = {};
  constructor(private readonly opts: { output: string }) {}

  onTestEnd(test: TestCase, result: TestResult): void {
    const counts: Record<string, number> = {};
    const walk = (steps: readonly TestStep[], inProperty: boolean) => {
      for (const s of steps) {
        const mine = inProperty || s.title.startsWith('property: ');
        const key = `${mine ? 'in-property:' : ''}${s.category}`;
        counts[key] = (counts[key] ?? 0) + 1;
        walk(s.steps, mine);
      }
    };
    walk(result.steps, false);
    this.out[`${test.parent.project()?.name ?? ''} › ${test.title}`] = counts;
  }

  onEnd(): void {
    mkdirSync(path.dirname(this.opts.output), { recursive: true });
    writeFileSync(this.opts.output, JSON.stringify(this.out, null, 2));
  }
}
