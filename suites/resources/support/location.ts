// `@rule:location-header`: a create answers with a Location header pointing to the new record
// (facts: "Responses"; spec description). The header is followed: a relative one is resolved
// against the create's request URL (RFC 9110 §10.2.2: the target URI), and the resulting URL must
// lie under the API root, be the path of the single-record read of that resource and read the
// record just created (same id). A Location outside the API root is reported, never followed:
// credentials go only to the API the user named. The vendor does not describe Location: the rule's
// findings are advisories, and the read that follows it is made only when it can be.
import type { Exchange } from '../../../src/core/exchange.js';
import { adviseRule, show } from '../../../fixtures/evidence.js';
import { observed } from '../../../src/checks/basis.js';

/** A Location on a create is observed on both shops, not described: every finding of the rule is an advisory. */
const OBSERVED = observed('GX 3.2.0.1 and GX 4.8.0.3 answer a single create with a Location (facts "Responses": observed, not described; none on a bulk create)');
import { recordOf, type FactoryKit } from '../../../fixtures/factories/index.js';

export interface LocationSubject {
  /** What was created, for titles: `a manufacturer`. */
  what: string;
  /** The create's exchange (its answer must carry Location). */
  exchange: Exchange;
  /** The id the create answered. */
  id: number;
  /** The single-record read the Location must address, e.g. `getManufacturer`. */
  readOp: string;
}

/** Follows the Location of a create and advises where it does not read the new record; returns the read, if made. */
export async function expectLocationReads(kit: FactoryKit, s: LocationSubject): Promise<Exchange | undefined> {
  const rule = 'location-header';
  const raw = s.exchange.response.headers.location;
  const has = adviseRule(raw !== undefined && raw.trim() !== '', kit.api, {
    basis: OBSERVED,
    rule,
    title: `creating ${s.what} should answer a Location header pointing to the new record`,
    message: `no Location header in the ${s.exchange.response.status} answer (created id ${s.id})`,
    exchange: s.exchange,
  });
  if (!has || raw === undefined) return undefined;
  let target: URL | undefined;
  try {
    target = new URL(raw.trim(), s.exchange.request.url);
  } catch {
    target = undefined;
  }
  if (!adviseRule(target !== undefined, kit.api, { basis: OBSERVED, rule, title: `the Location of ${s.what} should be a URL`, message: `Location ${show(raw)} cannot be resolved against ${s.exchange.request.url}`, exchange: s.exchange }) || !target) return undefined;
  const root = new URL(kit.api.apiRoot);
  const rootPath = root.pathname.replace(/\/+$/, '');
  const inside = target.origin === root.origin && target.pathname.startsWith(`${rootPath}/`);
  if (
    !adviseRule(inside, kit.api, {
      basis: OBSERVED,
      rule,
    title: `the Location of ${s.what} should point into the API`,
      message: `Location ${show(raw)} resolves to ${target.href}, which is not under the API root ${kit.api.apiRoot}; not followed (credentials go only to the API)`,
      exchange: s.exchange,
    })
  )
    return undefined;
  const rel = `${target.pathname.slice(rootPath.length)}${target.search}`;
  const read = await kit.api.send('GET', rel, { label: `follow the Location of ${s.what}` });
  adviseRule(read.operationId === s.readOp, kit.api, {
    basis: OBSERVED,
    rule,
    title: `the Location of ${s.what} should be the URL of the new record (${s.readOp})`,
    message: `Location ${show(raw)} is the path of ${read.operationId ?? 'no operation of the spec'}, not of ${s.readOp} for id ${s.id}`,
    exchange: read,
    related: [s.exchange],
  });
  const got = recordOf(read.response.json);
  const gotId = got ? Number(got.id) : NaN;
  adviseRule(read.response.status === 200 && gotId === s.id, kit.api, {
    basis: OBSERVED,
    rule,
    title: `GET on the Location of ${s.what} should read the record just created (id ${s.id})`,
    message: `answered ${read.response.status || read.response.transportError || 'no answer'} with ${got ? `id ${show(got.id)}` : show(read.response.json ?? read.response.text)}`,
    exchange: read,
    related: [s.exchange],
  });
  return read;
}
