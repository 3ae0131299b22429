// Error answers carry the API's error body: a JSON object (the description's defaultErrorResponse)
// matching the schema the operation declares for that status or else the spec's shared error
// schema, that says why the request failed and whose `code`, when it has one, equals the HTTP
// status (the v2 guide [error handling]). Our ShopError also requires code, status and message
// (ERRATA #29); an answer that lacks only those gives an advisory.
import { declaredResponse } from '../spec/validators.js';
import type { Operation } from '../spec/types.js';
import { stricterSchemaBasis } from './basis.js';
import { finding, opLabel, what } from './finding.js';
import type { Exchange } from '../core/exchange.js';
import type { Finding } from '../core/finding.js';
import type { Check, CheckContext } from './types.js';

const NAME = 'errorBodyShape';

/**
 * The v2 guide [error handling]: an error body says why the request failed. A message (or error,
 * detail, title), or a list of errors (a bulk write's `errors`). That it is `message` is our
 * spec's (ERRATA #29).
 */
export function saysWhy(o: Readonly<Record<string, unknown>>): boolean {
  return ['message', 'error', 'detail', 'title'].some((k) => typeof o[k] === 'string' || (typeof o[k] === 'object' && o[k] !== null)) || (Array.isArray(o.errors) && o.errors.length > 0);
}

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
  const schemaName = declared?.schema ? `the schema declared for ${declared.status}` : "the spec's error schema";
  const result = declared?.schema ? ctx.validateResponse(op, s, body, false) : ctx.validateErrorBody?.(body);
  const advisories: Finding[] = [];
  if (result && result.schemaFound && !result.ok) {
    // Only the vendor-normative schema fails an answer (its error schema requires nothing, ERRATA #29).
    const vendor = declared?.schema ? ctx.validateVendorResponse?.(op, s, body) : ctx.validateVendorErrorBody?.(body);
    if (vendor?.ok) {
      advisories.push(
        finding(NAME, op, ex, {
          title: `${s} error body breaks our stricter error schema`,
          message: `${opLabel(op)} answered ${s}${what(ex)} with an error body the vendor's description allows but ${schemaName} in our spec does not.`,
          severity: 'minor',
          basis: stricterSchemaBasis(result.errors),
          schemaErrors: result.errors,
        }),
      );
    } else {
      return [
        finding(NAME, op, ex, {
          title: `${s} error body is malformed`,
          message: `${opLabel(op)} answered ${s}${what(ex)} with an error body that breaks ${schemaName}.`,
          severity: 'major',
          schemaErrors: vendor?.errors ?? result.errors,
        }),
      ];
    }
  }
  const o = body as Record<string, unknown>;
  if (!saysWhy(o)) {
    return [
      ...advisories,
      finding(NAME, op, ex, {
        title: `${s} error body says nothing`,
        message: `${opLabel(op)} answered ${s}${what(ex)} with an error object that has no message.`,
        severity: 'minor',
      }),
    ];
  }
  if (typeof o.code === 'number' && o.code !== s) {
    return [
      ...advisories,
      finding(NAME, op, ex, {
        title: `error code ${o.code} on a ${s}`,
        message: `${opLabel(op)} answered ${s}${what(ex)} but its error body says code ${o.code}.`,
        severity: 'minor',
      }),
    ];
  }
  return advisories;
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
