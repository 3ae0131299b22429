// A tiny implementation of test/fixtures/specs/other-api.yaml (a lending library, OpenAPI 3), so
// the contract suite can be shown to work for a spec that is not the shop's. Request bodies and
// query parameters are checked with the harness's own validators for that spec; the rest is a
// few maps. Faults: `open-auth` serves requests without credentials, `book-without-created-at`
// drops a required field from book answers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../src/config/config.js';
import { pathMatcher } from '../../../src/spec/catalogue.js';
import type { Catalogue, Operation } from '../../../src/spec/types.js';
import { catalogueFor, validatorsFor } from '../../../src/spec/cache.js';

export const LIBRARY_SPEC = path.join(PROJECT_ROOT, 'test/fixtures/specs/other-api.yaml');
const BASE = '/library/v1';

export type LibraryFault = 'open-auth' | 'book-without-created-at';

type Json = Record<string, unknown>;

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const err = (status: number, message: string): Answer => ({ status, body: { code: status, message } });

export interface Library {
  url: string;
  close(): Promise<void>;
}

export async function startLibrary(opts: { user: string; password: string; faults?: LibraryFault[] }): Promise<Library> {
  const catalogue: Catalogue = await catalogueFor(LIBRARY_SPEC, undefined);
  const validators = validatorsFor(catalogue);
  const faults = new Set(opts.faults ?? []);
  const now = (): string => new Date().toISOString();
  const books = new Map<number, Json>();
  const members = new Map<number, Json>([[1, { id: 1, name: 'Ada Example', email: 'ada@example.test', phone: null, password: 'never-shown' }]]);
  const loans = new Map<number, Json>();
  let nextId = 100;
  for (const b of [
    { isbn: '9780141439518', title: 'Pride and Prejudice', authors: ['Jane Austen'], publishedOn: '1813-01-28', pages: 432, tags: ['classic'] },
    { isbn: '9780099590088', title: 'Sapiens', authors: ['Yuval Noah Harari'], publishedOn: null, pages: null, tags: [] },
  ]) {
    const id = nextId++;
    books.set(id, { id, ...b, available: true, createdAt: now() });
  }
  const token = `Basic ${Buffer.from(`${opts.user}:${opts.password}`).toString('base64')}`;

  const bookView = (b: Json): Json => {
    const out = { ...b };
    if (faults.has('book-without-created-at')) delete out.createdAt;
    return out;
  };
  const memberView = (m: Json): Json => {
    const { password: _hidden, ...rest } = m;
    return rest;
  };
  const idParam = (v: string | undefined, what: string, map: Map<number, Json>): Json => {
    if (!v || !/^\d+$/.test(v) || Number(v) < 1 || !Number.isSafeInteger(Number(v))) throw new Refusal(404, `No ${what} ${v ?? ''}.`);
    const rec = map.get(Number(v));
    if (!rec) throw new Refusal(404, `No ${what} ${v}.`);
    return rec;
  };
  const checkQuery = (op: Operation, url: URL): void => {
    for (const p of op.parameters.filter((x) => x.in === 'query')) {
      const raw = url.searchParams.get(p.name);
      if (raw === null) continue;
      const s = p.schema;
      if (s.type === 'integer') {
        if (!/^-?\d+$/.test(raw)) throw new Refusal(400, `${p.name} must be an integer.`);
        const n = Number(raw);
        if (typeof s.minimum === 'number' && n < s.minimum) throw new Refusal(400, `${p.name} must be at least ${s.minimum}.`);
        if (typeof s.maximum === 'number' && n > s.maximum) throw new Refusal(400, `${p.name} must be at most ${s.maximum}.`);
      }
      if (Array.isArray(s.enum) && !s.enum.includes(raw)) throw new Refusal(400, `${p.name} must be one of ${s.enum.join(', ')}.`);
      if (s.type === 'boolean' && !['true', 'false'].includes(raw)) throw new Refusal(400, `${p.name} must be true or false.`);
    }
  };
  const page = <T>(list: T[], url: URL): T[] => {
    const per = Number(url.searchParams.get('per_page') ?? 20);
    const n = Number(url.searchParams.get('page') ?? 1);
    return list.slice((n - 1) * per, n * per);
  };

  const handlers: Record<string, (p: Record<string, string>, body: unknown, url: URL) => Answer> = {
    listBooks: (_p, _b, url) => {
      const q = url.searchParams.get('q')?.toLowerCase();
      const list = [...books.values()].filter((b) => !q || `${String(b.title)} ${(b.authors as string[]).join(' ')}`.toLowerCase().includes(q));
      return { status: 200, body: page(list, url).map(bookView) };
    },
    createBook: (_p, body) => {
      const b = body as Json;
      if ([...books.values()].some((x) => x.isbn === b.isbn)) return err(409, `A book with ISBN ${String(b.isbn)} exists already.`);
      const id = nextId++;
      const rec = { id, publishedOn: null, pages: null, tags: [], ...b, available: true, createdAt: now() };
      books.set(id, rec);
      return { status: 201, body: bookView(rec), headers: { location: `${BASE}/books/${id}` } };
    },
    getBook: (p) => ({ status: 200, body: bookView(idParam(p.bookId, 'book', books)) }),
    updateBook: (p, body) => {
      const rec = idParam(p.bookId, 'book', books);
      const next = { ...rec, ...(body as Json), id: rec.id, available: rec.available, createdAt: rec.createdAt };
      books.set(rec.id as number, next);
      return { status: 200, body: bookView(next) };
    },
    deleteBook: (p) => {
      const rec = idParam(p.bookId, 'book', books);
      if (!rec.available) return err(409, 'The book is lent out.');
      books.delete(rec.id as number);
      return { status: 204 };
    },
    uploadBookCover: (p, body) => {
      idParam(p.bookId, 'book', books);
      if (typeof body !== 'string' || !/name="image"/.test(body)) return err(400, 'image is required.');
      return { status: 204 };
    },
    listLoans: (_p, _b, url) => {
      const status = url.searchParams.get('status');
      const member = url.searchParams.get('memberId');
      const list = [...loans.values()].filter((l) => (!status || l.status === status) && (!member || String(l.memberId) === member));
      return { status: 200, body: page(list, url) };
    },
    createLoan: (_p, body) => {
      const b = body as Json;
      const book = books.get(Number(b.bookId));
      if (!book) return err(400, `No book ${String(b.bookId)}.`);
      if (!book.available) return err(409, 'The book is lent out already.');
      let memberId = Number(b.memberId);
      if (b.member) {
        memberId = nextId++;
        members.set(memberId, { ...(b.member as Json), id: memberId, phone: (b.member as Json).phone ?? null });
      } else if (!members.has(memberId)) return err(400, `No member ${String(b.memberId)}.`);
      const id = nextId++;
      const loan = { id, bookId: book.id, memberId, status: 'open', borrowedAt: now(), dueOn: new Date(Date.now() + 28 * 864e5).toISOString().slice(0, 10), returnedAt: null };
      loans.set(id, loan);
      book.available = false;
      return { status: 201, body: loan, headers: { location: `${BASE}/loans/${id}` } };
    },
    returnLoan: (p) => {
      const loan = idParam(p.loanId, 'loan', loans);
      if (loan.status === 'returned') return err(409, 'Returned already.');
      Object.assign(loan, { status: 'returned', returnedAt: now() });
      const book = books.get(loan.bookId as number);
      if (book) book.available = true;
      return { status: 200, body: loan };
    },
    getMember: (p) => ({ status: 200, body: memberView(idParam(p.memberId, 'member', members)) }),
  };

  const route = (method: string, rel: string): { op: Operation; params: Record<string, string> } | 'method' | undefined => {
    let pathKnown = false;
    for (const op of catalogue.operations) {
      const params = pathMatcher(op.path)(rel);
      if (!params) continue;
      pathKnown = true;
      if (op.method.toUpperCase() === method) return { op, params };
    }
    return pathKnown ? 'method' : undefined;
  };

  const handle = (req: http.IncomingMessage, raw: string): Answer => {
    const url = new URL(req.url ?? '/', 'http://library.test');
    if (!url.pathname.startsWith(`${BASE}/`)) return err(404, 'Resource not found.');
    if (req.headers.authorization !== token && !(faults.has('open-auth') && !req.headers.authorization)) {
      return { status: 401, body: { code: 401, message: 'Credentials are missing or wrong.' }, headers: { 'www-authenticate': 'Basic realm="library"' } };
    }
    let method = req.method ?? 'GET';
    const override = req.headers['x-http-method-override'];
    if (method === 'POST' && typeof override === 'string' && ['PUT', 'PATCH', 'DELETE'].includes(override.toUpperCase())) method = override.toUpperCase();
    const found = route(method, url.pathname.slice(BASE.length));
    if (found === undefined) return err(404, 'Resource not found.');
    if (found === 'method') return err(405, `${method} is not allowed here.`);
    const { op, params } = found;
    checkQuery(op, url);
    let body: unknown = raw;
    const ct = (req.headers['content-type'] ?? '').toLowerCase();
    if (op.body) {
      const multipart = op.body.contentTypes.some((t) => t.startsWith('multipart/'));
      if (multipart) {
        if (!ct.startsWith('multipart/form-data')) return err(415, 'Send multipart/form-data.');
      } else {
        if (!ct.startsWith('application/json')) return err(415, 'Send application/json.');
        if (!raw.trim()) return err(400, 'A body is required.');
        try {
          body = JSON.parse(raw) as unknown;
        } catch {
          return err(400, 'The body is not valid JSON.');
        }
        const v = validators.validateRequest(op, body);
        if (!v.ok) return { status: 400, body: { code: 400, message: 'The body breaks the schema.', details: v.errors.map((e) => `${e.path} ${e.message}`) } };
      }
    }
    const h = handlers[op.id];
    if (!h) return err(501, `${op.id} is not implemented.`);
    return h(params, body, url);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let a: Answer;
      try {
        a = handle(req, Buffer.concat(chunks).toString('utf8'));
      } catch (e) {
        a = e instanceof Refusal ? err(e.status, e.message) : err(500, 'Internal error.');
      }
      const text = a.body === undefined ? '' : JSON.stringify(a.body);
      res.writeHead(a.status, { ...(text ? { 'content-type': 'application/json' } : {}), ...a.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${BASE}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
