// Three paths of the harness that cope with legal habits of real shops, proved on the reference
// shop with the quirk that gives it the habit (reference/quirks/), so no real shop is needed to
// check them. Each test fails without its path (checked by taking the path out once):
// - one-offer-per-product: a setup whose shared parent is taken is sent again with parents of its
//   own (src/data/own-records.ts), and everything it made is deleted;
// - no-category-images: the search property puts a member of its own into a list that holds none
//   of the shop's (DataResolver.ownMember) and runs instead of skipping; the upload is deleted;
// - address-without-customer-kept: an address the shop stored from a body sent to be refused, and
//   never serves, is named in leftovers.json although its DELETE answered 200
//   (src/client/record-keeper.ts);
// - category-segments-ignored: a test judging several operations by one rule judges each the shop
//   implements, and only the one it lacks is Unsupported (fixtures/each-operation.ts), decided
//   from reads before the test's own request.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { HttpTransport } from '../../src/client/http.js';
import { ledgerFile, outstandingEntries, readLedger } from '../../src/client/ledger.js';
import { DataResolver } from '../../src/data/resolver.js';
import type { Leftover, PossiblePartial } from '../../src/preflight/global-teardown.js';
import { leftoverReport } from '../../src/preflight/global-teardown.js';
import { validatorsFor } from '../../src/spec/cache.js';
import { catalogue, onShopSession } from './support/shop-session.js';
import { runProof, type ProofRun } from './support/proof-run.js';

const RUN = 'rhabits';
const validators = validatorsFor(catalogue);

/** The conformance config (embedded shop with SHOP_QUIRKS, global teardown's leftovers.json) over one suite file, grepped. */
function conformanceRun(quirk: string, file: string, grep: string): Promise<ProofRun> {
  return runProof('playwright.config.ts', { SHOP_QUIRKS: quirk, SHOP_FAULTS: '', RUN_ID: RUN, FC_SEED: '20261128' }, [file, '--grep', grep, '--reporter=json', '--workers=1']);
}

function leftoversJson(run: ProofRun): { leftovers: Leftover[]; possiblePartial: PossiblePartial[] } {
  return JSON.parse(readFileSync(path.join(run.reportDir, 'leftovers.json'), 'utf8')) as { leftovers: Leftover[]; possiblePartial: PossiblePartial[] };
}

