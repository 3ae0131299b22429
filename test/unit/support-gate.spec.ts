// The support gate (src/support/): which path segments a target routes, judged from safe GETs;
// what an answer teaches; the breaker on creates that fail with 5xx. A stub target answers as the
// vendor's shop (GX 3.2) does: it ignores a segment it does not know and answers the nearest path
// it knows, and unknown resources get a JSON 404 "Resource not found.".
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Exchange, Intent } from '../../src/core/exchange.js';
import { BlockedError, UnsupportedError } from '../../src/core/errors.js';
import { BREAKER_LIMIT, boardFile, SupportBoard } from '../../src/support/board.js';
import { isCreateOperation } from '../../src/spec/operation-kinds.js';
import { SupportGate } from '../../src/support/gate.js';
import { comparedWithNonsense, judgeSearchProbe, judgeSubPath, literalSteps, normalisedBody, rootMapOf } from '../../src/support/routes.js';
import type { Operation } from '../../src/spec/types.js';

const RUN = 'r-test';
const TARGET = 'http://127.0.0.1:1/api.php/v2';

function op(method: string, p: string, id = `${method} ${p}`, declared: string[] = ['200']): Operation {
  return { id, method, path: p, group: 'g', parameters: [], responses: declared.map((status) => ({ status })), extensions: {}, secured: true, deprecated: false, formFields: [] } as unknown as Operation;
}

function exchange(status: number, body: unknown, intent: Intent = 'positive', url = `${TARGET}/x`): Exchange {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { request: { method: 'GET', url, headers: {}, auth: 'default' }, response: { status, headers: {}, text, ...(typeof body === 'string' ? {} : { json: body }), durationMs: 1 }, intent };
}

const PRODUCT = { id: 1, name: { en: 'test article' } };
const PRODUCTS = [{ id: 1, name: 'Testartikel' }];
const unknownResource = (p: string) => ({ code: 404, status: 'error', message: 'Resource not found.', request: { method: 'GET', path: `/api.php/v2${p}` } });

/** GX 3.2 as seen through GETs: /products, /products/{id}, /products/{id}/links; everything else under them ignored. */
function gxGet(p: string): Exchange {
  const segs = p.split('/').filter(Boolean);
  if (p === '') return exchange(200, { products: `${TARGET}/products` });
  if (segs[0] !== 'products') return exchange(404, unknownResource(p));
  if (segs.length === 1) return exchange(200, PRODUCTS);
  if (!/^\d+$/.test(segs[1] ?? '')) return exchange(200, PRODUCTS); // `search`, `qa-unrouted-…`: the list again
  if (segs.length === 2) return exchange(200, PRODUCT);
  if (segs[2] === 'links') return exchange(200, [1]);
  return exchange(200, PRODUCT); // an unknown segment under a record: the record again
}

/** The stub target behind a SupportGet that records what was sent (`POST <path>` for the search probe). */
function recordingGxGet(): { sent: string[]; get: (p: string, probe?: { body: unknown }) => Promise<Exchange> } {
  const sent: string[] = [];
  return {
    sent,
    get: (p, probe) => {
      sent.push(probe ? `POST ${p}` : p);
      return Promise.resolve(gxGet(p));
    },
  };
}

function gate(): { gate: SupportGate; board: SupportBoard } {
  const dir = mkdtempSync(path.join(tmpdir(), 'gate-'));
  const board = new SupportBoard(boardFile(dir), RUN, TARGET);
  return { gate: new SupportGate(board, { runId: RUN }), board };
}

