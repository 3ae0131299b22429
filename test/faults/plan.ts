// Which Playwright projects the fault matrix runs: one per fault (a reference shop with only that
// fault on, running the tests that carry the fault's `catches` tags plus a small smoke set), and
// clean projects (no fault) that run the same tests as the baseline. Pure: the faults config and
// the analysis both build the plan from here, so they agree on names and tags.
import type { Fault } from '../../reference/faults/types.js';

/** Settings of the in-process shop a project starts (the fixtures' worker options). */
export interface ShopVariant {
  /** The shop speaks TLS (self-signed). */
  tls: boolean;
  /** The tests run with this PROFILE (fixtures' profileOverride); unset = the configured one. */
  profile?: 'full';
}

export interface PlannedProject {
  /** Playwright project name: `fault:<name>`, `clean` or `clean:tls`. */
  name: string;
  /** The fault this project proves, or undefined for a clean baseline. */
  fault: string | undefined;
  variant: ShopVariant;
  /** Tags whose tests the project runs, besides the smoke set; undefined = every test. */
  tags: string[] | undefined;
}

export interface MatrixPlan {
  projects: PlannedProject[];
  faults: Fault[];
}

export interface PlanOptions {
  /** Only these faults (names); unknown names throw. */
  only?: readonly string[];
  /** The quick subset: the first fault of each area, and clean baselines only for their tags. */
  quick?: boolean;
}

/**
 * Tests every fault project also runs, whatever its tags: the contract checks of one single-record
 * read (tests tagged with both). A failure there is an "extra" failure (the fault broke more than
 * its one rule), listed in the report, never hidden. Kept to one operation's contract tests (they
 * share their probes) because it runs in every one of 100+ projects; properties and model tests
 * that also touch the operation are left out on purpose.
 */
export const SMOKE_TAGS = ['@op:getCustomer', '@check:'] as const;

/**
 * Tags whose tests only mean something against a shop with special settings: transport security
 * is judged on an https target (over http the check has nothing to compare and skips).
 */
const TAG_VARIANTS: Readonly<Record<string, Partial<ShopVariant>>> = {
  '@check:transportSecurity': { tls: true },
  // The security pack's checks of what only https answers say (HSTS).
  '@security:tls': { tls: true },
  // Sending an e-mail is destructive: its test runs only with PROFILE=full.
  '@rule:email-queue': { profile: 'full' },
};

export const CLEAN = 'clean';

export function variantOf(tags: readonly string[]): ShopVariant {
  const v: ShopVariant = { tls: false };
  for (const t of tags) Object.assign(v, TAG_VARIANTS[t] ?? {});
  return v;
}

function variantKey(v: ShopVariant): string {
  return [v.tls ? 'tls' : '', v.profile ?? ''].filter(Boolean).join('+');
}

export function cleanProjectName(v: ShopVariant): string {
  const key = variantKey(v);
  return key ? `${CLEAN}:${key}` : CLEAN;
}

export function faultProjectName(fault: string): string {
  return `fault:${fault}`;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A grep for Playwright that matches tests carrying one of the tags exactly. Playwright greps
 * "title path + tags" joined by spaces, so a tag is delimited by whitespace or the ends
 * (`@rule:sort` must not match `@rule:sort-keys`).
 */
export function tagGrep(tags: readonly string[]): RegExp {
  return new RegExp(`(?:^|\\s)(?:${tags.map(escapeRegExp).join('|')})(?=\\s|$)`);
}

/** Tests carrying the smoke operation's tag and a `@check:` tag. */
export function smokeGrepSource(): string {
  const [op, checkPrefix] = SMOKE_TAGS;
  return `(?=.*(?:^|\\s)${escapeRegExp(op)}(?=\\s|$))(?=.*(?:^|\\s)${escapeRegExp(checkPrefix)}\\w)`;
}

/** What a project runs: the tests with one of its tags, and the smoke set. */
export function projectGrep(tags: readonly string[]): RegExp {
  return new RegExp(`${tags.length ? `${tagGrep(tags).source}|` : ''}^${smokeGrepSource()}`);
}

/** The first fault of each area, in registry order: every area stays covered in quick runs. */
export function quickFaults(faults: readonly Fault[]): Fault[] {
  const seen = new Set<string>();
  return faults.filter((f) => !seen.has(f.area) && seen.add(f.area));
}

export function planMatrix(all: readonly Fault[], opts: PlanOptions = {}): MatrixPlan {
  let faults = [...all];
  if (opts.only?.length) {
    const known = new Set(all.map((f) => f.name));
    const unknown = opts.only.filter((n) => !known.has(n));
    if (unknown.length) throw new Error(`unknown fault(s): ${unknown.join(', ')}`);
    faults = all.filter((f) => opts.only?.includes(f.name));
  }
  if (opts.quick) faults = quickFaults(faults);

  const projects: PlannedProject[] = [];
  // One clean baseline per shop variant the faults need. The plain one runs everything in a full
  // run (it is also the proof that the clean shop is green); otherwise the union of the tags.
  const variants = new Map<string, { variant: ShopVariant; tags: Set<string> }>();
  variants.set('', { variant: { tls: false }, tags: new Set() });
  for (const f of faults) {
    const variant = variantOf(f.catches);
    const key = variantKey(variant);
    if (!variants.has(key)) variants.set(key, { variant, tags: new Set() });
    for (const t of f.catches) variants.get(key)?.tags.add(t);
  }
  const filtered = Boolean(opts.quick || opts.only?.length);
  for (const [key, { variant, tags }] of variants) {
    projects.push({ name: cleanProjectName(variant), fault: undefined, variant, tags: key === '' && !filtered ? undefined : [...tags] });
  }
  for (const f of faults) {
    projects.push({ name: faultProjectName(f.name), fault: f.name, variant: variantOf(f.catches), tags: [...f.catches] });
  }
  return { projects, faults };
}
