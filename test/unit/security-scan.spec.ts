// The passive scanners of the security pack (src/security/): each kind of leak is found in the
// answers real shops give (GX 4.8's own words, paths shortened), grouped by its cause, and nothing
// is found in the reference shop's answers or in what the request itself sent.
import { expect, test } from '@playwright/test';
import type { Exchange, Intent } from '../../src/core/exchange.js';
import { scanExchange } from '../../src/security/scan.js';
import { cookieNames } from '../../src/security/headers.js';
import { redactHeaderValue } from '../../src/client/redact.js';
import { classesFor, INJECTION_CLASSES, INJECTION_PLACES, judgeInjection } from '../../src/security/injection.js';
import { otherUserReads } from '../../src/security/credentials.js';
import { ASSIGNED_DATE, ASSIGNED_INT, judgeAssignment, readOnlyAssignments } from '../../src/security/mass-assignment.js';
import { BUNDLED_SPEC } from '../../src/config/config.js';
import { loadCatalogue } from '../../src/spec/load.js';

const BASE = 'http://127.0.0.1:8192/api.php/v2';

function ex(status: number, body: unknown, opts: { headers?: Record<string, string>; url?: string; intent?: Intent; sent?: string; operationId?: string; requestHeaders?: Record<string, string> } = {}): Exchange {
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 4).replace(/\//g, '\\/');
  return {
    request: { method: 'GET', url: opts.url ?? `${BASE}/customers`, headers: opts.requestHeaders ?? {}, auth: 'default', ...(opts.sent ? { rawBody: opts.sent } : {}) },
    // A careful deployment's headers, so each test sees only what it is about.
    response: { status, headers: { 'content-type': 'application/json', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', ...(opts.headers ?? {}) }, text, ...(typeof body === 'string' ? {} : { json: body }), durationMs: 1 },
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
    // GX 4.8's special offers: a query error in plain text, then its trace array as JSON.
    const query = "Query error: Duplicate entry '11' for key 'products_id2' - Invalid query: INSERT INTO `specials` (`products_id`) VALUES (11)[ { \"file\": \"\\/srv\\/shop\\/vendor\\/gambio\\/codeigniter-db\\/CIDB.php\", \"line\": 147, \"function\": \"xtc_db_error\" } ]";
    expect(kinds(ex(400, query))).toEqual(['leak:stack-trace | codeigniter-db/CIDB.php:147', "leak:sql | Duplicate entry '…' for key"]);
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

  test('should find secrets in answers by field and by value, once per field, and keep the value out of the evidence', () => {
    const hash = '$2y$10$abcdefghijklmnopqrstuuJ9c3vL0GmVq1dJ7m2Fq3n4y5z6A7B8C';
    const [f] = scanExchange(ex(200, [{ id: 1, email: 'a@example.test', passwordHash: hash }, { id: 2, email: 'b@example.test', passwordHash: hash }]));
    expect(f ? `${f.kind} | ${f.cause} | ${f.severity} | ${f.owasp}` : '').toBe('secret:answer | [].passwordHash | high | API3:2023');
    expect(f?.evidence.bodyExcerpt).not.toContain(hash);
    expect(kinds(ex(200, { id: 1, note: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U' }))).toEqual(['secret:answer | note']);
    expect(kinds(ex(200, { id: 1, token: '' , password: '[REDACTED]', isGuest: true }))).toEqual([]);
  });

  test('should find missing nosniff, caching of the admin\'s data, missing HSTS over https, and CORS with credentials', () => {
    expect(kinds(ex(404, { message: 'x' }, { headers: { 'x-content-type-options': '' } }))).toEqual(['header:nosniff | X-Content-Type-Options: ']);
    expect(kinds(ex(200, [], { headers: { 'cache-control': 'max-age=0' } }))).toEqual(['header:cache-control | Cache-Control: max-age=0']);
    // Only 2xx reads of the admin's data: an error or a request without credentials holds none.
    expect(kinds(ex(404, { message: 'x' }, { headers: { 'cache-control': 'max-age=0' } }))).toEqual([]);
    expect(kinds(ex(200, [], { url: 'https://shop.example.test/api.php/v2/customers' }))).toEqual(['header:hsts | Strict-Transport-Security missing']);
    expect(kinds(ex(200, [], { url: 'https://shop.example.test/api.php/v2/customers', headers: { 'strict-transport-security': 'max-age=0' } }))).toEqual(['header:hsts | Strict-Transport-Security: max-age=0']);
    expect(kinds(ex(200, [], { url: 'https://shop.example.test/api.php/v2/customers', headers: { 'strict-transport-security': 'max-age=31536000' } }))).toEqual([]);
    const origin = 'https://unknown-site.example.test';
    expect(kinds(ex(200, [], { requestHeaders: { origin }, headers: { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true' } }))).toEqual(['header:cors | Access-Control-Allow-Origin echoes the Origin, with credentials']);
    expect(kinds(ex(200, [], { requestHeaders: { origin }, headers: { 'access-control-allow-origin': '*' } }))).toEqual([]);
  });

  test('should judge injection-shaped values against the plain unknown value: 5xx, reflection, more records', () => {
    const [quote, , keyword, , nul] = INJECTION_CLASSES;
    if (!quote || !keyword || !nul) throw new Error('classes');
    const plain = ex(400, { message: "The field 'zq_unknown_field' is not a valid field name." });
    const reflected = ex(500, { message: "The field '(select 1)' is not a valid field name." });
    expect(judgeInjection(INJECTION_PLACES.sort, keyword, plain, reflected).map((f) => `${f.kind} | ${f.cause}`)).toEqual(['inject:server-error | sort', 'inject:reflected | sort']);
    expect(judgeInjection(INJECTION_PLACES.sort, keyword, plain, ex(400, { message: 'Invalid sort key.' }))).toEqual([]);
    const none = ex(200, []);
    expect(judgeInjection(INJECTION_PLACES.search, quote, none, ex(200, [{ id: 1 }, { id: 2 }])).map((f) => `${f.kind} | ${f.severity}`)).toEqual(['inject:more-records | high']);
    expect(judgeInjection(INJECTION_PLACES.search, nul, none, ex(200, []))).toEqual([]);
    // A sort or fields value is judged by no count: other workers write to the same lists meanwhile.
    expect(judgeInjection(INJECTION_PLACES.sort, quote, ex(200, [{ id: 1 }]), ex(200, [{ id: 1 }, { id: 2 }]))).toEqual([]);
    // A traversal in a path id leaves the API (GX's server serves its storefront, which counts the view).
    expect(classesFor(INJECTION_PLACES.pathId).map((c) => c.name)).not.toContain('path traversal');
    expect(classesFor(INJECTION_PLACES.sort)).toHaveLength(INJECTION_CLASSES.length);
    for (const c of INJECTION_CLASSES) expect(c.value, 'inert: nothing that writes, waits or stacks').not.toMatch(/\b(?:drop|delete|insert|update|sleep|benchmark|waitfor|into\s+outfile)\b|;/i);
  });

  test("should take another user's credentials answered otherwise than 401/403 as a finding", () => {
    const other = (status: number): Exchange => ({ ...ex(status, status < 300 ? [] : { message: 'x' }), intent: 'other-auth' });
    expect(kinds(other(401))).toEqual([]);
    expect(kinds(other(403))).toEqual([]);
    expect(kinds(other(200))).toEqual(["auth:other-user-accepted | another user's credentials served"]);
    expect(kinds(other(404))).toEqual(["auth:other-user-accepted | another user's credentials past authentication"]);
    // The admin's own answers are no such finding.
    expect(kinds(ex(200, []))).toEqual([]);
  });

  test('should send the readOnly counters and dates of a create, never an id, and find those that read back as sent', async () => {
    const { operations } = await loadCatalogue(BUNDLED_SPEC);
    const sent = readOnlyAssignments(operations.find((o) => o.id === 'createProducts')?.body?.schema);
    expect(sent).toEqual({ dateAdded: ASSIGNED_DATE, lastModified: ASSIGNED_DATE, orderedCount: ASSIGNED_INT });
    expect(readOnlyAssignments({ type: 'object', properties: { id: { type: 'integer', readOnly: true }, customerId: { type: 'integer', readOnly: true }, name: { type: 'string' } } })).toEqual({});
    const back = (record: unknown, status = 200): Exchange => ({ ...ex(status, record), operationId: 'getProduct' });
    expect(judgeAssignment(back({ id: 7, orderedCount: ASSIGNED_INT, dateAdded: '2026-11-29 12:00:00' }), sent).map((f) => `${f.kind} | ${f.cause}`)).toEqual(['assign:read-only-stored | orderedCount']);
    expect(judgeAssignment(back({ id: 7, orderedCount: 0, dateAdded: '2026-11-29 12:00:00' }), sent)).toEqual([]);
    expect(judgeAssignment(back({ message: 'x' }, 404), sent)).toEqual([]);
  });

  test("should try another user's credentials on one read per resource, its list where it has one", async () => {
    const { operations } = await loadCatalogue(BUNDLED_SPEC);
    const tries = otherUserReads(operations);
    const groups = new Set(operations.filter((o) => o.method === 'get').map((o) => o.group));
    expect(tries.size).toBe(groups.size);
    expect(tries.has('getCustomers')).toBe(true);
    expect(tries.has('getCustomer')).toBe(false);
    for (const id of tries) expect(operations.find((o) => o.id === id)?.method).toBe('get');
  });
});

