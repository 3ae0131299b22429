// The body validates against the schema the spec declares for THAT status, error statuses
// included. Only the vendor-normative schema (src/spec/allowances.ts) fails an answer; where only
// our stricter spec refuses it, the finding is an advisory naming the allowance. With
// STRICT_FIELDS, fields the schema does not declare are reported too (an advisory: the
// description never closes its objects).
import { sentToBeRefused, type Exchange } from '../core/exchange.js';
import { declaredResponse } from '../spec/validators.js';
import type { Operation } from '../spec/types.js';
import { project, stricterSchemaBasis } from './basis.js';
import { finding, opLabel, what } from './finding.js';
import type { Finding } from '../core/finding.js';
import type { Check, CheckContext } from './types.js';

const NAME = 'responseSchemaConformance';

export function responseSchemaConformance(op: Operation, ex: Exchange, ctx: CheckContext): Finding[] {
  const s = ex.response.status;
  if (s === 0) return [];
  // A success answer to input sent to be refused is negativeDataRejection's Fail: the shop accepted
  // what it should have refused. What it made of that input is no second defect: a quantity unit
  // created without names and answered with `names: []` is one exchange, so one cell, not two.
  if (sentToBeRefused(ex.intent) && s >= 200 && s < 300) return [];
  const declared = declaredResponse(op, s);
  // An undeclared status is statusCodeConformance's finding; there is no schema to hold it to.
  if (!declared?.schema) return [];
  const body = ex.response.json;
  if (body === undefined) {
    return [
      finding(NAME, op, ex, {
        title: `${s} body is not JSON`,
        message: `${opLabel(op)} answered ${s}${what(ex)} with a body that is not JSON, but the spec declares a schema for ${declared.status}.`,
        severity: 'major',
      }),
    ];
  }
  const loose = ctx.validateResponse(op, s, body, false);
  if (!loose.ok) {
    const vendor = ctx.validateVendorResponse?.(op, s, body);
    if (vendor?.ok) {
      return [
        finding(NAME, op, ex, {
          title: `${s} body breaks our stricter schema`,
          message: `${opLabel(op)} answered ${s}${what(ex)} with a body the vendor's description allows but our spec's schema for ${declared.status} does not (${loose.errors.length} error${loose.errors.length === 1 ? '' : 's'}).`,
          severity: 'minor',
          basis: stricterSchemaBasis(loose.errors),
          schemaErrors: loose.errors,
        }),
      ];
    }
    const errors = vendor?.errors ?? loose.errors;
    return [
      finding(NAME, op, ex, {
        title: `${s} body does not match its schema`,
        message: `${opLabel(op)} answered ${s}${what(ex)} with a body that breaks the schema declared for ${declared.status} (${errors.length} error${errors.length === 1 ? '' : 's'}).`,
        severity: 'major',
        schemaErrors: errors,
      }),
    ];
  }
  if (ctx.strictFields) {
    const strict = ctx.validateResponse(op, s, body, true);
    if (!strict.ok) {
      return [
        finding(NAME, op, ex, {
          title: `${s} body has undeclared fields`,
          message: `${opLabel(op)} answered ${s}${what(ex)} with fields the schema for ${declared.status} does not declare (STRICT_FIELDS=1).`,
          severity: 'minor',
          basis: project('STRICT_FIELDS: the description does not close its objects'),
          schemaErrors: strict.errors,
        }),
      ];
    }
  }
  return [];
}

export const responseSchemaConformanceCheck: Check = {
  name: NAME,
  description: 'The body validates against the schema declared for its status, error statuses included.',
  should: 'answer bodies that match the schema of their status',
  severity: 'major',
  probes: ['positive', 'auth', 'negative'],
  intents: ['positive', 'negative', 'no-auth', 'wrong-auth', 'wrong-content-type'],
  appliesTo: (op) => op.responses.some((r) => r.schema !== undefined),
  run: responseSchemaConformance,
};
