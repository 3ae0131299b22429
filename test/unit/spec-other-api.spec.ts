// The harness is not tied to one file: an OpenAPI 3.0 description of a different API (a lending
// library, test/fixtures/specs/other-api.yaml) loads into a correct catalogue and validators.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { loadCatalogue } from '../../src/spec/load.js';
import type { Catalogue, Operation } from '../../src/spec/types.js';
import { SPECS_DIR, expect, test } from './spec-fixtures.js';

function byId(catalogue: Catalogue): (id: string) => Operation {
  return (id) => {
    const found = catalogue.operations.find((o) => o.id === id);
    if (!found) throw new Error(`operation ${id} is missing`);
    return found;
  };
}

test.describe('OpenAPI 3 spec of another API @spec', () => {
  test('should load with zero findings and describe the library API', ({ otherSpec }) => {
    const { info, findings, operations } = otherSpec.catalogue;
    expect(findings).toEqual([]);
    expect(info).toMatchObject({ title: 'Lending Library API', version: '1.2.0', dialect: 'openapi3', specVersion: '3.0.3', basePath: '/library/v1', schemes: ['https'] });
    expect(operations.map((op) => `${op.method.toUpperCase()} ${op.path} ${op.id} ${op.group}`).sort()).toEqual(
      [
        'GET /books listBooks books',
        'POST /books createBook books',
        'GET /books/{bookId} getBook books',
        'PUT /books/{bookId} updateBook books',
        'DELETE /books/{bookId} deleteBook books',
        'PUT /books/{bookId}/cover uploadBookCover books',
        'GET /loans listLoans loans',
        'POST /loans createLoan loans',
        'POST /loans/{loanId}/return returnLoan loans',
        'GET /members/{memberId} getMember members',
      ].sort(),
    );
    expect(operations.every((op) => op.secured)).toBe(true);
    expect(Object.keys(otherSpec.catalogue.schemas).sort()).toEqual(['Book', 'BookInput', 'Error', 'Loan', 'LoanForMember', 'LoanForNewMember', 'Member']);
  });

  test('should read parameters, bodies and responses the OpenAPI 3 way', ({ otherSpec }) => {
    const op = byId(otherSpec.catalogue);
    const list = op('listBooks');
    expect(list.parameters.map((p) => `${p.in}:${p.name}:${p.collectionFormat ?? '-'}`)).toEqual(['query:page:-', 'query:per_page:-', 'query:q:-', 'query:tags:csv', 'query:available:-']);
    expect(list.parameters.find((p) => p.name === 'per_page')?.schema).toMatchObject({ type: 'integer', maximum: 100, default: 20 });
    // A path-level parameter reaches every operation of the path.
    expect(op('deleteBook').parameters).toEqual([expect.objectContaining({ name: 'bookId', in: 'path', required: true })]);
    expect(op('createBook').body).toMatchObject({ required: true, contentTypes: ['application/json'], pointer: '/paths/~1books/post/requestBody/content/application~1json/schema' });
    const upload = op('uploadBookCover');
    expect(upload.body).toMatchObject({ contentTypes: ['multipart/form-data'] });
    expect(upload.formFields.map((f) => `${f.name}:${String(f.schema.type)}:${f.required}`)).toEqual(['image:file:true', 'caption:string:false']);
    // Responses that are $refs to components still get their schema and a pointer to compile from.
    const get = op('getBook');
    expect(get.responses.map((r) => `${r.status}:${r.pointer ? 'schema' : 'none'}`)).toEqual(['200:schema', '401:schema', '404:schema']);
    expect(op('deleteBook').responses.find((r) => r.status === '204')).toMatchObject({ contentTypes: [] });
    expect(otherSpec.validators.compileAll().failures).toEqual([]);
  });

  test('should validate with nullable, allOf, oneOf, readOnly and writeOnly', ({ otherSpec }) => {
    const op = byId(otherSpec.catalogue);
    const v = otherSpec.validators;
    const book = { id: 17, isbn: '9780141439518', title: 'Emma', authors: ['Jane Austen'], publishedOn: null, pages: null, available: true, createdAt: '2024-03-01T09:30:00Z' };
    expect(v.validateResponse(op('getBook'), 200, book).errors).toEqual([]);
    expect(v.validateResponse(op('getBook'), 200, { ...book, available: undefined, createdAt: 'yesterday' }).errors.map((e) => e.path)).toEqual(['/', '/createdAt']);
    expect(v.validateResponse(op('getBook'), 404, { code: 404, message: 'no such book', details: null }).ok).toBe(true);
    // Strict fields work through allOf: fields of both members are declared, others are not.
    expect(v.undeclaredFields(op('getBook'), 200, book)).toEqual([]);
    expect(v.undeclaredFields(op('getBook'), 200, { ...book, shelf: 'B3' }).map((e) => e.path)).toEqual(['/shelf']);
    // oneOf: either an existing member or a new one; a readOnly id may not be sent.
    expect(v.validateRequest(op('createLoan'), { bookId: 17, memberId: 3 }).ok).toBe(true);
    expect(v.validateRequest(op('createLoan'), { bookId: 17, member: { name: 'Ada', email: 'ada@example.test', password: 'correct-horse' } }).ok).toBe(true);
    expect(v.validateRequest(op('createLoan'), { bookId: 17, member: { id: 9, name: 'Ada', email: 'ada@example.test' } }).ok).toBe(false);
    // writeOnly: a password is accepted in requests and must never come back.
    expect(v.validateResponse(op('getMember'), 200, { id: 3, name: 'Ada', email: 'ada@example.test', phone: null }).ok).toBe(true);
    expect(v.validateResponse(op('getMember'), 200, { id: 3, name: 'Ada', email: 'ada@example.test', password: 'correct-horse' }).errors.map((e) => e.path)).toEqual(['/password']);
    expect(v.validateResponse(op('listLoans'), 200, [{ id: 5, bookId: 17, memberId: 3, status: 'lost', borrowedAt: '2024-03-02T10:00:00+01:00', dueOn: '2024-03-30', returnedAt: null }]).errors.map((e) => e.path)).toEqual(['/0/status']);
  });

  test('should load the same API from JSON', async ({ otherSpec }) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'other-api-')), 'other-api.json');
    writeFileSync(file, JSON.stringify(parseYaml(readFileSync(path.join(SPECS_DIR, 'other-api.yaml'), 'utf8'))));
    const fromJson = await loadCatalogue(file);
    expect(fromJson.findings).toEqual([]);
    expect(fromJson.operations).toEqual(otherSpec.catalogue.operations);
  });
});
