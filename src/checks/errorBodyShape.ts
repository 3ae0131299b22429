// Error answers carry the API's error body: JSON, matching the schema the operation declares for
// that status or else the spec's shared error schema (ShopError: code, status "error", message),
// with a `code` equal to the HTTP status when it has one.
import { declaredResponse } from '../spec/validators.js';
import type { Operation } from '../spec/types.js';
import { finding, opLabel, what } from './finding.js';
import type { Check, CheckContext, Exchange, Finding } from './types.js';

const NAME = 'errorBodyShape';

export function errorBodyShape(op: Operation, ex: Exchange, ctx: CheckContext): Finding[] {
  const s = ex.response.status;
  if (s < 400 || s > 599) return [];
  const body = ex.response.json;
  if (body === undefined || typeof body !== 'object' || body === null || Array.isArray(body)) {
    return [
      finding(NAME, op, ex, {
        title: `${s} without an error body`,
        message: `${opLabel(op)} answered ${s}${what(ex)} without a JSON error object${ex.response.text.trim() ? '' : ' (empty body)'}.`,
        severity: 'major',
      }),
    ];
  }
  const declared = declaredResponse(op, s);
  const result = declared?.schema ? ctx.validateResponse(op, s, body, false) : ctx.validateErrorBody?.(body);
  if (result && result.schemaFound && !result.ok) {
    return [
      finding(NAME, op, ex, {
        title: `${s} error body is malformed`,
        message: `${opLabel(op)} answered ${s}${what(ex)} with an error body that breaks ${declared?.schema ? `the schema declared for ${declared.status}` : "the spec's error schema"}.`,
        severity: 'major',
        schemaErrors: result.errors,
      }),
    ];
  }
  const o = body as Record<string, unknown>;
  if (!result?.schemaFound && !['message', 'error', 'detail', 'title'].some((k) => typeof o[k] === 'string' || (typeof o[k] === 'object' && o[k] !== null))) {
    return [
      finding(NAME, op, ex, {
        title: `${s} error body says nothing`,
        message: `${opLabel(op)} answered ${s}${what(ex)} with an error object that has no message.`,
        severity: 'minor',
      }),
    ];
  }
  if (typeof o.code === 'number' && o.code !== s) {
    return [
      finding(NAME, op, ex, {
        title: `error code ${o.code} on a ${s}`,
        message: `${opLabel(op)} answered ${s}${what(ex)} but its error body says code ${o.code}.`,
        severity: 'minor',
      }),
    ];
  }
  return [];
}

export const errorBodyShapeCheck: Check = {
  name: NAME,
  description: "Error answers carry the API's error body (the declared error schema, a message, a code equal to the status).",
  should: 'answer errors with the error body',
  severity: 'major',
  probes: ['positive', 'auth', 'negative'],
  intents: ['positive', 'negative', 'no-auth', 'wrong-auth', 'wrong-content-type'],
  relevant: (ex) => ex.response.status >= 400 && ex.response.status <= 599,
  appliesTo: () => true,
  run: errorBodyShape,
};
