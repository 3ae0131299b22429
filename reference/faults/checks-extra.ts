// Faults the generic checks need beyond the core set: each proves a check can tell what it must.
import type { Fault } from './types.js';

export const checkExtraFaults = [
  {
    name: 'operation-unsupported',
    description: 'GET /shop_information is not routed: it answers 404 "Resource not found" like a shop that does not implement it. Expected outcome: Unsupported (a skipped test with an outcome annotation), not Fail.',
    catches: ['@check:unsupportedOperation'],
    area: 'core',
  },
] as const satisfies readonly Fault[];
