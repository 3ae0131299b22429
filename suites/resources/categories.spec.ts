// Categories: lifecycle, bulk forms (create, update by id, delete a,b), the tree (children are
// exactly the direct children; `recursive` adds descendants on the list and on a category's
// products), declared error statuses, list parameters and the search endpoint.
// Writes touch only categories this test made; @readonly tests judge the target's own tree.
import { specOperations } from '../../fixtures/spec-ops.js';
import { createCategory, createMany, createTree, asCategoryRecord, categoryInput, categoryRecord, everyLanguage } from '../../fixtures/factories/categories.js';
import { shopFacts } from '../../fixtures/factories/references.js';
import { createProduct, idsOf, linkProduct, linkedCategoryIds } from '../../fixtures/factories/products.js';
import { requireWrites, type FactoryKit, type Json } from '../../fixtures/factories/index.js';
import { expectHeld, expectRule, show } from '../../fixtures/evidence.js';
import { RULE } from '../../src/checks/rules/registry.js';
import { secondValue, sortableValue, type DateSubject } from '../../fixtures/list-rules.js';
import { listParameterTests } from '../../fixtures/list-tests.js';
import { listItems } from '../../src/core/answers.js';
import { expectReadsBack, listedIds, test } from './support/catalogue.js';
import { setupStep, step, wrongRequest } from '../../fixtures/requests.js';
import { skipBecause } from '../../fixtures/outcome.js';
import { eachOperation } from '../../fixtures/each-operation.js';

const ops = await specOperations();

const G = '@categories';
const sorted = (xs: readonly number[]): string => [...xs].sort((a, b) => a - b).join(', ');

/** GET /categories scoped to this test's records (seeded, named with its token), or the target's own in readonly. */
function categoriesList(kit: FactoryKit): DateSubject {
  const base = { op: 'getCategories', sortKey: 'name', secondSortKey: 'headingTitle', fields: ['id', 'name'], searchField: 'name' };
  if (!kit.writable) return base;
  const token = kit.token();
  return {
    ...base,
    scope: { search: token },
    seed: async (n, from = 0) => {
      await shopFacts(kit);
      // Name and heading the same in every language: the list names each record in one of them.
      const inputs = Array.from({ length: n }, (_, j) => from + j).map((i) => categoryInput(kit, { headingTitle: everyLanguage(kit, secondValue(token, i)) }, sortableValue(token, i)));
      return (await createMany(kit, 'createCategories', inputs)).records;
    },
    update: (rec) => kit.api.call('updateCategory', { path: { category_id: Number(rec.id) }, body: { ...categoryRecord(kit), name: rec.name } }),
    remove: (rec) => kit.api.call('deleteCategories', { path: { category_id: [Number(rec.id)] } }),
  };
}

