// String formats: values that pass the validators' format checks (ajv-formats, plus the byte and
// ISO-8601 date-time formats of src/spec/validators.ts), and values that fail exactly the format.
// Everything that names a host uses the reserved domain, so nothing generated can reach a real one.
import fc from 'fast-check';
import { RESERVED_DOMAIN, uniqueEmail } from './strings.js';
import type { ArbOptions } from './types.js';

// 1970..2099: every date a shop's DATE/DATETIME column and a JS Date agree on.
const dates = fc.date({ min: new Date('1970-01-01T00:00:00.000Z'), max: new Date('2099-12-31T23:59:59.999Z'), noInvalidDate: true });

const label = fc.stringMatching(/^[a-z0-9]{1,10}$/);

/** Local part of a random address: dot-separated atoms of letters, digits and a few symbols. */
const localPart = fc
  .array(fc.stringMatching(/^[a-z0-9_+-]{1,10}$/), { minLength: 1, maxLength: 3 })
  .map((atoms) => atoms.join('.'));

export function emailArb(opts: ArbOptions): fc.Arbitrary<string> {
  const { runId } = opts;
  if (runId !== undefined) return fc.constant(null).map(() => uniqueEmail({ ...opts, runId }));
  return localPart.map((l) => `${l}@${RESERVED_DOMAIN}`);
}

const byteArb = fc.uint8Array({ maxLength: 48 }).map((b) => Buffer.from(b).toString('base64'));

const VALID: Record<string, (opts: ArbOptions) => fc.Arbitrary<string>> = {
  date: () => dates.map((d) => d.toISOString().slice(0, 10)),
  // The validators accept ISO-8601 with or without a zone; shops echo UTC `Z` forms most reliably.
  'date-time': () => fc.tuple(dates, fc.boolean()).map(([d, ms]) => (ms ? d.toISOString() : d.toISOString().replace(/\.\d{3}Z$/, 'Z'))),
  time: () => dates.map((d) => d.toISOString().slice(11, 19) + 'Z'),
  email: emailArb,
  byte: () => byteArb,
  uuid: () => fc.uuid(),
  uri: () => fc.array(label, { maxLength: 3 }).map((p) => `https://${RESERVED_DOMAIN}/${p.join('/')}`),
  'uri-reference': () => fc.array(label, { minLength: 1, maxLength: 3 }).map((p) => `/${p.join('/')}`),
  hostname: () => label.map((l) => `${l}.${RESERVED_DOMAIN}`),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
  regex: () => fc.constantFrom('^[a-z]+$', '\\d{3}', '.*'),
};

/** Strings that fail the format and nothing else a plain string schema checks. */
const INVALID: Record<string, readonly string[]> = {
  date: ['2024-02-30', '2023-13-01', '2024-1-5', '01.02.2024', 'not a date', ''],
  'date-time': ['2024-02-30T10:00:00Z', '2024-01-01T24:00:00Z', '2024-01-01', 'yesterday', '10:00:00', ''],
  time: ['24:00:00Z', '12:60:00Z', 'noon', '12-00-00', ''],
  email: ['no-at-sign.example.test', 'qa@', '@example.test', 'two words@example.test', 'qa@@example.test', ''],
  byte: ['abc', 'ab=c', '@@@@', 'not base64!'],
  uuid: ['not-a-uuid', '123e4567-e89b-12d3-a456', '123e4567e89b12d3a456426614174000z', ''],
  uri: ['not a uri', '/relative/path', 'example.test', ''],
  'uri-reference': ['\\\\backslash', 'has space', '#frag\\ment'],
  hostname: ['-leading-dash.example.test', 'under_score.example.test', 'a..b', ''],
  ipv4: ['256.1.1.1', '1.2.3', '1.2.3.4.5', 'localhost', ''],
  ipv6: ['1:2:3', '12345::', 'g::1', ''],
  regex: ['(', '[a-', '*x'],
};

export function isKnownFormat(format: string): boolean {
  return format in VALID;
}

export function formatArb(format: string, opts: ArbOptions): fc.Arbitrary<string> | undefined {
  return VALID[format]?.(opts);
}

export function invalidFormatValues(format: string): readonly string[] {
  return INVALID[format] ?? [];
}

export const KNOWN_FORMATS: readonly string[] = Object.keys(VALID);

/** String fields that hold e-mail addresses although the spec gives them no format. */
export function looksLikeEmailField(name: string | undefined): boolean {
  return name !== undefined && /e-?mail(_?address)?$/i.test(name);
}
