// The tests of one kind of uploaded file (category icons, category images, product images):
// upload one file per request and use the returned name to list, rename and delete it; a second
// delete of the same own file succeeds where the spec says x-idempotent-delete; uploads without a
// file, without a name, empty or oversized are refused with a clear 4xx; a rename without
// parameters is a 400; and the list parameters that apply to a list of names (paging, per_page,
// Link, search). `sort` and `fields` name record fields, which file names do not have: not judged.
import { FILE_OPS, fileName, listedNames, uploadFile, uploadForm, type FileGroup } from '../../../fixtures/factories/files.js';
import { requireWrites, type FactoryKit } from '../../../fixtures/factories/index.js';
import { isObj } from '../../../src/core/json.js';
import { expectNamesRecord, expectHeld, show } from '../../../fixtures/evidence.js';
import type { ListSubject } from '../../../fixtures/list-rules.js';
import { listParameterTests } from '../../../fixtures/list-tests.js';
import type { SpecOperations } from '../../../fixtures/spec-ops.js';
import type { Exchange } from '../../../src/core/exchange.js';
import type { CheckContext } from '../../../src/checks/types.js';
import { test } from './catalogue.js';
import { step, wrongRequest } from '../../../fixtures/requests.js';

/** Larger than any upload limit a shop is likely to set (the reference shop takes 5 MB, PHP's default is 2 MB). */
export const OVERSIZED_BYTES = 6 * 1024 * 1024;

async function listNames(kit: FactoryKit, checks: CheckContext, op: string, rule: string): Promise<{ names: string[]; exchange: Exchange }> {
  const ex = await step(kit, op, {}, { tag: rule, conform: checks });
  return { names: listedNames(ex), exchange: ex };
}

function expectListed(kit: FactoryKit, list: { names: string[]; exchange: Exchange }, name: string, listed: boolean, why: string, related: Exchange[] = []): void {
  expectHeld(list.names.includes(name) === listed, kit.api, {
    rule: 'files',
    title: `${why}: ${name} should ${listed ? '' : 'not '}be listed`,
    message: `${list.names.length} names listed${list.names.length <= 20 ? `: ${show(list.names)}` : ''}`,
    exchange: list.exchange,
    related,
  });
}

export function fileTests(group: FileGroup, spec: SpecOperations): void {
  const ops = FILE_OPS[group];
  const G = `@${group}`;
  const idempotent = spec.get(ops.remove)?.extensions['x-idempotent-delete'] === true;

  test('should upload a file, list it by the returned name, rename it and delete it', { tag: [G, `@op:${ops.upload}`, `@op:${ops.list}`, `@op:${ops.rename}`, `@op:${ops.remove}`, '@rule:files'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const up = await uploadFile(kit, ops, { intent: 'positive' });
    expectListed(kit, await listNames(kit, checks, ops.list, 'files'), up.name, true, 'after the upload', [up.exchange]);
    const to = fileName(kit);
    const ren = await step(kit, ops.rename, { body: { oldFilename: up.name, newFilename: to } }, { tag: 'files', conform: checks });
    const renamed = await listNames(kit, checks, ops.list, 'files');
    expectListed(kit, renamed, to, true, 'after the rename', [ren]);
    expectListed(kit, renamed, up.name, false, 'after the rename', [ren]);
    const del = await step(kit, ops.remove, { body: { filename: to } }, { tag: 'files', conform: checks });
    expectListed(kit, await listNames(kit, checks, ops.list, 'files'), to, false, 'after the delete', [del]);
  });

  if (idempotent) {
    test('should succeed when deleting the same own file twice, echoing its name', { tag: [G, `@op:${ops.remove}`, '@rule:idempotent-delete'] }, async ({ kit, checks }) => {
      requireWrites(kit);
      const up = await uploadFile(kit, ops, { rule: 'idempotent-delete' });
      for (const attempt of ['first', 'second']) {
        const del = await step(kit, ops.remove, { body: { filename: up.name }, label: `${attempt} delete` }, { tag: 'idempotent-delete', conform: checks });
        const echoed = isObj(del.response.json) ? del.response.json.filename : undefined;
        expectNamesRecord(kit.api, 'idempotent-delete', del, { field: 'filename', value: echoed, matches: typeof echoed === 'string' && echoed.split('/').pop() === up.name, title: `the ${attempt} delete should echo the file name` });
      }
    });
  }

  test('should refuse uploads without a file or without a name, and a rename without parameters, with 400', { tag: [G, `@op:${ops.upload}`, `@op:${ops.rename}`, '@rule:files', '@rule:error-status'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const name = fileName(kit);
    await wrongRequest(kit, ops.upload, { multipart: uploadForm(kit, ops, name, { file: null }), label: 'upload without a file' }, { want: 400, tag: 'files', conform: checks });
    await wrongRequest(kit, ops.upload, { multipart: uploadForm(kit, ops, name, { filename: null }), label: 'upload without the filename field' }, { want: 400, tag: 'files', conform: checks });
    const renameDeclares400 = kit.api.operation(ops.rename).responses.some((r) => r.status === '400');
    await wrongRequest(kit, ops.rename, { body: {} }, { want: 400, tag: 'files', ...(renameDeclares400 ? { conform: checks } : {}) });
    expectListed(kit, await listNames(kit, checks, ops.list, 'files'), name, false, 'after the refused uploads');
  });

  test('should refuse an empty and an oversized upload with a clear 4xx and store nothing', { tag: [G, `@op:${ops.upload}`, '@rule:files'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const empty = fileName(kit);
    await wrongRequest(kit, ops.upload, { multipart: uploadForm(kit, ops, empty, { file: Buffer.alloc(0) }), label: 'upload of an empty file' }, { want: [400, 413, 422], tag: 'files' });
    const big = fileName(kit);
    await wrongRequest(kit, ops.upload, { multipart: uploadForm(kit, ops, big, { file: Buffer.alloc(OVERSIZED_BYTES, 1) }), label: 'upload of an oversized file' }, { want: [400, 413, 422], tag: 'files' });
    const list = await listNames(kit, checks, ops.list, 'files');
    expectListed(kit, list, empty, false, 'after the refused empty upload');
    expectListed(kit, list, big, false, 'after the refused oversized upload');
  });

  /** The file list scoped to this test's uploads (names carry its token). */
  const subject = (kit: FactoryKit): ListSubject => {
    const base: ListSubject = { op: ops.list, searchField: 'name' };
    if (!kit.writable) return base;
    const token = kit.token();
    return {
      ...base,
      scope: { search: token },
      // Upload names carry the token and a number of their own: `from` changes nothing.
      seed: async (n) => {
        const out = [];
        for (let i = 0; i < n; i++) {
          const up = await uploadFile(kit, ops, { token });
          out.push({ id: up.name, name: up.name });
        }
        return out;
      },
    };
  };
  listParameterTests({ group: ops.group, op: spec.get(ops.list), what: 'files', subject, rules: ['paging', 'per-page', 'link-header', 'search'] });
}