if (ops.inScope('categories')) test.describe('categories', () => {
  test('should create a category, read it back, replace it, read it back, delete it and then answer 404', { tag: [G, '@op:createCategories', '@op:getCategory', '@op:updateCategory', '@op:deleteCategories', '@rule:lifecycle'] }, async ({ kit }) => {
    requireWrites(kit);
    const made = await createCategory(kit, {}, { intent: 'positive' });
    const first = await step(kit, 'getCategory', { path: { category_id: made.id } });
    expectReadsBack(kit, asCategoryRecord(made.input), first, { related: [made.exchange] });
    const next = categoryRecord(kit, { sortOrder: 901, isActive: false });
    const put = await step(kit, 'updateCategory', { path: { category_id: made.id }, body: next });
    const second = await step(kit, 'getCategory', { path: { category_id: made.id } });
    expectReadsBack(kit, next, second, { related: [put] });
    await step(kit, 'deleteCategories', { path: { category_id: [made.id] } });
    await wrongRequest(kit, 'getCategory', { path: { category_id: made.id } }, { want: 404, tag: 'lifecycle' });
  });

  test('should create every category of an array', { tag: [G, '@op:createCategories', '@rule:bulk'] }, async ({ kit }) => {
    requireWrites(kit);
    const inputs = [categoryInput(kit), categoryInput(kit), categoryInput(kit)];
    const made = await createMany(kit, 'createCategories', inputs, { rule: 'bulk', intent: 'positive' });
    for (const [i, id] of made.ids.entries()) {
      const read = await step(kit, 'getCategory', { path: { category_id: id } }, { tag: 'bulk' });
      expectReadsBack(kit, asCategoryRecord(inputs[i] as Json), read, { related: [made.exchange] });
    }
  });

  test('should update categories by id with an array and refuse a record without an id', { tag: [G, '@op:updateCategories', '@rule:bulk'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const a = await createCategory(kit, {}, { rule: 'bulk' });
    const b = await createCategory(kit, {}, { rule: 'bulk' });
    const nextA = categoryInput(kit, { sortOrder: 11 });
    const nextB = categoryInput(kit, { sortOrder: 12 });
    const put = await step(kit, 'updateCategories', { body: [{ id: a.id, ...nextA }, { id: b.id, ...nextB }] }, { tag: 'bulk', conform: checks });
    const body = put.response.json as Json;
    expectHeld(Array.isArray(body.errors) && body.errors.length === 0, kit.api, { rule: 'bulk', title: 'a bulk update of existing records should report no errors', message: `errors: ${show(body.errors)}`, exchange: put });
    for (const [id, next] of [[a.id, nextA], [b.id, nextB]] as const) {
      expectReadsBack(kit, asCategoryRecord(next), await step(kit, 'getCategory', { path: { category_id: id } }, { tag: 'bulk' }), { related: [put] });
    }
    const withoutId = categoryInput(kit, { sortOrder: 13 });
    const mixed = await kit.api.call('updateCategories', { body: [{ id: a.id, ...categoryInput(kit) }, withoutId], intent: 'negative' });
    const answer = mixed.response.json;
    const errors = answer && typeof answer === 'object' && Array.isArray((answer as Json).errors) ? ((answer as Json).errors as Json[]) : [];
    const refused = mixed.response.status === 400 || (mixed.response.status === 200 && errors.some((e) => e.code === 400));
    expectHeld(refused, kit.api, {
      rule: 'bulk',
      title: 'a bulk update should refuse a record without an id with 400 (the whole request, or that record in errors)',
      message: `got ${mixed.response.status} with errors ${show(errors)}`,
      exchange: mixed,
    });
  });

  test('should delete every category of a comma-separated id list', { tag: [G, '@op:deleteCategories', '@op:getCategory', '@rule:bulk'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const made = await createMany(kit, 'createCategories', [categoryInput(kit), categoryInput(kit)], { rule: 'bulk' });
    const del = await step(kit, 'deleteCategories', { path: { category_id: made.ids } }, { tag: 'bulk', conform: checks });
    for (const id of made.ids) {
      await wrongRequest(kit, 'getCategory', { path: { category_id: id }, label: `category ${id} after DELETE ${del.request.url}` }, { want: 404, tag: 'bulk', conform: checks });
    }
  });

  test('should list exactly the direct children of a category', { tag: [G, '@op:getCategoryChildren', '@rule:category-tree'] }, async ({ kit }) => {
    requireWrites(kit);
    const tree = await createTree(kit, 'category-tree');
    for (const [parent, want] of [[tree.root, tree.children], [tree.children[0] as number, tree.grandchildren], [tree.grandchildren[0] as number, []]] as const) {
      const got = await step(kit, 'getCategoryChildren', { path: { category_id: parent } }, { tag: 'category-tree' });
      expectRule(kit.api, RULE.categoryChildren, { parent, listed: listItems(got.response.json), exactly: want }, { exchange: got });
    }
  });

  test('should list the top level without recursive and the whole tree with it', { tag: [G, '@op:getCategories', '@rule:recursive'] }, async ({ kit }) => {
    requireWrites(kit);
    const token = kit.token();
    const root = await createCategory(kit, {}, { rule: 'recursive', listName: `${token}-root` });
    const child = await createCategory(kit, { parentId: root.id }, { rule: 'recursive', listName: `${token}-child` });
    const grand = await createCategory(kit, { parentId: child.id }, { rule: 'recursive', listName: `${token}-grandchild` });
    const plain = await step(kit, 'getCategories', { query: { search: token } }, { tag: 'recursive' });
    const deep = await step(kit, 'getCategories', { query: { search: token, recursive: true } }, { tag: 'recursive' });
    expectHeld(sorted(listedIds(deep)) === sorted([root.id, child.id, grand.id]), kit.api, {
      rule: 'recursive',
      title: 'GET /categories?recursive should list the category and all its descendants',
      message: `expected [${sorted([root.id, child.id, grand.id])}], got [${sorted(listedIds(deep))}]`,
      exchange: deep,
      related: [plain],
    });
    expectHeld(sorted(listedIds(plain)) === String(root.id), kit.api, {
      rule: 'recursive',
      title: 'GET /categories without recursive should list only the top level',
      message: `expected [${root.id}], got [${sorted(listedIds(plain))}]`,
      exchange: plain,
      related: [deep],
    });
  });

  test("should list a category's own products, and with recursive those of its descendants too", { tag: [G, '@op:getCategoryProducts', '@rule:recursive', '@rule:product-links'] }, async ({ kit }) => {
    requireWrites(kit);
    const tree = await createTree(kit, 'recursive');
    const atRoot = await createProduct(kit, {}, { rule: 'recursive' });
    const atChild = await createProduct(kit, {}, { rule: 'recursive' });
    const atGrandchild = await createProduct(kit, {}, { rule: 'recursive' });
    await linkProduct(kit, atRoot.id, tree.root, 'recursive');
    await linkProduct(kit, atChild.id, tree.children[0] as number, 'recursive');
    await linkProduct(kit, atGrandchild.id, tree.grandchildren[0] as number, 'recursive');
    const own = await step(kit, 'getCategoryProducts', { path: { category_id: tree.root } }, { tag: 'recursive' });
    const all = await step(kit, 'getCategoryProducts', { path: { category_id: tree.root }, query: { recursive: true } }, { tag: 'recursive' });
    expectHeld(sorted(idsOf(own)) === String(atRoot.id), kit.api, {
      rule: 'recursive',
      title: "a category's products without recursive should be only the products linked to it",
      message: `expected [${atRoot.id}], got [${sorted(idsOf(own))}]`,
      exchange: own,
    });
    const want = [atRoot.id, atChild.id, atGrandchild.id];
    expectHeld(sorted(idsOf(all)) === sorted(want), kit.api, {
      rule: 'recursive',
      title: "a category's products with recursive should include those of every descendant",
      message: `expected [${sorted(want)}], got [${sorted(idsOf(all))}]`,
      exchange: all,
      related: [own],
    });
  });

  test('should answer 404 for a category that does not exist: read, children, products', { tag: [G, '@op:getCategory', '@op:getCategoryChildren', '@op:getCategoryProducts', '@rule:error-status'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const gone = await createCategory(kit, {}, { rule: 'error-status' });
    await setupStep(kit, 'deleteCategories', { path: { category_id: [gone.id] } });
    await eachOperation(kit.api, ['getCategory', 'getCategoryChildren', 'getCategoryProducts'], async (op) => {
      await wrongRequest(kit, op, { path: { category_id: gone.id } }, { want: 404, conform: checks });
    });
  });

  test('should refuse invalid ids and missing bodies with 400', { tag: [G, '@op:updateCategory', '@op:deleteCategories', '@op:createCategories', '@op:updateCategories', '@rule:error-status'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    await wrongRequest(kit, 'updateCategory', { path: { category_id: 'abc' }, body: categoryRecord(kit) }, { want: 400, conform: checks });
    await wrongRequest(kit, 'deleteCategories', { path: { category_id: 'abc' } }, { want: 400, conform: checks });
    await wrongRequest(kit, 'createCategories', { contentType: 'application/json' }, { want: 400, conform: checks });
    await wrongRequest(kit, 'updateCategories', { contentType: 'application/json' }, { want: 400, conform: checks });
    const own = await createCategory(kit, {}, { rule: 'error-status' });
    await wrongRequest(kit, 'updateCategory', { path: { category_id: own.id }, contentType: 'application/json' }, { want: 400, conform: checks });
  });

  test('should find a category by a search condition and nothing else', { tag: [G, '@op:searchCategories', '@rule:search'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const made = await createCategory(kit, {}, { rule: 'search' });
    const hit = await step(kit, 'searchCategories', { body: { search: ['id', 'eq', String(made.id)] } }, { tag: 'search', conform: checks });
    expectHeld(sorted(listedIds(hit)) === String(made.id), kit.api, {
      rule: 'search',
      title: `the condition id eq ${made.id} should find exactly that category`,
      message: `got [${sorted(listedIds(hit))}]`,
      exchange: hit,
    });
  });

  listParameterTests({ group: 'categories', op: ops.get('getCategories'), what: 'categories', subject: categoriesList, dates: categoriesList, single: { op: 'getCategory', param: 'category_id', fields: ['id', 'parentId'] } });
});

if (ops.inScope('categories')) test.describe('categories of the target (read only)', () => {
  test('should list as children exactly the categories whose parent is the category', { tag: [G, '@op:getCategoryChildren', '@op:getCategories', '@rule:category-tree', '@readonly'] }, async ({ kit }) => {
    const before = listItems((await step(kit, 'getCategories', { query: { recursive: true } }, { tag: 'category-tree' })).response.json);
    const parent = before.find((c) => before.some((x) => x.parentId === c.id));
    if (!parent) skipBecause('the target has no category with children');
    const id = Number(parent?.id);
    const kids = await step(kit, 'getCategoryChildren', { path: { category_id: id } }, { tag: 'category-tree' });
    const after = listItems((await step(kit, 'getCategories', { query: { recursive: true } }, { tag: 'category-tree' })).response.json);
    const listed = listItems(kids.response.json);
    // Categories that were children both before and after the read must be listed (others may come and go).
    const stable = before.filter((c) => c.parentId === id && after.some((a) => a.id === c.id && a.parentId === id)).map((c) => Number(c.id));
    expectRule(kit.api, RULE.categoryChildren, { parent: id, listed, including: stable }, { exchange: kids });
  });

  test('should include the children of listed categories with recursive', { tag: [G, '@op:getCategories', '@rule:recursive', '@readonly'] }, async ({ kit }) => {
    const top = listItems((await step(kit, 'getCategories', {}, { tag: 'recursive' })).response.json);
    let parent: { id: number; kids: number[] } | undefined;
    for (const c of top.slice(0, 10)) {
      const kids = listedIds(await step(kit, 'getCategoryChildren', { path: { category_id: Number(c.id) } }, { tag: 'recursive' }));
      if (kids.length) {
        parent = { id: Number(c.id), kids };
        break;
      }
    }
    if (!parent) skipBecause('none of the first listed categories has children');
    const p = parent;
    const deep = await step(kit, 'getCategories', { query: { recursive: true } }, { tag: 'recursive' });
    const all = new Set(listedIds(deep));
    const missing = p.kids.filter((k) => !all.has(k));
    expectHeld(!missing.length, kit.api, { rule: 'recursive', title: `GET /categories?recursive should include the children of category ${p.id}`, message: `not listed: [${missing.join(', ')}]`, exchange: deep });
  });

  test("should show a category's products in their links and the other way round", { tag: [G, '@op:getCategoryProducts', '@op:getProductLinks', '@rule:product-links', '@readonly'] }, async ({ kit }) => {
    const cats = listItems((await step(kit, 'getCategories', { query: { recursive: true } }, { tag: 'product-links' })).response.json);
    for (const c of cats.slice(0, 20)) {
      const products = await step(kit, 'getCategoryProducts', { path: { category_id: Number(c.id) } }, { tag: 'product-links' });
      const first = idsOf(products)[0];
      if (first === undefined) continue;
      const links = await step(kit, 'getProductLinks', { path: { product_id: first } }, { tag: 'product-links' });
      expectHeld(linkedCategoryIds(links).includes(Number(c.id)), kit.api, {
        rule: 'product-links',
        title: `product ${first}, listed in category ${String(c.id)}, should list that category among its links`,
        message: `links: [${linkedCategoryIds(links).join(', ')}]`,
        exchange: links,
        related: [products],
      });
      return;
    }
    skipBecause('none of the first 20 categories has products');
  });
});
