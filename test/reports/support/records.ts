// Hand-made test records and catalogues for the report units: small enough to read, with the
// cases that matter (several operations in one test, rules, tests naming nothing, deprecated
// operations, evidence containing markup).
import type { Outcome } from '../../../src/core/finding.js';
import type { Catalogue, Operation } from '../../../src/spec/types.js';
import type { TestRecord } from '../../../src/report/compatibility/test-record.js';

export function op(id: string, group: string, extra: Partial<Operation> = {}): Operation {
  return {
    id,
    method: 'get',
    path: `/${group}`,
    group,
    tags: [group],
    deprecated: false,
    parameters: [],
    formFields: [],
    responses: [{ status: '200', contentTypes: ['application/json'] }],
    secured: true,
    extensions: {},
    ...extra,
  };
}

export function catalogue(ops: Operation[], extra: Partial<Pick<Catalogue, 'findings' | 'errataApplied'>> = {}): Pick<Catalogue, 'operations' | 'findings' | 'errataApplied'> {
  return { operations: ops, findings: extra.findings ?? [], errataApplied: extra.errataApplied ?? [] };
}

export function rec(operations: string[], checks: string[], outcome: Outcome, extra: Partial<TestRecord> = {}): TestRecord {
  return {
    title: `suites/x.spec.ts › ${operations.join('+') || 'none'} › ${checks.join('+')} ${outcome}`,
    file: 'suites/x.spec.ts',
    line: 1,
    operations,
    checks,
    outcome,
    findings: [],
    durationMs: 1,
    ...extra,
  };
}

export const META = {
  spec: { title: 'Shop Management REST API', version: '3.9.0', hash: 'abc123', file: 'spec/shop-api-v2.yaml', dialect: 'swagger2 2.0', basePath: '/shop1/api.php/v2' },
  target: { url: 'https://shop.example.test/shop1/api.php/v2', apiVersion: 'v2', shopVersion: '3.9.0', embedded: false },
  profile: 'standard',
  seed: 42,
  runId: 'rtest',
  startedAt: '2026-01-01T00:00:00.000Z',
};
