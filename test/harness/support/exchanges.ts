// Synthetic exchanges for unit tests of the checks: no server, just the shapes the client records.
import { BUNDLED_SPEC } from '../../../src/config/config.js';
import { catalogueFor, validatorsFor } from '../../../src/spec/cache.js';
import { makeCheckContext } from '../../../src/checks/context.js';
import type { Exchange, Intent } from '../../../src/core/exchange.js';
import type { CheckContext } from '../../../src/checks/types.js';
import type { Catalogue, Operation } from '../../../src/spec/types.js';

export interface Bundled {
  catalogue: Catalogue;
  op(id: string): Operation;
  ctx(opts?: { strictFields?: boolean; related?: Record<string, Exchange> }): CheckContext;
}

export async function bundled(): Promise<Bundled> {
  const catalogue = await catalogueFor(BUNDLED_SPEC, undefined);
  const validators = validatorsFor(catalogue);
  return {
    catalogue,
    op(id) {
      const op = catalogue.operations.find((o) => o.id === id);
      if (!op) throw new Error(`no operation ${id}`);
      return op;
    },
    ctx: (opts = {}) => makeCheckContext(catalogue, validators, opts.strictFields ?? false, opts.related),
  };
}

export interface ExchangeInput {
  status: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
  intent?: Intent;
  method?: string;
  url?: string;
  label?: string;
  transportError?: string;
}

const JSON_CT = { 'content-type': 'application/json; charset=utf-8' };

export function exchange(i: ExchangeInput): Exchange {
  const text = i.text ?? (i.json === undefined ? '' : JSON.stringify(i.json));
  const ex: Exchange = {
    request: { method: i.method ?? 'GET', url: i.url ?? 'https://shop.example.test/shop1/api.php/v2/customers/1', headers: { authorization: 'Basic [REDACTED]' }, auth: 'default' },
    response: { status: i.status, headers: { ...(text ? JSON_CT : {}), ...i.headers }, text, durationMs: 1 },
    intent: i.intent ?? 'positive',
  };
  if (i.json !== undefined) ex.response.json = i.json;
  if (i.label) ex.label = i.label;
  if (i.transportError) ex.response.transportError = i.transportError;
  return ex;
}

export function errorBody(code: number, message = 'Something is wrong.'): Record<string, unknown> {
  return { code, status: 'error', message, request: { method: 'GET', url: 'https://shop.example.test/shop1/api.php/v2/customers/1', path: '/customers/1', uri: { root: 'https://shop.example.test/shop1/api.php/v2', resource: 'customers' } } };
}

/** A customer record that satisfies ShopCustomer. */
export function customer(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 1,
    number: 'C-1',
    gender: 'f',
    firstname: 'Ada',
    lastname: 'Lovelace',
    dateOfBirth: '1815-12-10',
    vatNumber: '',
    vatNumberStatus: 0,
    telephone: '',
    fax: '',
    email: 'ada@example.test',
    statusId: 2,
    isGuest: false,
    addressId: 1,
    addonValues: '',
    ...extra,
  };
}
