// JSON where the spec produces JSON: the Content-Type says so and the body parses. Answers with
// no body (204, 304, empty) carry nothing to label.
import { declaredResponse } from '../spec/validators.js';
import type { Operation } from '../spec/types.js';
import { finding, isJsonMediaType, opLabel, what } from './finding.js';
import type { Exchange } from '../core/exchange.js';
import type { Finding } from '../core/finding.js';
import type { Check, CheckContext } from './types.js';

const NAME = 'contentTypeConformance';

function mediaMatches(actual: string, declared: string): boolean {
  const a = actual.split(';')[0]?.trim().toLowerCase() ?? '';
  const d = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  if (d === '*/*' || a === d) return true;
  if (d.endsWith('/*')) return a.startsWith(d.slice(0, -1));
  return false;
}

export function contentTypeConformance(op: Operation, ex: Exchange, _ctx: CheckContext): Finding[] {
  const s = ex.response.status;
  if (s === 0 || s === 204 || s === 304 || ex.response.text.trim() === '') return [];
  const declared = declaredResponse(op, s)?.contentTypes ?? [...new Set(op.responses.flatMap((r) => r.contentTypes))];
  if (!declared.length) return [];
  const ct = ex.response.headers['content-type'];
  const wantsJson = declared.some((d) => isJsonMediaType(d));
  if (wantsJson) {
    if (!isJsonMediaType(ct)) {
      return [
        finding(NAME, op, ex, {
          title: `${s} answered as ${ct ?? 'no Content-Type'}`,
          message: `${opLabel(op)} answered ${s}${what(ex)} with Content-Type ${ct ?? '(none)'}; the spec produces ${declared.join(', ')}.`,
          severity: 'major',
        }),
      ];
    }
    if (ex.response.json === undefined && !ex.response.truncated) {
      return [
        finding(NAME, op, ex, {
          title: `${s} body is not valid JSON`,
          message: `${opLabel(op)} answered ${s}${what(ex)} labelled ${ct}, but the body does not parse as JSON.`,
          severity: 'major',
        }),
      ];
    }
    return [];
  }
  if (!ct || !declared.some((d) => mediaMatches(ct, d))) {
    return [
      finding(NAME, op, ex, {
        title: `${s} answered as ${ct ?? 'no Content-Type'}`,
        message: `${opLabel(op)} answered ${s}${what(ex)} with Content-Type ${ct ?? '(none)'}; the spec produces ${declared.join(', ')}.`,
        severity: 'major',
      }),
    ];
  }
  return [];
}

export const contentTypeConformanceCheck: Check = {
  name: NAME,
  description: 'Answers carry the media type the spec produces (JSON where it produces JSON) and parse as it.',
  should: 'answer with the declared content type',
  severity: 'major',
  probes: ['positive', 'auth', 'negative'],
  intents: ['positive', 'negative', 'no-auth', 'wrong-auth', 'wrong-content-type'],
  appliesTo: (op) => op.responses.some((r) => r.contentTypes.length > 0),
  run: contentTypeConformance,
};
