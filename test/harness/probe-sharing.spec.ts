// The contract probes of one operation share its valid request (ProbeEnv.valid): the probes that
// expect a refusal send the positive probe's request, or a broken copy of it, instead of making
// fresh records for each; an overridden update of a record sends it again; an overridden DELETE uses
// up the record the auth probe was refused on, and a rename that uses up its file gets a new one.
// A collection's valid GET also gives the resolver the ids it reads records by.
// Proved against the reference shop by the requests the probes send.
import { expect, test } from '@playwright/test';
import { ProbeCache } from '../../src/probes/index.js';
import { DataResolver } from '../../src/data/resolver.js';
import type { HttpRequest, HttpResponse, HttpTransport } from '../../src/client/http.js';
import { validatorsFor } from '../../src/spec/cache.js';
import { catalogue, onShopSession } from './support/shop-session.js';

const validators = validatorsFor(catalogue);
const op = (id: string) => catalogue.operations.find((o) => o.id === id) ?? (() => { throw new Error(id); })();

interface Sent {
  method: string;
  path: string;
  auth: 'default' | 'none' | 'wrong';
  body: string;
  /** Sent with X-HTTP-Method-Override. */
  override: boolean;
}

/** A fresh reference shop and a probe cache on it; `sent()` lists the requests since the last mark(). */
async function onShop(body: (t: { probes: ProbeCache; mark: () => void; sent: () => Sent[] }) => Promise<void>, rewrite?: (req: HttpRequest, res: HttpResponse) => HttpResponse): Promise<void> {
  const log: Sent[] = [];
  const recording = (inner: HttpTransport): HttpTransport => ({
    async send(req) {
      const auth = req.headers.authorization;
      log.push({
        method: req.method,
        path: new URL(req.url).pathname.replace(/^.*\/v2/, ''),
        auth: auth === undefined ? 'none' : Buffer.from(auth.replace(/^Basic /, ''), 'base64').toString().includes(':wrong-') ? 'wrong' : 'default',
        body: req.body ? Buffer.from(req.body).toString('utf8') : '',
        override: req.headers['x-http-method-override'] !== undefined,
      });
      const res = await inner.send(req);
      return rewrite ? rewrite(req, res) : res;
    },
    close: () => inner.close(),
  });
  await onShopSession(
    'rshare',
    async ({ session }) => {
      const client = session.client();
      const resolver = new DataResolver({ client, validators, uniq: session.uniq, runId: session.opts.config.runId });
      let from = 0;
      try {
        await body({
          probes: new ProbeCache({ client, resolver, validators, https: false }),
          mark: () => {
            from = log.length;
          },
          sent: () => log.slice(from),
        });
      } finally {
        await client.cleanup();
      }
    },
    recording,
  );
}

/** Creates: POSTs with credentials to a collection (not a search, not an overridden call). */
const creates = (sent: Sent[]): Sent[] => sent.filter((s) => s.method === 'POST' && s.auth === 'default' && !s.override && !/\/search$/.test(s.path));

test.describe('contract probes share the valid request @harness @client', () => {
  test('should send the positive request of a create again without and with wrong credentials, and make no records for the refusing probes', async () => {
    await onShop(async ({ probes, mark, sent }) => {
      const createOrder = op('createOrder');
      const positive = await probes.get('positive', createOrder);
      const body = positive.exchanges[0]?.request.rawBody;
      expect(positive.exchanges[0]?.response.status).toBe(201);
      mark();
      const auth = await probes.get('auth', createOrder);
      const negative = await probes.get('negative', createOrder);
      expect(auth.exchanges.map((e) => e.response.status)).toEqual([401, 401]);
      expect(negative.exchanges.length).toBeGreaterThan(2);
      // The order's product, customer and the rest were made for the positive probe; the others send its body.
      expect(creates(sent()).filter((s) => s.path !== '/orders')).toEqual([]);
      expect(sent().filter((s) => s.auth !== 'default').map((s) => s.body)).toEqual([body, body]);
    });
  });

  test('should let an overridden DELETE use up the record the auth probe was refused on', async () => {
    await onShop(async ({ probes, mark, sent }) => {
      const del = op('deleteManufacturers');
      await probes.get('positive', del);
      mark();
      const auth = await probes.get('auth', del);
      const override = await probes.get('method-override', del);
      const refusedOn = new URL(auth.exchanges[0]?.request.url ?? '').pathname;
      expect(new URL(override.exchanges[0]?.request.url ?? '').pathname).toBe(refusedOn);
      expect(override.exchanges[0]?.response.status).toBe(200);
      expect(override.related?.followUp?.response.status).toBe(404);
      // One manufacturer for both probes.
      expect(creates(sent()).map((s) => s.path)).toEqual(['/manufacturers']);
    });
  });

  test('should make a fresh record for the overridden DELETE when a DELETE without credentials was not refused', async () => {
    // A broken server: the DELETE without credentials answers 200 (whether it deleted or not).
    const rewrite = (req: HttpRequest, res: HttpResponse): HttpResponse =>
      req.method === 'DELETE' && req.headers.authorization === undefined ? { ...res, status: 200, body: Buffer.from('{"code":200,"status":"success"}') } : res;
    await onShop(async ({ probes, mark, sent }) => {
      const del = op('deleteManufacturers');
      await probes.get('positive', del);
      mark();
      const auth = await probes.get('auth', del);
      expect(auth.spare).toBeUndefined();
      const override = await probes.get('method-override', del);
      expect(new URL(override.exchanges[0]?.request.url ?? '').pathname).not.toBe(new URL(auth.exchanges[0]?.request.url ?? '').pathname);
      expect(creates(sent()).map((s) => s.path)).toEqual(['/manufacturers', '/manufacturers']);
    }, rewrite);
  });

  test('should send the positive request again with the override of a record update, and a fresh one where the write uses up what it names', async () => {
    await onShop(async ({ probes, mark, sent }) => {
      const update = op('updateManufacturers');
      const positive = await probes.get('positive', update);
      mark();
      const override = await probes.get('method-override', update);
      expect(override.exchanges[0]?.request.url).toBe(positive.exchanges[0]?.request.url);
      expect(override.exchanges[0]?.request.rawBody).toBe(positive.exchanges[0]?.request.rawBody);
      expect(override.exchanges[0]?.response.status).toBe(positive.exchanges[0]?.response.status);
      expect(creates(sent())).toEqual([]);
      // A rename names a file it moves away: the override uploads a file of its own to rename.
      const rename = op('putCategoryIcons');
      const renamed = await probes.get('positive', rename);
      mark();
      const overridden = await probes.get('method-override', rename);
      expect(overridden.exchanges[0]?.request.rawBody).not.toBe(renamed.exchanges[0]?.request.rawBody);
      expect(overridden.exchanges[0]?.response.status).toBe(200);
      expect(creates(sent()).map((s) => s.path)).toEqual(['/category_icons']);
    });
  });

  test('should take a record id for a read from the list the valid GET of its collection answered, without reading it again', async () => {
    await onShop(async ({ probes, mark, sent }) => {
      const list = await probes.get('positive', op('getMultipleManufacturers'));
      expect(list.exchanges[0]?.response.status).toBe(200);
      mark();
      const one = await probes.get('positive', op('getManufacturer'));
      expect(one.exchanges[0]?.response.status).toBe(200);
      expect(sent().map((s) => `${s.method} ${s.path}`)).toEqual([`GET ${new URL(one.exchanges[0]?.request.url ?? '').pathname.replace(/^.*\/v2/, '')}`]);
    });
  });
});
