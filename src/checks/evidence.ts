// Evidence for findings: the request as curl (credentials redacted), status, headers, a body
// excerpt, ajv error paths and the statuses the spec declares; and the plain-text form a failed
// test prints.
import { toCurl } from '../core/curl.js';
import type { Exchange, SchemaErrorInfo } from '../core/exchange.js';
import type { Evidence, Finding } from '../core/finding.js';
import type { Operation } from '../spec/types.js';

const EXCERPT = 1500;

/** Response headers worth showing (the rest is noise in a report). */
const SHOWN_HEADERS = /^(content-type|content-length|location|www-authenticate|allow|x-api-version|x-shop-version|x-rate-limit-.*|retry-after|link)$/;

export function evidenceOf(op: Operation | undefined, ex: Exchange, schemaErrors?: SchemaErrorInfo[]): Evidence {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(ex.response.headers)) if (SHOWN_HEADERS.test(k)) headers[k] = v;
  const text = ex.response.text;
  const ev: Evidence = {
    curl: toCurl(ex.request),
    status: ex.response.status,
    headers,
    bodyExcerpt: text.length > EXCERPT ? `${text.slice(0, EXCERPT)}… (${text.length} characters${ex.response.truncated ? ', truncated' : ''})` : text,
    declaredStatuses: op ? op.responses.map((r) => r.status) : [],
  };
  if (ex.label) ev.label = ex.label;
  ev.intent = ex.intent;
  ev.method = ex.request.method;
  if (schemaErrors?.length) ev.schemaErrors = schemaErrors.slice(0, 20);
  if (ex.response.transportError) ev.transportError = ex.response.transportError;
  return ev;
}

function indent(s: string, by: string): string {
  return s.split('\n').map((l) => by + l).join('\n');
}

export function formatEvidence(ev: Evidence): string {
  const lines: string[] = [];
  if (ev.label) lines.push(`tried:    ${ev.label}`);
  lines.push(`request:  ${ev.curl}`);
  if (ev.transportError) lines.push(`response: none (${ev.transportError})`);
  else {
    const hs = Object.entries(ev.headers).map(([k, v]) => `${k}: ${v}`).join('; ');
    lines.push(`response: ${ev.status}${hs ? `  ${hs}` : ''}`);
    if (ev.bodyExcerpt) lines.push(`body:     ${ev.bodyExcerpt.replace(/\n/g, '\n          ')}`);
  }
  if (ev.durationMs !== undefined) lines.push(`took:     ${ev.durationMs} ms`);
  if (ev.declaredStatuses.length) lines.push(`declared: ${ev.declaredStatuses.join(', ')}`);
  if (ev.schemaErrors?.length) {
    lines.push('schema errors:');
    for (const e of ev.schemaErrors) lines.push(`  ${e.path} ${e.message}  (${e.schemaPath})`);
  }
  return lines.join('\n');
}

/** The message a failed test shows: one block per finding, evidence included. */
export function formatFindings(findings: readonly Finding[]): string {
  return findings
    .map((f) => {
      const head = `✗ [${f.check}] ${f.operationId}: ${f.title} (${f.outcome}, ${f.severity})\n  ${f.message}`;
      return f.evidence ? `${head}\n${indent(formatEvidence(f.evidence), '    ')}` : head;
    })
    .join('\n\n');
}
