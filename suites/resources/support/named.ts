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
import { expectReadsBack, listedIds, test } from './catalogue.js';
import { setupStep, step, wrongRequest } from '../../../fixtures/requests.js';
import { skipBecause } from '../../../fixtures/outcome.js';

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

  test(`should create ${article(r.one)}, read it back, change it, read it back, delete it and then answer 404`, { tag: [G, `@op:${o.create}`, `@op:${o.read}`, `@op:${o.update}`, `@op:${o.remove}`, '@rule:lifecycle'] }, async ({ kit }) => {
    requireWrites(kit);
    const made = await r.make(kit, { rule: 'lifecycle', intent: 'positive' });
    const langKeys = r.upperLanguageKeys ? ['names'] : [];
    expectReadsBack(kit, made.input, await step(kit, o.read, { path: { [r.idParam]: made.id } }), { related: [made.exchange], languageKeysOf: langKeys });
    const next = { ...r.extra, names: names(kit, 'changed') };
    const upd = await step(kit, o.update, { path: { [r.idParam]: made.id }, body: next });
    expectReadsBack(kit, next, await step(kit, o.read, { path: { [r.idParam]: made.id } }), { related: [upd], languageKeysOf: langKeys });
    await step(kit, o.remove, { path: { [r.idParam]: made.id } });
    await wrongRequest(kit, o.read, { path: { [r.idParam]: made.id } }, { want: 404, tag: 'lifecycle' });
  });

  test(`should answer the declared errors for invalid ids, missing ${r.many} and missing bodies`, { tag: [G, `@op:${o.read}`, `@op:${o.update}`, `@op:${o.remove}`, `@op:${o.create}`, '@rule:error-status'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const body = { ...r.extra, names: names(kit, 'x') };
    await wrongRequest(kit, o.update, { path: { [r.idParam]: 'abc' }, body }, { want: 400, conform: checks });
    await wrongRequest(kit, o.remove, { path: { [r.idParam]: 'abc' } }, { want: 400, conform: checks });
    if (declares(kit, o.read, 400)) await wrongRequest(kit, o.read, { path: { [r.idParam]: 'abc' } }, { want: 400, conform: checks });
    if (declares(kit, o.create, 400)) await wrongRequest(kit, o.create, { contentType: 'application/json' }, { want: 400, conform: checks });
    const gone = await r.make(kit, { rule: 'error-status' });
    await wrongRequest(kit, o.update, { path: { [r.idParam]: gone.id }, contentType: 'application/json' }, { want: 400, conform: checks });
    await setupStep(kit, o.remove, { path: { [r.idParam]: gone.id } });
    await wrongRequest(kit, o.read, { path: { [r.idParam]: gone.id } }, { want: 404, conform: checks });
    if (declares(kit, o.update, 404)) await wrongRequest(kit, o.update, { path: { [r.idParam]: gone.id }, body }, { want: 404, conform: checks });
  });

  test(`should read a listed ${r.one} of the target in the declared shape`, { tag: [G, `@op:${o.list}`, `@op:${o.read}`, '@readonly'] }, async ({ kit, checks }) => {
    const first = listedIds(await step(kit, o.list, {}, { conform: checks }))[0];
    if (first === undefined) skipBecause(`the target lists no ${r.many}`);
    await step(kit, o.read, { path: { [r.idParam]: first } }, { conform: checks });
  });

  const subject = (kit: FactoryKit): ListSubject => {
    const token = kit.token();
    return {
      op: o.list,
      sortKey: 'names.en',
      secondSortKey: 'names.de',
      fields: ['id', 'names'],
      searchField: 'id',
      seed: async (n, from = 0) => {
        const out: Json[] = [];
        for (let i = from; i < from + n; i++) out.push((await r.make(kit, { en: sortableValue(token, i) })).record);
        return out;
      },
    };
  };
  listParameterTests({ group: r.group, op: spec.get(o.list), what: r.many, subject });
}
