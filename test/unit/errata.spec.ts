// The errata overlay: each operation applies, every applied patch is listed, a patch that cannot
// apply becomes an errata-failed finding and changes nothing, and loading never throws for it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUNDLED_SPEC, PROJECT_ROOT } from '../../src/config/config.js';
import { applyErrata, applyErrataEntries, mergePatch } from '../../src/spec/errata.js';
import { loadCatalogue } from '../../src/spec/load.js';
import { ValidatorSet } from '../../src/spec/validators.js';
import { expect, test } from './spec-fixtures.js';

const EXAMPLE = path.join(PROJECT_ROOT, 'spec/examples/errata.example.yaml');

function doc(): Record<string, unknown> {
  return {
    swagger: '2.0',
    info: { title: 't', version: '1' },
    paths: { '/a/{id}': { get: { operationId: 'getA', responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/A' } } } } } },
    definitions: { A: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } } },
  };
}

function tempFile(name: string, text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'errata-')), name);
  writeFileSync(file, text);
  return file;
}

test.describe('errata overlay @spec', () => {
  test('should apply each kind of patch and list it', () => {
    const input = doc();
    const r = applyErrataEntries(
      input,
      [
        { op: 'remove-item', schema: 'A', path: '/required', value: 'name', reason: 'name is optional in practice' },
        { op: 'set', schema: 'A', path: '/properties/name/x-nullable', value: true, reason: 'null is sent' },
        { op: 'set', schema: 'A', path: '/properties/id/type', value: 'string', reason: 'ids are strings' },
        { op: 'merge', operation: 'getA', path: '/responses/200', value: { description: 'the A', headers: { ETag: { type: 'string' } } }, reason: 'document ETag' },
        { op: 'add', path: '/definitions/B', value: { type: 'string' }, reason: 'missing schema' },
        { op: 'test', path: '/definitions/B/type', value: 'string', reason: 'guard' },
        { op: 'remove', path: '/definitions/B', reason: 'not needed after all' },
        { op: 'replace', path: '/info/version', value: '1-patched', reason: 'mark the patched file' },
      ],
      'inline',
    );
    expect(r.findings).toEqual([]);
    expect(r.applied).toHaveLength(8);
    expect(r.applied[0]).toBe('inline #1: remove-item /definitions/A/required [schema A]: name is optional in practice');
    expect(r.applied[3]).toContain('/paths/~1a~1{id}/get/responses/200 [operation getA]');
    const a = (r.doc.definitions as Record<string, Record<string, unknown>>).A;
    expect(a).toEqual({ type: 'object', required: ['id'], properties: { id: { type: 'string' }, name: { type: 'string', 'x-nullable': true } } });
    expect(r.doc.paths).toMatchObject({ '/a/{id}': { get: { responses: { '200': { description: 'the A', headers: { ETag: { type: 'string' } }, schema: { $ref: '#/definitions/A' } } } } } });
    expect(r.doc.definitions).not.toHaveProperty('B');
    expect(r.doc.info).toEqual({ title: 't', version: '1-patched' });
    // The caller's document is left alone.
    expect(input).toEqual(doc());
  });

  test('should turn each patch that cannot apply into an errata-failed finding', () => {
    const r = applyErrataEntries(
      doc(),
      [
        { op: 'replace', path: '/definitions/Nope/type', value: 'x', reason: 'target missing' },
        { op: 'remove-item', schema: 'A', path: '/required', value: 'email', reason: 'not in the list' },
        { op: 'test', schema: 'A', path: '/type', value: 'array', reason: 'vendor changed' },
        { op: 'set', schema: 'Missing', path: '/type', value: 'x', reason: 'no such schema' },
        { op: 'set', operation: 'nope', path: '/summary', value: 'x', reason: 'no such operation' },
        { op: 'frobnicate', path: '/info', reason: 'unknown op' },
        { op: 'set', path: 'info/title', value: 'x', reason: 'not a pointer' },
        { op: 'set', path: '/info/title', value: 'x' },
        { op: 'set', path: '/info/title', reason: 'value missing' },
        { op: 'merge', path: '/info/title', value: { a: 1 }, reason: 'merge into a string' },
        'just text',
        { op: 'set', path: '/info/title', value: 'patched', reason: 'this one works' },
      ],
      'inline',
    );
    expect(r.findings.map((f) => f.kind)).toEqual(Array(11).fill('errata-failed'));
    const messages = r.findings.map((f) => f.message);
    expect(messages[0]).toMatch(/^inline #1: replace \/definitions\/Nope\/type cannot apply: .*\(target missing\)$/);
    expect(messages[1]).toContain('"email" is not in the array');
    expect(messages[2]).toContain('Test operation failed');
    expect(messages[3]).toContain('no named schema Missing');
    expect(messages[4]).toContain('no operation with operationId nope');
    expect(messages[5]).toContain('op must be one of set, add, replace, remove, merge, remove-item, test');
    expect(messages[6]).toContain('path must be a JSON pointer');
    expect(messages[7]).toContain('reason is required');
    expect(messages[8]).toContain('op set needs a value');
    expect(messages[9]).toContain('merge needs an object');
    expect(messages[10]).toMatch(/^inline #11: a patch must be a mapping/);
    expect(r.findings[4]).toMatchObject({ pointer: '/summary' });
    expect(r.applied).toEqual(['inline #12: set /info/title: this one works']);
    expect(r.doc).toEqual({ ...doc(), info: { title: 'patched', version: '1' } });
  });

  test('should report an unreadable or malformed file without throwing', () => {
    expect(applyErrata(doc(), '/nonexistent/errata.yaml').findings).toEqual([expect.objectContaining({ kind: 'errata-failed', message: expect.stringContaining('cannot read errata file') })]);
    const bad = applyErrata(doc(), tempFile('bad.yaml', 'errata: [ {op: set'));
    expect(bad.findings[0]?.message).toContain('is not valid YAML');
    const wrong = applyErrata(doc(), tempFile('wrong.yaml', 'op: set\npath: /info\n'));
    expect(wrong.findings[0]?.message).toContain('must hold a list of patches');
    expect(applyErrata(doc(), tempFile('empty.yaml', '# nothing yet\n'))).toEqual({ doc: doc(), applied: [], findings: [] });
    expect(applyErrata(doc(), tempFile('list.yaml', '- op: set\n  path: /info/title\n  value: x\n  reason: bare list\n')).applied).toHaveLength(1);
  });

  test('should patch the spec before validators are built', async () => {
    const plain = await loadCatalogue(BUNDLED_SPEC);
    const patched = await loadCatalogue(BUNDLED_SPEC, { errata: EXAMPLE });
    expect(patched.findings).toEqual([]);
    expect(patched.errataApplied).toHaveLength(5);
    expect(patched.info.hash).toBe(plain.info.hash); // the hash names the file as given
    const op = patched.operations.find((o) => o.id === 'getCustomer');
    if (!op) throw new Error('getCustomer missing');
    const customer = { number: 'K-1', gender: 'm', firstname: 'A', lastname: 'B', vatNumber: '', vatNumberStatus: 0, telephone: '', fax: null, email: 'a@example.test', statusId: 1, isGuest: true, addressId: 1, addonValues: '' };
    // Without the overlay a guest without dateOfBirth and with fax: null is refused; with it, accepted.
    expect(new ValidatorSet(plain).validateResponse(op, 200, customer).errors.map((e) => e.path).sort()).toEqual(['/', '/fax']);
    expect(new ValidatorSet(patched).validateResponse(op, 200, customer).errors).toEqual([]);
    expect(op.responses.find((r) => r.status === '404')?.description).toMatch(/^No customer with this id/);
  });

  test('should merge as RFC 7396 says', () => {
    expect(mergePatch({ a: 1, b: { c: 2, d: 3 } }, { b: { c: null, e: 4 }, f: [1] })).toEqual({ a: 1, b: { d: 3, e: 4 }, f: [1] });
    expect(mergePatch({ a: 1 }, 'x')).toBe('x');
  });
});
