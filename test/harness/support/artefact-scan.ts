// Scans every artefact of a run for secrets: plain files, zip archives (recursively), and base64
// blobs inside text files (the HTML report embeds its data as a base64 zip).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';

export interface Hit {
  /** File, then the path inside archives and blobs, joined by ` > `. */
  where: string;
  needle: string;
}

function isZip(buf: Uint8Array): boolean {
  return buf.length > 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;
}

const BASE64_RUN = /[A-Za-z0-9+/]{200,}={0,2}/g;

export function scanBuffer(buf: Uint8Array, where: string, needles: readonly string[], hits: Hit[], depth = 0): number {
  let scanned = 1;
  if (depth > 6) return scanned;
  if (isZip(buf)) {
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(buf);
    } catch {
      entries = {};
    }
    for (const [name, data] of Object.entries(entries)) scanned += scanBuffer(data, `${where} > ${name}`, needles, hits, depth + 1);
    return scanned;
  }
  const text = Buffer.from(buf).toString('latin1');
  for (const n of needles) if (text.includes(n)) hits.push({ where, needle: n });
  for (const m of text.matchAll(BASE64_RUN)) {
    const decoded = Buffer.from(m[0], 'base64');
    scanned += scanBuffer(decoded, `${where} > base64@${m.index ?? 0}`, needles, hits, depth + 1);
  }
  return scanned;
}

/** Every file under `dir`; returns the hits and how many files/blobs were looked at. */
export function scanTree(dir: string, needles: readonly string[]): { hits: Hit[]; files: number; scanned: number } {
  const hits: Hit[] = [];
  let files = 0;
  let scanned = 0;
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else {
        files++;
        scanned += scanBuffer(readFileSync(p), path.relative(dir, p), needles, hits);
      }
    }
  };
  walk(dir);
  return { hits, files, scanned };
}
