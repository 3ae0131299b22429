// The one scanner of run artefacts for leaked credentials (npm test's last phase, the redaction
// and report self-tests). It reads every file, and recursively what is packed inside: zip
// archives (blob reports, traces, the HTML report's embedded zip), gzip streams, and base64 runs
// in text (the HTML report and Allure's single file embed their data that way; a short run can
// hold a header or a password). In each it looks for
// - the needles, normally every form of the run's credentials (secretForms, src/client/redact.ts:
//   the password plain, URL- and JSON-encoded and in base64, user:password and its base64 Basic
//   token, with and without padding), and
// - any Authorization header value that is not redacted, whatever credential it carries: the
//   harness redacts wrong-credential probes too, so any value left is a leak.
// A hit names the place and the form, never the secret.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, unzipSync } from 'fflate';

export interface Hit {
  /** File, then the path inside archives and blobs, joined by ` > `. */
  where: string;
  /** What was found, without the secret: `credential form 3 (24 chars)` or `Authorization header value`. */
  form: string;
}

export interface ScanResult {
  hits: Hit[];
  /** Files scanned, relative to the scanned folder. */
  files: string[];
  /** Files, archive entries and decoded blobs looked at. */
  scanned: number;
}

const MAX_DEPTH = 6;
// Base64 runs from 24 characters (18 bytes) on: short enough for a base64 header or password
// blob, long enough to skip most words. Both alphabets; Node decodes standard and URL-safe alike.
const BASE64_RUN = /[A-Za-z0-9+/_-]{24,}={0,2}/g;
// An Authorization header (curl -H, HTTP text, JSON, YAML) with a Basic or Bearer value in the
// clear; `[REDACTED]` does not match the value's characters.
const AUTH_VALUE = /\b(?:proxy-)?authorization["']?\s*[:=]\s*["']?(?:Basic|Bearer)\s+[A-Za-z0-9+/=._~-]{6,}/gi;

const isZip = (b: Uint8Array): boolean => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isGzip = (b: Uint8Array): boolean => b.length > 2 && b[0] === 0x1f && b[1] === 0x8b;

function unpacked(buf: Uint8Array): Record<string, Uint8Array> | undefined {
  try {
    if (isZip(buf)) return unzipSync(buf);
    if (isGzip(buf)) return { '(gunzip)': gunzipSync(buf) };
  } catch {
    // A truncated or foreign archive: scanned as bytes below instead.
  }
  return undefined;
}

/** Scans one buffer (and what it holds) into `hits`; returns how many buffers were looked at. */
export function scanBuffer(buf: Uint8Array, where: string, needles: readonly string[], hits: Hit[], depth = 0): number {
  let scanned = 1;
  if (depth > MAX_DEPTH) return scanned;
  const entries = unpacked(buf);
  if (entries) {
    for (const [name, data] of Object.entries(entries)) scanned += scanBuffer(data, `${where} > ${name}`, needles, hits, depth + 1);
    return scanned;
  }
  const text = Buffer.from(buf).toString('latin1');
  needles.forEach((n, i) => {
    if (n.length > 0 && text.includes(n)) hits.push({ where, form: `credential form ${i + 1} (${n.length} chars)` });
  });
  for (const m of text.matchAll(AUTH_VALUE)) hits.push({ where: `${where} @${m.index}`, form: 'Authorization header value' });
  for (const m of text.matchAll(BASE64_RUN)) scanned += scanBuffer(Buffer.from(m[0], 'base64'), `${where} > base64@${m.index}`, needles, hits, depth + 1);
  return scanned;
}

/** Every file under `dir` (with `since`, only those written at or after that epoch ms). */
export function scanTree(dir: string, needles: readonly string[], opts: { since?: number } = {}): ScanResult {
  const result: ScanResult = { hits: [], files: [], scanned: 0 };
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else if (st.mtimeMs >= (opts.since ?? 0)) {
        const rel = path.relative(dir, p);
        result.files.push(rel);
        result.scanned += scanBuffer(readFileSync(p), rel, needles, result.hits);
      }
    }
  };
  walk(dir);
  return result;
}
