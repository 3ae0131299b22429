// The HTTP transport under the API client: Node's own http/https with keep-alive, no redirects
// followed. Playwright's APIRequestContext did this before, at a price measured in a profile of a
// full run: a worker spent most of its CPU in Playwright's instrumentation of each call (a stack
// captured and source-mapped per request, a report step, protocol objects), against a few per cent
// in the harness itself. A call log that could print the Authorization header is gone with it.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

export interface HttpRequest {
  method: string;
  url: string;
  /** Header names as sent; values as given. */
  headers: Readonly<Record<string, string>>;
  body?: Buffer;
  timeoutMs: number;
  /** Accept any TLS certificate (INSECURE_TLS, a staging shop's self-signed one). */
  insecureTls: boolean;
}

export interface HttpResponse {
  status: number;
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
}

export interface HttpTransport {
  send(req: HttpRequest): Promise<HttpResponse>;
  /** Closes idle connections. */
  close(): void;
}

/** A form value: text, or a file. */
export type FormValue = string | number | boolean | { name: string; mimeType: string; buffer: Buffer };

/** Form field names and file names as the WHATWG FormData encoding writes them in a part's header. */
function headerValue(s: string): string {
  return s.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22');
}

/**
 * A multipart/form-data body and its Content-Type (with the boundary), encoded as the platform's
 * FormData encodes it (RFC 7578; names and file names escaped, text line breaks as CRLF), but into
 * one buffer. FormData went through a Blob, a stream's chunks and an ArrayBuffer: four copies of
 * each file, ~30-50 MB of a worker's memory at once for the 6 MB oversized upload, which made that
 * worker's peak.
 */
export function multipartBody(fields: Readonly<Record<string, FormValue>>): { body: Buffer; contentType: string } {
  const boundary = `----formdata-shop-api-conformance-${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    const name = `Content-Disposition: form-data; name="${headerValue(k)}"`;
    const head = typeof v === 'object' ? `${name}; filename="${headerValue(v.name)}"\r\nContent-Type: ${v.mimeType || 'application/octet-stream'}` : name;
    const content = typeof v === 'object' ? v.buffer : Buffer.from(String(v).replace(/\r?\n|\r/g, '\r\n'));
    parts.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Error text that names the low-level cause first (`ECONNREFUSED: connect ...`), as transportCode() reads it. */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as NodeJS.ErrnoException).code;
  return code && !err.message.includes(code) ? `${code}: ${err.message}` : err.message;
}

/**
 * Methods resent once when a kept-alive connection turns out to be closed before any answer: the
 * target closed it while idle (its keep-alive timeout passed while this worker was busy), so the
 * request was never read. Only those a resend cannot repeat in effect; a create is never resent.
 */
const RESENDABLE = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
const CLOSED_IDLE = new Set(['ECONNRESET', 'EPIPE']);

export function nodeTransport(): HttpTransport {
  const agents = {
    http: new http.Agent({ keepAlive: true }),
    https: new https.Agent({ keepAlive: true }),
    insecure: new https.Agent({ keepAlive: true, rejectUnauthorized: false }),
  };
  return {
    send(req) {
      const u = new URL(req.url);
      const secure = u.protocol === 'https:';
      const lib = secure ? https : http;
      const agent = secure ? (req.insecureTls ? agents.insecure : agents.https) : agents.http;
      const attempt = (resendable: boolean): Promise<HttpResponse> => new Promise<HttpResponse>((resolve, reject) => {
        const headers: Record<string, string> = { ...req.headers };
        if (req.body !== undefined) headers['content-length'] = String(req.body.length);
        const r = lib.request(u, { method: req.method, headers, agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (err) => reject(new Error(describe(err))));
          res.on('end', () => {
            const out: Record<string, string> = {};
            for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
            resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks) });
          });
        });
        // The whole exchange, not just the connect: a target that stops answering mid-body is a timeout too.
        const timer = setTimeout(() => r.destroy(new Error(`Timeout ${req.timeoutMs}ms exceeded`)), req.timeoutMs);
        r.on('close', () => clearTimeout(timer));
        r.on('error', (err) => {
          clearTimeout(timer);
          if (resendable && r.reusedSocket && CLOSED_IDLE.has((err as NodeJS.ErrnoException).code ?? '')) resolve(attempt(false));
          else reject(new Error(describe(err)));
        });
        if (req.body !== undefined) r.end(req.body);
        else r.end();
      });
      return attempt(RESENDABLE.has(req.method.toUpperCase()));
    },
    close() {
      for (const a of Object.values(agents)) a.destroy();
    },
  };
}
