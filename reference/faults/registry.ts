// Every named fault of the reference shop. A fault lives in its own file (data and behaviour, see
// types.ts), listed by its area file; this file collects them and picks the faults a shop runs with.
import { catalogueSuiteFaults } from './catalogue-suite.js';
import { checkExtraFaults } from './checks-extra.js';
import { coreFaults } from './core.js';
import { customerFaults } from './customers.js';
import { customersSuiteFaults } from './customers-suite.js';
import { lifecycleFaults } from './lifecycle.js';
import { listParameterFaults } from './lists.js';
import { orderSuiteFaults } from './orders-suite.js';
import { propertyFaults } from './properties.js';
import { schemaFaults } from './schema.js';
import { securityFaults } from './security.js';
import type { Fault } from './types.js';

/** Every named fault the shop can run with, also those still waiting for their check (`awaits`). */
export const ALL_FAULTS = [...coreFaults, ...checkExtraFaults, ...schemaFaults, ...customerFaults, ...customersSuiteFaults, ...listParameterFaults, ...lifecycleFaults, ...catalogueSuiteFaults, ...orderSuiteFaults, ...propertyFaults, ...securityFaults] as const satisfies readonly Fault[];

export type FaultName = (typeof ALL_FAULTS)[number]['name'];

/** The faults a check can catch today: what the fault matrix and the proofs run (all but those that await their check). */
export const FAULTS: readonly Fault[] = ALL_FAULTS.filter((f: Fault) => f.awaits === undefined);

const KNOWN: ReadonlySet<string> = new Set(ALL_FAULTS.map((f) => f.name));

export class UnknownFaultError extends Error {
  override name = 'UnknownFaultError';
}

/** The faults a shop runs with, by name (each once, in the order given); unknown names throw. */
export class FaultSet {
  readonly faults: readonly Fault[];

  constructor(names: readonly string[] = []) {
    const unknown = names.filter((n) => !KNOWN.has(n));
    if (unknown.length) {
      throw new UnknownFaultError(`unknown fault(s): ${unknown.join(', ')}. Known faults: ${[...KNOWN].sort().join(', ')}`);
    }
    this.faults = [...new Set(names)].map((n) => ALL_FAULTS.find((f) => f.name === n) as Fault);
  }

  get names(): string[] {
    return this.faults.map((f) => f.name);
  }
}

/** `name  description` lines for --list-faults. */
export function listFaults(): string[] {
  const all: readonly Fault[] = ALL_FAULTS;
  const width = Math.max(...all.map((f) => f.name.length));
  return [...all]
    .sort((a, b) => a.area.localeCompare(b.area) || a.name.localeCompare(b.name))
    .map((f) => `${f.name.padEnd(width)}  [${f.area}] ${f.description}${f.awaits ? ` (awaits ${f.awaits}: not in the fault matrix yet)` : ''}`);
}
