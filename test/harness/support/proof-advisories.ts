// The proof of a fault that breaks only what the vendor does not describe (`shows: 'advisory'`), in
// a resource-suite proof run: each test it names passes with the fault on and records an advisory
// (a basis other than described), and records none on the clean shop. One home for the resource
// proofs (resources-customers.spec.ts, resources-catalogue.spec.ts).
import { expect } from '@playwright/test';
import type { ProofRun, ProofTest } from './proof-run.js';

const show = (ts: readonly ProofTest[]): string => JSON.stringify(ts.map((t) => [t.project, t.title, t.status, t.error ?? t.notes.join('; ')]), null, 1);

/** Tests that pass with the fault on but record an advisory (not described) of their rule, and none on the clean shop. */
export function expectAdvisories(run: ProofRun, fault: string, titles: readonly string[]): void {
  const mine = run.tests.filter((t) => t.project === `fault:${fault}`);
  for (const title of titles) {
    const these = mine.filter((t) => t.title === title);
    expect(these.length, `no test "${title}" ran with ${fault}: ${show(mine)}\n${run.output.slice(-2000)}`).toBeGreaterThan(0);
    for (const t of these) {
      expect(t.status, `"${title}" should not fail over ${fault} (shows: advisory): ${t.error ?? ''}`).toBe('passed');
      const advisories = t.verdict?.advisories ?? [];
      expect(advisories.length, `"${title}" should record an advisory with ${fault} on`).toBeGreaterThan(0);
      for (const a of advisories) expect(a.basis?.kind, a.title).not.toBe('described');
    }
    const clean = run.tests.filter((t) => t.project === 'clean' && t.title === title);
    expect(clean.flatMap((t) => t.verdict?.advisories ?? []).map((a) => a.title), `"${title}" on the clean shop`).toEqual([]);
  }
}
