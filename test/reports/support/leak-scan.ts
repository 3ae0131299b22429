// Looks for secrets in everything a run wrote: plain files, zip archives (blob reports, the HTML
// report's embedded zip) and base64 runs inside text (Allure's single file embeds its data and
// attachments that way), recursively.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';

export interface Leak {
  where: string;
  secret: string;
}

const BASE64_RUN = /[A-Za-z0-9+/]{32,}={0,2}/g;

function isZip(b: Uint8Array): boolean {
  return b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
}

function scan(buf: Uint8Array, where: string, secrets: readonly string[], out: Leak[], depth: number): number {
  let looked = 1;
  if (depth > 5) return looked;
  if (isZip(buf)) {
    for (const [name, data] of Object.entries(unzipSync(buf))) looked += scan(data, `${where} > ${name}`, secrets, out, depth + 1);
    return looked;
  }
  const text = Buffer.from(buf).toString('latin1');
  for (const s of secrets) if (text.includes(s)) out.push({ where, secret: s });
  for (const m of text.matchAll(BASE64_RUN)) looked += scan(Buffer.from(m[0], 'base64'), `${where} > base64@${m.index ?? 0}`, secrets, out, depth + 1);
  return looked;
}

export function scanDir(dir: string, secrets: readonly string[]): { leaks: Leak[]; files: string[]; looked: number } {
  const leaks: Leak[] = [];
  const files: string[] = [];
  let looked = 0;
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else {
        files.push(path.relative(dir, p));
        looked += scan(readFileSync(p), path.relative(dir, p), secrets, leaks, 0);
      }
    }
  };
  walk(dir);
  return { leaks, files, looked };
}
