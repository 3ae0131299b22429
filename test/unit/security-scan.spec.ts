// The passive scanners of the security pack (src/security/): each kind of leak is found in the
// answers real shops give (GX 4.8's own words, paths shortened), grouped by its cause, and nothing
// is found in the reference shop's answers or in what the request itself sent.
import { expect, test } from '@playwright/test';
import type { Exchange, Intent } from '../../src/core/exchange.js';
import { scanExchange } from '../../src/security/scan.js';
import { cookieNames } from '../../src/security/headers.js';
import { redactHeaderValue } from '../../src/client/redact.js';

const BASE = 'http://127.0.0.1:8192/api.php/v2';

function ex(status: number, body: unknown, opts: { headers?: Record<string, string>; url?: string; intent?: Intent; sent?: string; operationId?: string } = {}): Exchange {
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 4).replace(/\//g, '\\/');
  return {
    request: { method: 'GET', url: opts.url ?? `${BASE}/customers`, headers: {}, auth: 'default', ...(opts.sent ? { rawBody: opts.sent } : {}) },
    response: { status, headers: { 'content-type': 'application/json', ...(opts.headers ?? {}) }, text, ...(typeof body === 'string' ? {} : { json: body }), durationMs: 1 },
    intent: opts.intent ?? 'positive',
    ...(opts.operationId ? { operationId: opts.operationId } : {}),
  };
}

const kinds = (e: Exchange): string[] => scanExchange(e).map((f) => `${f.kind} | ${f.cause}`);

test.describe('security scan of answers', () => {
  test('should find a server path with its file and line, once per answer, in the most telling kind', () => {
    const msg = {
      code: 0,
      status: 'error',
      message: 'Argument 1 passed to GeneralSearchCondition::isAssocArray() must be of the type array, string given, called in /tmp/gambio/sc-gx48/shop/GXMainComponents/Shared/SearchConditions/GeneralSearchCondition.inc.php on line 96',
      request: { method: 'POST', path: '/api.php/v2/products/search', uri: { root: `${BASE}/` } },
    };
    expect(kinds(ex(500, msg))).toEqual(['leak:server-path | SearchConditions/GeneralSearchCondition.inc.php:96']);
  });

  test('should find bare trace arrays and bulk stacktrace fields by their first frame', () => {
    const frames = [
      { file: '/tmp/gambio/x/shop/GXEngine/Shared/Types/NonEmptyStringType.inc.php', line: 35, function: '__construct', class: 'StringType', type: '->' },
      { file: '/tmp/gambio/x/shop/GXMainComponents/Controllers/Api/v2/ParcelServicesApiV2Controller.inc.php', line: 83, function: 'deserialize', class: 'X', type: '->' },
    ];
    expect(kinds(ex(400, frames))).toEqual(['leak:stack-trace | Types/NonEmptyStringType.inc.php:35']);
    const bulk = { created: [], errors: [{ errorMessage: 'IntType: Invalid argument value given (expected numeric int got NULL): ', stacktrace: [{ file: '/srv/shop/GXEngine/Shared/Types/IdType.inc.php', line: 47, function: '__construct', class: 'IntType', type: '->' }] }] };
    expect(kinds(ex(400, bulk))).toEqual(['leak:stack-trace | Types/IdType.inc.php:47']);
    const php = 'PHP Fatal error: Uncaught Exception: x in /var/www/html/app/Foo.php:12\nStack trace:\n#0 /var/www/html/app/Bar.php(34): Foo->run()\n#1 {main}';
    expect(kinds(ex(500, php))).toEqual(['leak:stack-trace | app/Bar.php:34']);
  });

  test('should find class names in an error text, not in a success answer', () => {
    expect(kinds(ex(400, { code: 400, status: 'error', message: 'IntType: Invalid argument value given (expected numeric int got string): abc' }))).toEqual(['leak:class-name | IntType']);
    expect(kinds(ex(404, { code: 404, status: 'error', message: 'Resource not found. ZonesApiV2Controller' }))).toEqual(['leak:class-name | ZonesApiV2Controller']);
    expect(kinds(ex(200, { id: 1, name: 'IntType' }))).toEqual([]);
  });

  test('should find SQL text, and never what the request itself sent', () => {
    expect(kinds(ex(500, { message: "SQLSTATE[42S22]: Column not found: 1054 Unknown column 'x' in 'order clause'" }))).toEqual(['leak:sql | SQLSTATE[42S22]']);
    // The request sent the path and the SQL words: an echo is a reflection, judged elsewhere.
    expect(kinds(ex(400, { message: "The field '/etc/www/a/b.php' is not valid: You have an error in your SQL syntax" }, { sent: "/etc/www/a/b.php You have an error in your SQL syntax" }))).toEqual([]);
  });

  test('should not take a URL or the API path for a server path', () => {
    expect(kinds(ex(404, { code: 404, message: 'Not found.', request: { path: '/shop1/api.php/v2/customers/99', uri: { root: 'https://shop.example.test/shop1/api.php/v2/' } } }))).toEqual([]);
  });

  test('should find version headers and cookies, and fold an install-specific cookie suffix', () => {
    const headers = { 'x-powered-by': 'PHP/7.4.33', server: 'nginx', 'set-cookie': redactHeaderValue('set-cookie', 'GXsid_d357e96af7aea80e=lhkjslq36qnv6h8a9optd5eeah; path=/; domain=127.0.0.1; HttpOnly; SameSite=Lax') };
    expect(kinds(ex(401, { message: 'Unauthorized' }, { headers }))).toEqual(['leak:version-header | X-Powered-By: PHP/7.4.33', 'cookie:session | GXsid_*']);
    expect(cookieNames('a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Path=/, b=2')).toEqual(['a', 'b']);
  });

  test('should keep a cookie name in evidence and drop its value', () => {
    expect(redactHeaderValue('set-cookie', 'GXsid_1=secret-session; path=/, other=v2; HttpOnly')).toBe('GXsid_1=[REDACTED]; path=/, other=[REDACTED]; HttpOnly');
  });

  test('should not scan the plain-http probe, which reaches another listener', () => {
    expect(kinds(ex(301, 'moved', { headers: { server: 'nginx/1.2.3' }, intent: 'plain-http' }))).toEqual([]);
  });

  test('should keep every header of the answer in the evidence', () => {
    const [f] = scanExchange(ex(200, [], { headers: { 'x-powered-by': 'PHP/8.1.2', 'x-frame-options': 'DENY' }, operationId: 'getCustomers' }));
    expect(f?.operationId).toBe('getCustomers');
    expect(f?.evidence.headers['x-frame-options']).toBe('DENY');
    expect(f?.owasp).toBe('API8:2023');
  });
});
