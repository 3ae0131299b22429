// Every check, registered by name. Adding a check = one file + one line here.
import { authRequiredCheck } from './authRequired.js';
import { contentTypeConformanceCheck } from './contentTypeConformance.js';
import { errorBodyShapeCheck } from './errorBodyShape.js';
import { methodOverrideCheck } from './methodOverride.js';
import { negativeDataRejectionCheck } from './negativeDataRejection.js';
import { notAServerErrorCheck } from './notAServerError.js';
import { responseSchemaConformanceCheck } from './responseSchemaConformance.js';
import { responseTimeCheck } from './responseTime.js';
import { statusCodeConformanceCheck } from './statusCodeConformance.js';
import { transportSecurityCheck } from './transportSecurity.js';
import type { Check } from './types.js';
import { unsupportedOperationCheck } from './unsupportedOperation.js';

export const CHECKS: readonly Check[] = [
  statusCodeConformanceCheck,
  responseSchemaConformanceCheck,
  contentTypeConformanceCheck,
  authRequiredCheck,
  negativeDataRejectionCheck,
  notAServerErrorCheck,
  unsupportedOperationCheck,
  errorBodyShapeCheck,
  transportSecurityCheck,
  methodOverrideCheck,
  responseTimeCheck,
];

const byName = new Map(CHECKS.map((c) => [c.name, c]));

export function getCheck(name: string): Check {
  const c = byName.get(name);
  if (!c) throw new Error(`unknown check "${name}"; known: ${[...byName.keys()].join(', ')}`);
  return c;
}

export const CHECK_NAMES: readonly string[] = CHECKS.map((c) => c.name);