test.describe('habits of real shops @harness @client', () => {
  test('should send a setup refused as a duplicate again with a parent of its own, and delete all it made (one-offer-per-product)', async () => {
    /** The special-offer creates on the wire: the product each named and what the shop answered. */
    const creates: { productId: unknown; status: number; text: string }[] = [];
    const watch = (inner: HttpTransport): HttpTransport => ({
      async send(req) {
        const res = await inner.send(req);
        if (req.method === 'POST' && new URL(req.url).pathname.endsWith('/special_offers')) {
          creates.push({ productId: (JSON.parse(req.body?.toString('utf8') ?? '{}') as { productId?: unknown }).productId, status: res.status, text: res.body.toString('utf8') });
        }
        return res;
      },
      close: () => inner.close(),
    });
    await onShopSession(
      RUN,
      async ({ session, reportDir, shop }) => {
        const before = shop.snapshot().collections;
        const api = session.client();
        const resolver = new DataResolver({ client: api, validators, uniq: session.uniq, runId: RUN });
        // The worker's offer to write to, on the product the worker's setups share.
        const write = await resolver.requestFor(api.operation('updateSpecialOffer'), 'write');
        expect(write.ok, JSON.stringify(write)).toBe(true);
        // An offer of its own to delete: its first create names the same shared product, which has one.
        const consume = await resolver.requestFor(api.operation('deleteSpecialOffer'), 'consume');
        expect(consume.ok, JSON.stringify(consume)).toBe(true);
        expect(creates.map((c) => c.status)).toEqual([201, 400, 201]);
        expect(creates[1]?.text).toContain('Duplicate entry');
        expect(creates[1]?.productId).toBe(creates[0]?.productId);
        expect(creates[2]?.productId).not.toBe(creates[0]?.productId);

        const result = await api.cleanup();
        expect(result.failed).toEqual([]);
        // Two offers and the two products behind them.
        expect(result.removed.map((e) => e.path.replace(/\d+$/, 'N')).sort()).toEqual(['/products/N', '/products/N', '/special_offers/N', '/special_offers/N']);
        expect(outstandingEntries(readLedger(ledgerFile(reportDir)))).toEqual([]);
        expect(leftoverReport(reportDir, RUN)).toEqual({ leftovers: [], possiblePartial: [] });
        const after = shop.snapshot().collections;
        for (const c of ['specialOffers', 'products'] as const) expect(after[c]?.records, c).toEqual(before[c]?.records);
      },
      watch,
      { quirks: ['one-offer-per-product'] },
    );
  });

  test('should run the search property on a list that starts empty with a member of its own, and delete it (no-category-images)', async () => {
    test.setTimeout(180_000);
    const run = await conformanceRun('no-category-images', 'suites/properties/search.spec.ts', 'on getCategoryImages ');
    const [search] = run.tests;
    expect(run.tests.length, run.output.slice(-3000)).toBe(1);
    expect([search?.status, search?.outcome], `${search?.notes.join('\n') ?? ''}\n${run.output.slice(-2000)}`).toEqual(['passed', 'pass']);
    const ledger = readLedger(ledgerFile(run.reportDir));
    const uploads = ledger.filter((e) => e.event === 'create' && e.collection === '/category_images');
    expect(uploads.map((e) => [e.kind, e.operationId])).toEqual([['file', 'uploadCategoryImages']]);
    expect(ledger.filter((e) => e.event === 'delete' && e.collection === '/category_images').map((e) => e.id)).toEqual(uploads.map((e) => e.id));
    expect(leftoversJson(run)).toMatchObject({ leftovers: [], possiblePartial: [] });
  });

  test('should judge each operation of a test the shop implements and leave only the one it lacks Unsupported (category-segments-ignored)', async () => {
    test.setTimeout(180_000);
    const run = await conformanceRun('category-segments-ignored', 'suites/resources/categories.spec.ts', 'should answer 404 for a category that does not exist');
    const [errors] = run.tests;
    expect(run.tests.length, run.output.slice(-3000)).toBe(1);
    expect([errors?.status, errors?.outcome], `${errors?.notes.join('\n') ?? ''}\n${run.output.slice(-2000)}`).toEqual(['passed', 'pass']);
    const cells = Object.fromEntries((errors?.verdict?.cells ?? []).map((c) => [c.operation, c.outcome]));
    expect(cells).toEqual({ getCategory: 'pass', getCategoryChildren: 'pass', getCategoryProducts: 'unsupported' });
    expect(errors?.verdict?.findings.map((f) => [f.operationId, f.outcome])).toEqual([['getCategoryProducts', 'unsupported']]);
  });

  test('should name in leftovers.json an address stored from a refused body and never served, though its DELETE answered 200 (address-without-customer-kept)', async () => {
    test.setTimeout(180_000);
    const run = await conformanceRun('address-without-customer-kept', 'suites/properties/negative-data.spec.ts', 'of createAddress ');
    const [negative] = run.tests;
    expect(run.tests.length, run.output.slice(-3000)).toBe(1);
    // The shop stored a body without customerId: the property fails on it, as it does on GX 4.8.
    expect(negative?.status, run.output.slice(-2000)).toBe('failed');
    expect(negative?.message).toContain('got 200; the body breaks: /: required field "customerId" is missing');
    const { leftovers, possiblePartial } = leftoversJson(run);
    expect(possiblePartial).toEqual([]);
    expect(leftovers.map((e) => [e.operationId, e.path.replace(/\d+$/, 'N')])).toEqual([['createAddress', '/addresses/N']]);
    expect(leftovers[0]?.reason).toMatch(/^DELETE \/addresses\/\d+ answered 200, but it was stored from input that should have been refused, and GET \/addresses\/\d+ never answered it/);
  });
});
