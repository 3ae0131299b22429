// The tests of the small "names only" resources (quantity units, packing units, additional
// fields): records with an id and a multi-language `names`. Lifecycle through the update the spec
// gives (PUT or PATCH), the error statuses each operation declares, and the list parameters on a
// list that cannot be scoped to one test (nothing to search for but the id): list-rules judges it
// only while it holds still.
import type { Created, FactoryKit, Json } from '../../../fixtures/factories/index.js';
import { requireWrites } from '../../../fixtures/factories/index.js';
import { names } from '../../../fixtures/factories/catalogue-extras.js';
import { listParameterTests } from '../../../fixtures/list-tests.js';
import { sortableValue, type ListSubject } from '../../../fixtures/list-rules.js';
import type { SpecOperations } from '../../../fixtures/spec-ops.js';
import { expectError, expectReadsBack, listedIds, readBack, readOk, skipBecause, test, setupStep, stepOk } from './catalogue.js';

export interface NamedResource {
  /** Group tag without the @, e.g. `quantity_units`. */
  group: string;
  /** Singular and plural nouns for titles. */
  one: string;
  many: string;
  idParam: string;
  ops: { list: string; create: string; read: string; update: string; remove: string };
  /** Creates one record through the factory; `en` sets names.en. */
  make: (kit: FactoryKit, opts: { rule?: string; en?: string; intent?: 'setup' | 'positive' }) => Promise<Created & { input: Json }>;
  /** The v2 guide writes this resource's language keys in upper case (EN/DE): read back so, an advisory. */
  upperLanguageKeys?: boolean;
  /** Extra fields of a record besides `names` (VPE: `default: false`). */
  extra?: Json;
}

/** `a unit`, `an additional field`. */
function article(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

function declares(kit: FactoryKit, op: string, status: number): boolean {
  return kit.api.operation(op).responses.some((r) => r.status === String(status));
}

export function namedResourceTests(r: NamedResource, spec: SpecOperations): void {
  const G = `@${r.group}`;
  const o = r.ops;

  test(`should create ${article(r.one)}, read it back, change it, read it back, delete it and then answer 404`, { tag: [G, `@op:${o.create}`, `@op:${o.read}`, `@op:${o.update}`, `@op:${o.remove}`, '@rule:lifecycle'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const made = await r.make(kit, { rule: 'lifecycle', intent: 'positive' });
    const langKeys = r.upperLanguageKeys ? ['names'] : [];
    expectReadsBack(kit, made.input, await readBack(kit, o.read, { [r.idParam]: made.id }), `a created ${r.one}`, [], [made.exchange], langKeys);
    const next = { ...r.extra, names: names(kit, 'changed') };
    const upd = await stepOk(kit, 'lifecycle', o.update, { path: { [r.idParam]: made.id }, body: next }, `${o.update} should change the ${r.one}`);
    expectReadsBack(kit, next, await readBack(kit, o.read, { [r.idParam]: made.id }), `a changed ${r.one}`, [], [upd], langKeys);
    await stepOk(kit, 'lifecycle', o.remove, { path: { [r.idParam]: made.id } }, `${o.remove} should delete the ${r.one}`);
    await expectError(kit, checks, o.read, { path: { [r.idParam]: made.id } }, 404, `a deleted ${r.one} should read 404`, false, 'lifecycle');
  });

  test(`should answer the declared errors for invalid ids, missing ${r.many} and missing bodies`, { tag: [G, `@op:${o.read}`, `@op:${o.update}`, `@op:${o.remove}`, `@op:${o.create}`, '@rule:error-status'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const body = { ...r.extra, names: names(kit, 'x') };
    await expectError(kit, checks, o.update, { path: { [r.idParam]: 'abc' }, body }, 400, `${o.update} with the id abc should be refused with 400`);
    await expectError(kit, checks, o.remove, { path: { [r.idParam]: 'abc' } }, 400, `${o.remove} with the id abc should be refused with 400`);
    if (declares(kit, o.read, 400)) await expectError(kit, checks, o.read, { path: { [r.idParam]: 'abc' } }, 400, `${o.read} with the id abc should be refused with 400`);
    if (declares(kit, o.create, 400)) await expectError(kit, checks, o.create, { contentType: 'application/json' }, 400, `${o.create} without a body should be refused with 400`);
    const gone = await r.make(kit, { rule: 'error-status' });
    await expectError(kit, checks, o.update, { path: { [r.idParam]: gone.id }, contentType: 'application/json' }, 400, `${o.update} without a body should be refused with 400`);
    await setupStep(kit, o.remove, { path: { [r.idParam]: gone.id } }, `deleting an own ${r.one}`);
    await expectError(kit, checks, o.read, { path: { [r.idParam]: gone.id } }, 404, `${o.read} of a deleted ${r.one} should answer 404`);
    if (declares(kit, o.update, 404)) await expectError(kit, checks, o.update, { path: { [r.idParam]: gone.id }, body }, 404, `${o.update} of a deleted ${r.one} should answer 404`);
  });

  test(`should read a listed ${r.one} of the target in the declared shape`, { tag: [G, `@op:${o.list}`, `@op:${o.read}`, '@readonly'] }, async ({ kit, checks }) => {
    const first = listedIds(await readOk(kit, checks, o.list, undefined, 'lifecycle'))[0];
    if (first === undefined) skipBecause(`the target lists no ${r.many}`);
    await readOk(kit, checks, o.read, { [r.idParam]: first });
  });

  const subject = (kit: FactoryKit): ListSubject => {
    const token = kit.token();
    return {
      op: o.list,
      sortKey: 'names.en',
      secondSortKey: 'names.de',
      fields: ['id', 'names'],
      searchField: 'id',
      seed: async (n) => {
        const out: Json[] = [];
        for (let i = 0; i < n; i++) out.push((await r.make(kit, { en: sortableValue(token, i) })).record);
        return out;
      },
    };
  };
  listParameterTests({ group: r.group, op: spec.get(o.list), what: r.many, subject });
}