test.describe('support gate @unit', () => {
  test('should list the literal segments of a path with the path above each', () => {
    expect(literalSteps('/orders/{order_id}/items/{item_id}/attributes/Property')).toEqual([
      { parent: '', segment: 'orders', prefix: '/orders' },
      { parent: '/orders/{order_id}', segment: 'items', prefix: '/orders/{order_id}/items' },
      { parent: '/orders/{order_id}/items/{item_id}', segment: 'attributes', prefix: '/orders/{order_id}/items/{item_id}/attributes' },
      { parent: '/orders/{order_id}/items/{item_id}/attributes', segment: 'Property', prefix: '/orders/{order_id}/items/{item_id}/attributes/Property' },
    ]);
  });

  test('should read a root map of names to URLs, and nothing else as one', () => {
    expect(rootMapOf({ products: 'http://x/api/products', emails: '/api/emails' })).toEqual(['emails', 'products']);
    expect(rootMapOf([{ id: 1 }])).toBeUndefined();
    expect(rootMapOf({ code: 404, message: 'Resource not found.' })).toBeUndefined();
  });

  test('should compare answers without the echo of the path', () => {
    const a = { status: 404, text: '', json: unknownResource('/vpe') };
    const b = { status: 404, text: '', json: unknownResource('/qa-unrouted-r') };
    expect(normalisedBody(a, ['vpe', 'qa-unrouted-r'])).toBe(normalisedBody(b, ['vpe', 'qa-unrouted-r']));
  });

  test('should call a sub-path unrouted only when the target answers it successfully like a segment that cannot exist', () => {
    const step = { parent: '/products/{product_id}', segment: 'additional_fields', prefix: '/products/{product_id}/additional_fields' };
    const ok = (json: unknown) => ({ status: 200, text: JSON.stringify(json), json });
    expect(judgeSubPath(step, ok(PRODUCT), ok(PRODUCT), ok(PRODUCT), 'qa-unrouted-r').routed).toBe(false);
    // A strict router answers 400 for both: proves nothing, the segment counts as routed.
    const bad = { status: 400, text: '', json: { message: 'invalid id' } };
    expect(judgeSubPath(step, ok(PRODUCT), bad, bad, 'qa-unrouted-r').routed).toBe(true);
    expect(judgeSubPath(step, ok(PRODUCT), ok([1]), ok(PRODUCT), 'qa-unrouted-r').routed).toBe(true);
    // A parent that does not answer leaves it unknown.
    expect(judgeSubPath(step, bad, ok(PRODUCT), ok(PRODUCT), 'qa-unrouted-r').routed).toBe('unknown');
    // Only a 2xx is compared with the nonsense answer: a refusal needs none, a 2xx without one is undecided.
    expect(comparedWithNonsense(bad)).toBe(false);
    expect(judgeSubPath(step, ok(PRODUCT), bad, undefined, 'qa-unrouted-r').routed).toBe(true);
    expect(judgeSubPath(step, ok(PRODUCT), ok(PRODUCT), undefined, 'qa-unrouted-r').routed).toBe('unknown');
  });

  test('should refuse a search POST the target would take for a create, after GETs and a POST it reads as a GET', async () => {
    const search = op('post', '/products/search', 'searchProducts');
    const { gate: g, board } = gate();
    // GX 3.2 honours X-HTTP-Method-Override: the probe is answered as the GET it names.
    const { sent, get } = recordingGxGet();
    const err = await g.admit(search, {}, 'positive', get).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UnsupportedError);
    expect((err as UnsupportedError).reason).toMatch(/does not show that it routes POST \/products\/search/);
    // A search path's 2xx is judged by the probe alone: no nonsense GET (nothing else under /products to compare it with).
    expect(sent).toEqual(['/products', '/products/search', 'POST /products/search']);
    expect((err as UnsupportedError).reason).toMatch(/answered 200 with 1 record\(s\) instead of refusing the condition/);
    // Known from now on, without a request, for every worker reading the board.
    sent.length = 0;
    await expect(g.admit(search, {}, 'negative', get)).rejects.toBeInstanceOf(UnsupportedError);
    expect(sent).toEqual([]);
    expect(board.unsupportedOp('searchProducts')?.reason).toMatch(/does not show that it routes/);
  });

  test('should let a search POST through where the GET ignores the segment but the POST reads the condition (GX 4.8)', async () => {
    const search = op('post', '/products/search', 'searchProducts');
    const { gate: g, board } = gate();
    const bodies: unknown[] = [];
    // GX 4.8 ignores the override and routes POST /products/search to its search, which refuses an unknown column.
    const get = (p: string, probe?: { body: unknown }): Promise<Exchange> => {
      if (!probe) return Promise.resolve(gxGet(p));
      bodies.push(probe.body);
      return Promise.resolve(exchange(400, { code: 400, status: 'error', message: "Column 'qa_unrouted_r_test' is not allowed." }));
    };
    await expect(g.admit(search, {}, 'positive', get)).resolves.toBeUndefined();
    expect(bodies).toEqual([{ search: { match: { qa_unrouted_r_test: '0' } } }]);
    expect(board.route('/products/search')?.routed).toBe(true);
    // Only a refusal of the condition says it was read: a list (however long), a creation or a 5xx do not.
    const step = literalSteps('/products/search')[1];
    if (!step) throw new Error('no step');
    const plain = (s: number, json: unknown) => ({ status: s, text: JSON.stringify(json), json });
    expect(judgeSearchProbe(step, plain(422, { message: 'unknown column' })).routed).toBe(true);
    expect(judgeSearchProbe(step, plain(200, [])).routed).toBe(false);
    expect(judgeSearchProbe(step, plain(200, PRODUCTS)).routed).toBe(false);
    expect(judgeSearchProbe(step, plain(500, { code: 0 })).routed).toBe(false);
    expect(judgeSearchProbe(step, plain(201, PRODUCT)).routed).toBe(false);
  });

  test('should not judge by GETs a view of a record, nor a segment the spec declares no GET for (GX 4.8: PATCH /orders/{id}/status, .../attributes/{id}/Property)', async () => {
    // GX 4.8 as seen through GETs: every segment under an order or attribute answers the record above it.
    const orderGet = (p: string): Exchange => {
      const segs = p.split('/').filter(Boolean);
      const last = segs[segs.length - 1] ?? '';
      if (segs.length % 2 === 1 && ['orders', 'items', 'attributes'].includes(last)) return exchange(200, [{ id: segs.length === 1 ? 400210 : 1, of: p }]);
      if (segs.length % 2 === 0 && /^\d+$/.test(last)) return exchange(200, { id: Number(last), at: p });
      return orderGet(`/${segs.slice(0, -1).join('/')}`);
    };
    const sent: string[] = [];
    const get = (p: string): Promise<Exchange> => {
      sent.push(p);
      return Promise.resolve(orderGet(p));
    };
    const dir = mkdtempSync(path.join(tmpdir(), 'gate-'));
    const board = new SupportBoard(boardFile(dir), RUN, TARGET);
    const declaredGets = new Set(['/orders', '/orders/{order_id}', '/orders/{order_id}/items/{item_id}/attributes/{attribute_id}/Property']);
    const g = new SupportGate(board, { runId: RUN, declaredGets });
    const status = op('patch', '/orders/{order_id}/status', 'updateOrderStatus');
    await expect(g.admit(status, { order_id: '400210' }, 'positive', get)).resolves.toBeUndefined();
    await g.lookAhead(status, get);
    expect(board.unsupportedOp('updateOrderStatus')).toBeUndefined();
    // The status segment itself was never looked at: the PATCH's own answer decides.
    expect(sent.filter((p) => p.includes('status') || p.includes('qa-unrouted'))).toEqual([]);
    const property = op('put', '/orders/{order_id}/items/{item_id}/attributes/{attribute_id}/Property', 'updateOrdersItemsAttributesProperty');
    await expect(g.admit(property, { order_id: '400210', item_id: '1', attribute_id: '1' }, 'positive', get)).resolves.toBeUndefined();
    expect(board.route('/orders/{order_id}/items/{item_id}/attributes/{attribute_id}/Property')?.routed).toBe(true);
    // Without the spec's GETs, as before: the status segment is looked at and found ignored.
    const { gate: plainGate, board: plainBoard } = gate();
    await expect(plainGate.admit(status, { order_id: '400210' }, 'positive', get)).rejects.toBeInstanceOf(UnsupportedError);
    expect(plainBoard.route('/orders/{order_id}/status')?.routed).toBe(false);
  });

  test('should decide an operation it was never asked to send from reads alone, the same whatever reached it first', async () => {
    const createField = op('post', '/products/{product_id}/additional_fields', 'createProductAdditionalField');
    const putPrices = op('put', '/product_prices/{product_id}', 'putProductPrices');
    const links = op('post', '/products/{product_id}/links', 'createProductLink');
    const { gate: g, board } = gate();
    const { sent, get } = recordingGxGet();
    // A segment under a record: looked at under the smallest id /products lists.
    await g.lookAhead(createField, get);
    expect(board.unsupportedOp('createProductAdditionalField')?.reason).toMatch(/does not route \/products\/\{product_id\}\/additional_fields/);
    expect(sent).toEqual(['/products', '/products/1', '/products/1/additional_fields', expect.stringMatching(/^\/products\/1\/qa-unrouted-/)]);
    // An unknown first-level resource: a GET, then the comparison with one that cannot exist.
    sent.length = 0;
    await g.lookAhead(putPrices, get);
    expect(board.unsupportedOp('putProductPrices')?.reason).toMatch(/\/product_prices is unknown to the target/);
    expect(sent).toEqual(['/product_prices', expect.stringMatching(/^\/qa-unrouted-/)]);
    // A routed segment stays open; nothing is asked twice.
    sent.length = 0;
    await g.lookAhead(links, get);
    expect(board.unsupportedOp('createProductLink')).toBeUndefined();
    expect(sent).toEqual(['/products', '/products/1', '/products/1/links', expect.stringMatching(/^\/products\/1\/qa-unrouted-/)]);
    sent.length = 0;
    await g.lookAhead(links, get);
    await g.lookAhead(createField, get);
    expect(sent).toEqual([]);
  });

  test('should look at the other segments under the same record in the same look, each judged as its own look would, and ask nothing twice', async () => {
    const declaredGets = new Set(['/products', '/products/{product_id}', '/products/{product_id}/links', '/products/{product_id}/additional_fields', '/products/search']);
    const dir = mkdtempSync(path.join(tmpdir(), 'gate-'));
    const board = new SupportBoard(boardFile(dir), RUN, TARGET);
    const g = new SupportGate(board, { runId: RUN, declaredGets });
    const { sent, get } = recordingGxGet();
    const links = op('post', '/products/{product_id}/links', 'createProductLink');
    const fields = op('post', '/products/{product_id}/additional_fields', 'createProductAdditionalField');
    await expect(g.admit(links, { product_id: '1' }, 'positive', get)).resolves.toBeUndefined();
    // One GET of the record and one nonsense answer for both segments; the search path under /products is not a sibling.
    expect(sent).toEqual(['/products/1', '/products/1/links', expect.stringMatching(/^\/products\/1\/qa-unrouted-/), '/products/1/additional_fields']);
    expect(board.route('/products/{product_id}/links')?.routed).toBe(true);
    expect(board.route('/products/{product_id}/additional_fields')?.routed).toBe(false);
    // The sibling's own call is refused from the board, with the reason its own look gives, and sends nothing.
    sent.length = 0;
    await expect(g.admit(fields, { product_id: '1' }, 'positive', get)).rejects.toThrow(/does not route \/products\/\{product_id\}\/additional_fields/);
    expect(sent).toEqual([]);
  });

  test('should ask the nonsense segment only where a segment answered 2xx, once per look', async () => {
    const declaredGets = new Set(['/orders', '/orders/{order_id}', '/orders/{order_id}/items', '/orders/{order_id}/totals', '/orders/{order_id}/history']);
    const sent: string[] = [];
    const answers: Record<string, Exchange> = {
      '/orders/1': exchange(200, { id: 1 }),
      '/orders/1/items': exchange(400, { message: 'no item id' }),
      '/orders/1/totals': exchange(400, { message: 'no total id' }),
      '/orders/1/history': exchange(200, [{ id: 3 }]),
    };
    const get = (p: string): Promise<Exchange> => {
      sent.push(p);
      return Promise.resolve(answers[p] ?? exchange(200, { id: 1 }));
    };
    const dir = mkdtempSync(path.join(tmpdir(), 'gate-'));
    const board = new SupportBoard(boardFile(dir), RUN, TARGET);
    const g = new SupportGate(board, { runId: RUN, declaredGets });
    await expect(g.admit(op('post', '/orders/{order_id}/items', 'createOrderItem'), { order_id: '1' }, 'setup', get)).resolves.toBeUndefined();
    // items and totals refuse (routed, no comparison needed); history answers 2xx and is compared, with the one nonsense GET.
    expect(sent).toEqual(['/orders/1', '/orders/1/items', '/orders/1/totals', '/orders/1/history', expect.stringMatching(/^\/orders\/1\/qa-unrouted-/)]);
    expect([board.route('/orders/{order_id}/items')?.routed, board.route('/orders/{order_id}/totals')?.routed, board.route('/orders/{order_id}/history')?.routed]).toEqual([true, true, true]);
  });

  test('should not look again under a record whose GET broke down (GX 4.8: every order answers 500)', async () => {
    const items = op('get', '/orders/{order_id}/items', 'getOrderItems');
    const totals = op('get', '/orders/{order_id}/totals', 'getOrderTotals');
    const { gate: g, board } = gate();
    const sent: string[] = [];
    const get = (p: string): Promise<Exchange> => {
      sent.push(p);
      return Promise.resolve(p === '/orders' ? exchange(200, [{ id: 1 }]) : exchange(500, { message: 'internal error' }));
    };
    await g.lookAhead(items, get);
    expect(sent).toEqual(['/orders', '/orders/1']);
    // Undecided, as before: the operation's own calls decide.
    expect(board.unsupportedOp('getOrderItems')).toBeUndefined();
    sent.length = 0;
    await g.lookAhead(totals, get);
    await expect(g.admit(totals, { order_id: '1' }, 'positive', get)).resolves.toBeUndefined();
    expect(sent).toEqual([]);
    expect(board.unsupportedOp('getOrderTotals')).toBeUndefined();
    // Another record is another matter: its own look is sent.
    await g.admit(totals, { order_id: '7' }, 'positive', get);
    expect(sent).toEqual(['/orders/7']);
  });

  test('should look under ids that name no record when the collection lists none (GX 3.2 without orders), once, and poison nothing', async () => {
    const payment = op('get', '/orders/{order_id}/payment_details', 'getOrderPaymentDetails');
    const items = op('get', '/orders/{order_id}/items', 'getOrderItems');
    // GX 3.2 without an order: a wrong-typed order id is read as none, so /orders/1abc answers the
    // (empty) list, and so does any segment under it the orders controller does not map.
    const gx32: (p: string) => Exchange = (p) => {
      if (p === '/orders' || p === '/orders/1abc') return exchange(200, []);
      if (p === '/orders/1abc/items') return exchange(400, { code: 400, status: 'error', message: 'Order record ID was not provided in the resource URL.' });
      if (p.startsWith('/orders/1abc/')) return exchange(200, []);
      return exchange(500, { message: 'The requested Order was not found in database (ID:1)' });
    };
    const { gate: g, board } = gate();
    const sent: string[] = [];
    const get = (p: string): Promise<Exchange> => {
      sent.push(p);
      return Promise.resolve(gx32(p));
    };
    await g.lookAhead(payment, get);
    expect(board.unsupportedOp('getOrderPaymentDetails')?.reason).toMatch(/does not route \/orders\/\{order_id\}\/payment_details.*order_id=1abc, ids that name no record: the target lists none/);
    expect(sent).toEqual(['/orders', '/orders/1abc', '/orders/1abc/payment_details', expect.stringMatching(/^\/orders\/1abc\/qa-unrouted-/)]);
    // A segment it maps answers otherwise: routed, and the operation stays open, even after the
    // resolver's guess at an order (GET /orders/1/items, 500 "not found") made the orders' template
    // unanswerable: that was no order the target lists.
    await expect(g.admit(items, { order_id: '1' }, 'setup', get)).resolves.toBeUndefined();
    expect(sent.slice(-1)).toEqual(['/orders/1']);
    await g.lookAhead(items, get);
    expect(board.unsupportedOp('getOrderItems')).toBeUndefined();
    expect(board.route('/orders/{order_id}/items')?.routed).toBe(true);
    // A target that refuses the id (a strict one) leaves it undecided, asks it once per worker, and
    // a server error there says nothing of the orders it lists later.
    const strict = gate();
    const asked: string[] = [];
    let orders: unknown[] = [];
    const strictGet = (p: string): Promise<Exchange> => {
      asked.push(p);
      if (p === '/orders') return Promise.resolve(exchange(200, orders));
      if (p === '/orders/1abc') return Promise.resolve(exchange(500, { message: 'IntType: Invalid argument value given' }));
      if (p === '/orders/7/payment_details') return Promise.resolve(exchange(200, { orderId: 7 }));
      return Promise.resolve(exchange(200, { id: 7 }));
    };
    await strict.gate.lookAhead(payment, strictGet);
    await strict.gate.lookAhead(payment, strictGet);
    expect(asked).toEqual(['/orders', '/orders/1abc', '/orders']);
    expect(strict.board.route('/orders/{order_id}/payment_details')).toBeUndefined();
    orders = [{ id: 7 }];
    asked.length = 0;
    await strict.gate.lookAhead(payment, strictGet);
    expect(asked).toEqual(['/orders', '/orders/7', '/orders/7/payment_details', expect.stringMatching(/^\/orders\/7\/qa-unrouted-/)]);
    expect(strict.board.route('/orders/{order_id}/payment_details')?.routed).toBe(true);
  });

  test('should let a routed sub-path through and refuse one the target ignores', async () => {
    const links = op('get', '/products/{product_id}/links', 'getProductLinks');
    const fields = op('get', '/products/{product_id}/additional_fields', 'getAdditionalFieldsProduct');
    const { gate: g } = gate();
    const get = (p: string): Promise<Exchange> => Promise.resolve(gxGet(p));
    await expect(g.admit(links, { product_id: '1' }, 'positive', get)).resolves.toBeUndefined();
    await expect(g.admit(fields, { product_id: '1' }, 'positive', get)).rejects.toThrow(/does not route \/products\/\{product_id\}\/additional_fields/);
  });

  test('should judge a first-level resource by its first answer, with no look ahead', async () => {
    const alias = op('get', '/orders_history/{order_id}', 'getOrdersHistory');
    const { gate: g } = gate();
    const sent: string[] = [];
    const get = (p: string): Promise<Exchange> => {
      sent.push(p);
      return Promise.resolve(p === '' ? exchange(404, unknownResource('/')) : exchange(404, unknownResource(p)));
    };
    await expect(g.admit(alias, { order_id: '5' }, 'positive', get)).resolves.toBeUndefined();
    // An unknown first-level resource needs no look ahead: nothing is sent before the call.
    expect(sent).toEqual([]);
    // The answer of the call itself teaches it.
    expect(await g.learn(alias, exchange(404, unknownResource('/orders_history/5')))).toMatch(/path is unknown/);
    await expect(g.admit(alias, { order_id: '5' }, 'positive', get)).rejects.toBeInstanceOf(UnsupportedError);
  });

  test('should learn nothing from a negative probe on a routed resource, and learn a 405 or an undeclared 501 from a valid call', async () => {
    const { gate: g } = gate();
    const get = (p: string): Promise<Exchange> => Promise.resolve(p === '/countries' ? exchange(200, [{ id: 81 }]) : exchange(404, unknownResource(p)));
    const countries = op('get', '/countries', 'getCountries');
    expect(await g.learn(countries, exchange(404, unknownResource('/countries'), 'negative'), get)).toBeUndefined();
    expect(await g.learn(countries, exchange(501, { code: 501, message: 'not implemented yet' }))).toMatch(/501/);
    const del = op('delete', '/category_icons', 'deleteCategoryIcon');
    // A DELETE naming a missing file in its body: a missing record, not an unknown path.
    expect(await g.learn(del, exchange(404, { message: 'File x.png was not found.' }), get)).toBeUndefined();
  });

  test('should make a whole unknown resource Unsupported from a negative probe, after two GETs, once', async () => {
    const { gate: g, board } = gate();
    const sent: string[] = [];
    const get = (p: string): Promise<Exchange> => {
      sent.push(p);
      return Promise.resolve(gxGet(p));
    };
    const del = op('delete', '/manufacturers/{manufacturer_id}', 'deleteManufacturers', ['200', '500']);
    const read = op('get', '/manufacturers/{manufacturer_id}', 'getManufacturer');
    // DELETE /manufacturers/abc: a negative probe, answered as the shop answers any unknown resource.
    const why = await g.learn(del, exchange(404, unknownResource('/manufacturers/abc'), 'negative'), get);
    expect(why).toMatch(/resource \/manufacturers is unknown to the target/);
    expect(sent).toEqual(['/manufacturers', `/qa-unrouted-${RUN}`]);
    // Another unknown resource is compared with the same 404 for a resource that cannot exist: one GET.
    const vpe = op('get', '/vpe/{vpe_id}', 'getVPE');
    expect(await g.learn(vpe, exchange(404, unknownResource('/vpe/abc'), 'negative'), get)).toMatch(/resource \/vpe is unknown to the target/);
    expect(sent.splice(2)).toEqual(['/vpe']);
    // Every operation under it is refused before anything is sent, whatever its intent.
    await expect(g.admit(read, { manufacturer_id: 'abc' }, 'negative', get)).rejects.toBeInstanceOf(UnsupportedError);
    expect(board.unsupportedOp('deleteManufacturers')?.reason).toBe(why);
    // The look is not repeated.
    expect(await g.learn(read, exchange(404, unknownResource('/manufacturers/1'), 'negative'), get)).toBe(why);
    expect(sent).toHaveLength(2);
    // A routed resource whose record is missing is not made unknown, even by a message that sounds like it.
    const product = op('delete', '/products/{product_id}', 'deleteProduct');
    expect(await g.learn(product, exchange(404, unknownResource('/products/999'), 'negative'), get)).toBeUndefined();
    await expect(g.admit(product, { product_id: '1' }, 'negative', get)).resolves.toBeUndefined();
  });

  test("should compare a resource's own GET that answered 'unknown' instead of asking it again, and only that very GET", async () => {
    const { gate: g, board } = gate();
    const sent: string[] = [];
    const get = (p: string): Promise<Exchange> => {
      sent.push(p);
      return Promise.resolve(gxGet(p));
    };
    const list = op('get', '/vpe', 'getVPEs');
    // A setup read of the list (GX 3.2: the data layer looks for a VPE): that answer is the look's GET of /vpe.
    const why = await g.learn(list, exchange(404, unknownResource('/vpe'), 'setup', `${TARGET}/vpe`), get);
    expect(why).toMatch(/resource \/vpe is unknown to the target/);
    expect(sent).toEqual([`/qa-unrouted-${RUN}`]);
    expect(board.route('/vpe')?.routed).toBe(false);
    // Not the same request: a query, other credentials, another method or a path below it send the GET.
    const units = op('get', '/quantity_units', 'getQuantityUnits');
    const asked = async (ex: Exchange): Promise<string[]> => {
      const fresh = gate();
      sent.length = 0;
      expect(await fresh.gate.learn(units, ex, get)).toMatch(/quantity_units is unknown/);
      return sent.filter((p) => !p.startsWith('/qa-unrouted-'));
    };
    const at = (u: string) => `${TARGET}${u}`;
    expect(await asked(exchange(404, unknownResource('/quantity_units'), 'negative', at('/quantity_units?page=abc')))).toEqual(['/quantity_units']);
    const noAuth = exchange(404, unknownResource('/quantity_units'), 'no-auth', at('/quantity_units'));
    expect(await asked({ ...noAuth, request: { ...noAuth.request, auth: 'none' } })).toEqual(['/quantity_units']);
    const post = exchange(404, unknownResource('/quantity_units'), 'positive', at('/quantity_units'));
    expect(await asked({ ...post, request: { ...post.request, method: 'POST' } })).toEqual(['/quantity_units']);
    expect(await asked(exchange(404, unknownResource('/quantity_units/1'), 'positive', at('/quantity_units/1')))).toEqual(['/quantity_units']);
  });

  test('should not look again at what another worker decided while this one waited for the floor', async () => {
    // Two workers' gates on one board, and a floor that lets one look at a time (src/client/floor.ts).
    const dir = mkdtempSync(path.join(tmpdir(), 'gate-'));
    let floor: Promise<unknown> = Promise.resolve();
    const alone = <T>(fn: () => Promise<T>): Promise<T> => {
      const run = floor.then(fn);
      floor = run.catch(() => undefined);
      return run;
    };
    const declaredGets = new Set(['/products', '/products/{product_id}', '/products/{product_id}/links', '/products/{product_id}/additional_fields']);
    const workers = [0, 1].map(() => new SupportGate(new SupportBoard(boardFile(dir), RUN, TARGET), { runId: RUN, alone, declaredGets }));
    const [a, b] = workers as [SupportGate, SupportGate];
    const sent: string[] = [];
    const get = (p: string): Promise<Exchange> => {
      sent.push(p);
      return Promise.resolve(gxGet(p));
    };
    // Both meet the unknown resource at once (their list reads answered 404): one look, the other reads its verdict.
    const vpe = op('get', '/vpe', 'getVPEs');
    const taught = () => exchange(404, unknownResource('/vpe'), 'setup', `${TARGET}/vpe`);
    const whys = await Promise.all([a.learn(vpe, taught(), get), b.learn(vpe, taught(), get)]);
    expect(whys[0]).toMatch(/resource \/vpe is unknown to the target/);
    expect(whys[1]).toBe(whys[0]);
    expect(sent).toEqual([`/qa-unrouted-${RUN}`]);
    // Both admit a write under a record at once: one look, with its sibling; the other sends nothing.
    sent.length = 0;
    const fields = op('post', '/products/{product_id}/additional_fields', 'createProductAdditionalField');
    const results = await Promise.allSettled([a.admit(fields, { product_id: '1' }, 'setup', get), b.admit(fields, { product_id: '1' }, 'setup', get)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/does not route \/products\/\{product_id\}\/additional_fields/);
    expect(sent).toEqual(['/products/1', '/products/1/additional_fields', expect.stringMatching(/^\/products\/1\/qa-unrouted-/), '/products/1/links']);
  });

  test('should keep the 404 for a resource that cannot exist for the next comparison, and nothing else', async () => {
    const { gate: g } = gate();
    const sent: string[] = [];
    let broke = false;
    const get = (p: string): Promise<Exchange> => {
      sent.push(p);
      // The first GET of the nonsense resource breaks down (an overlap): it is not kept, and that look decides nothing.
      if (p.startsWith('/qa-unrouted-') && !broke) {
        broke = true;
        return Promise.resolve(exchange(500, { code: 500, message: 'overlap' }));
      }
      return Promise.resolve(exchange(404, unknownResource(p)));
    };
    const learnOf = (r: string) => g.learn(op('get', `/${r}/{id}`, `get-${r}`), exchange(404, unknownResource(`/${r}/abc`), 'negative'), get);
    expect(await learnOf('vpe')).toBeUndefined();
    expect(await learnOf('quantity_units')).toMatch(/quantity_units is unknown/);
    expect(await learnOf('languages')).toMatch(/languages is unknown/);
    expect(sent.filter((p) => p.startsWith('/qa-unrouted-'))).toHaveLength(2);
  });

  test('should stop calling a create after repeated 5xx answers to setup steps, and only a create', async () => {
    const create = op('post', '/products', 'createProducts', ['201', '400']);
    const update = op('put', '/products/{product_id}', 'updateProduct');
    expect(isCreateOperation(create)).toBe(true);
    expect(isCreateOperation(op('post', '/products/search'))).toBe(false);
    expect(isCreateOperation(op('post', '/emails/{email_id}'))).toBe(false);
    const { gate: g } = gate();
    const get = (p: string): Promise<Exchange> => Promise.resolve(gxGet(p));
    // Negative probes' 5xx answers to invalid input, and a test's or property's own creates, do not
    // count (which ones the seed draws varies): only setup steps do.
    for (let i = 0; i < BREAKER_LIMIT + 1; i++) await g.learn(create, exchange(500, { code: 2, message: 'Invalid argument supplied for foreach()' }, 'negative'));
    for (let i = 0; i < BREAKER_LIMIT + 1; i++) await g.learn(create, exchange(500, { code: 2, message: 'Invalid argument supplied for foreach()' }, 'positive'));
    for (let i = 0; i < BREAKER_LIMIT; i++) {
      await expect(g.admit(create, {}, 'setup', get)).resolves.toBeUndefined();
      await g.learn(create, exchange(500, { code: 0, message: 'Given keyName not found: EN' }, 'setup'));
    }
    const err = await g.admit(create, {}, 'positive', get).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BlockedError);
    expect((err as BlockedError).message).toMatch(/stopped calling createProducts after 2 answers with 5xx \(500, 500\)/);
    expect((err as BlockedError).exchange?.response.status).toBe(500);
    // An update of a record is not a create: its 5xx count for its own tests, not for the breaker.
    await g.learn(update, exchange(500, { code: 0, message: 'x' }));
    await g.learn(update, exchange(500, { code: 0, message: 'x' }));
    await expect(g.admit(update, { product_id: '1' }, 'positive', get)).resolves.toBeUndefined();
  });

  test('should learn that a search created a record when it answers one record', async () => {
    const { gate: g } = gate();
    const search = op('post', '/categories/search', 'searchCategories');
    expect(await g.learn(search, exchange(201, { id: 7, name: '' }))).toMatch(/created a record instead of searching/);
  });
});
