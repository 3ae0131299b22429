// The arbitraries against our own spec: for every operation that takes a JSON body, generated
// valid bodies pass the operation's request validator, and every generated invalid body fails it
// with exactly one ajv error: the one it claims. Fixed seeds keep the runs deterministic.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { ErrorObject } from 'ajv';
import { VIOLATION_KINDS, classOf, expectedAjvError, invalidClasses, hasJsonBody, invalidBody, invalidBodySamples, invalidSites, requestSchema, validBody, type ArbOptions, type InvalidSample } from '../../src/arbitraries/index.js';
import { BUNDLED_SPEC } from '../../src/config/config.js';
import { loadCatalogue } from '../../src/spec/load.js';
import type { Catalogue } from '../../src/spec/types.js';
import { expect, test } from './spec-fixtures.js';
const RUNS = 40;
const SEED = 20_261_122;

// The operation list is needed to name the tests, before any fixture exists.
const listed = await loadCatalogue(BUNDLED_SPEC);
const bodyOps = listed.operations.filter(hasJsonBody).map((op) => op.id);

function operation(catalogue: Catalogue, id: string) {
  const op = catalogue.operations.find((o) => o.id === id);
  if (!op) throw new Error(`no operation ${id}`);
  return op;
}

/** What ajv reported, reduced to what a violation claims. */
function reported(errors: ErrorObject[] | null | undefined) {
  return (errors ?? []).map((e) => {
    const params = e.params as { missingProperty?: string; additionalProperty?: string };
    return { keyword: e.keyword, instancePath: e.instancePath, property: params.missingProperty ?? params.additionalProperty };
  });
}

function claimed(s: InvalidSample) {
  const { keyword, instancePath } = expectedAjvError(s.violation);
  const named = s.violation.keyword === 'required' || s.violation.keyword === 'additionalProperties';
  return { keyword, instancePath, property: named ? s.violation.property : undefined };
}

test('should find operations with JSON bodies in our spec', () => {
  expect(bodyOps.length).toBeGreaterThanOrEqual(60);
});

for (const [i, id] of bodyOps.entries()) {
  test(`should generate bodies that ${id} accepts @op:${id}`, ({ shopSpec: spec }) => {
    const op = operation(spec.catalogue, id);
    const arb = validBody(op, { catalogue: spec.catalogue, runId: 'unit', uniqueFields: ['firstname', 'lastname', 'name'] });
    fc.assert(
      fc.property(arb, (body) => {
        // One expect per run: Playwright's expect records a location per call, costly in a hot loop.
        const { errors, schemaFound } = spec.validators.validateRequest(op, body);
        expect({ errors, schemaFound }, JSON.stringify(body).slice(0, 500)).toEqual({ errors: [], schemaFound: true });
      }),
      { seed: SEED + i, numRuns: RUNS },
    );
  });

  test(`should generate bodies that break exactly the rule they claim for ${id} @op:${id}`, ({ shopSpec: spec }) => {
    const op = operation(spec.catalogue, id);
    const arb = invalidBody(op, { catalogue: spec.catalogue, violations: VIOLATION_KINDS });
    if (!arb) throw new Error(`${id}: no rule of its body can be broken alone`);
    const validate = spec.validators.request(op);
    if (!validate) throw new Error(`${id}: no request validator`);
    fc.assert(
      fc.property(arb, (sample) => {
        const accepted = validate(sample.value);
        expect({ accepted, errors: reported(validate.errors) }, sample.violation.description).toEqual({ accepted: false, errors: [claimed(sample)] });
      }),
      { seed: SEED + i, numRuns: RUNS },
    );
  });
}

test('should cover type, required, enum and readOnly violations across the spec', ({ shopSpec: spec }) => {
  const seen = new Set<string>();
  for (const op of spec.catalogue.operations.filter(hasJsonBody)) {
    const arb = invalidBody(op, { catalogue: spec.catalogue, violations: VIOLATION_KINDS });
    if (arb) for (const s of fc.sample(arb, { seed: SEED, numRuns: 20 })) seen.add(s.violation.keyword);
  }
  expect([...seen].sort()).toEqual(expect.arrayContaining(['enum', 'readOnly', 'required', 'type']));
});

test('should add an undeclared top-level field only as a policy violation', ({ shopSpec: spec }) => {
  for (const id of ['createAddress', 'createCustomers', 'postReviews']) {
    const op = operation(spec.catalogue, id);
    const arb = invalidBody(op, { catalogue: spec.catalogue, violations: ['additionalProperties'], undeclaredFields: 'top-level' });
    if (!arb) throw new Error(`${id}: no undeclared-field violation`);
    expect(JSON.stringify(requestSchema(op).schema)).not.toContain('qaUndeclaredField');
    fc.assert(
      fc.property(arb, ({ value, violation }) => {
        // The spec leaves the object open, so the validator accepts it; the field is the only change.
        const holder = (violation.path === '' ? value : (value as unknown[])[Number(violation.path.slice(1))]) as object;
        expect({
          violation: { keyword: violation.keyword, source: violation.source, property: violation.property },
          errors: spec.validators.validateRequest(op, value).errors,
          added: 'qaUndeclaredField' in holder,
        }).toEqual({ violation: { keyword: 'additionalProperties', source: 'policy', property: 'qaUndeclaredField' }, errors: [], added: true });
      }),
      { seed: SEED, numRuns: 20 },
    );
  }
});

test('should never send read-only fields in valid bodies', ({ shopSpec: spec }) => {
  const op = operation(spec.catalogue, 'updateProduct');
  fc.assert(
    fc.property(validBody(op, { catalogue: spec.catalogue, optional: 'all' }), (body) => {
      expect(['id', 'dateAdded', 'lastModified'].filter((field) => field in (body as object))).toEqual([]);
    }),
    { seed: SEED, numRuns: 20 },
  );
});

// The negative-data property's subjects: their fixed classes must not depend on the run's seed.
const SUBJECTS = ['createCustomers', 'createAddress', 'createManufacturers', 'createCategories', 'createOrderStatuses'];

/** Each sample as its rule and a digest of its body without the counters of unique values: they are the only part allowed to differ between runs. */
function uncounted(samples: readonly InvalidSample[]): string[] {
  const body = (v: unknown): string => JSON.stringify(v).replace(/(qa[-+]unit-[a-z0-9]+-)\d+/g, '$1N');
  return samples.map((s) => `${s.violation.description} ${createHash('sha256').update(body(s.value)).digest('hex').slice(0, 12)}`);
}

test('should draw the same fixed classes of the negative-data subjects whatever the run seed, one per class of every site', ({ shopSpec: spec }) => {
  const opts: ArbOptions = { catalogue: spec.catalogue, runId: 'unit', uniqueFields: ['email', 'name', 'names', 'firstname', 'lastname', 'city', 'title'] };
  for (const id of SUBJECTS) {
    const op = operation(spec.catalogue, id);
    const { schema, resolveRef } = requestSchema(op, spec.catalogue);
    const sites = invalidSites(schema, { ...opts, ...(resolveRef ? { resolveRef } : {}) });
    const classes = invalidClasses(sites);
    // Every site's class is among the fixed ones, each once.
    expect(new Set(classes.map(classOf)), id).toEqual(new Set(sites.map(classOf)));
    expect(classes.length, id).toBe(new Set(sites.map(classOf)).size);
    // Two runs with different seeds (fast-check's global seed stands in for FC_SEED here) send the same bodies.
    const seeded = (seed: number): InvalidSample[] => {
      fc.configureGlobal({ seed });
      try {
        return invalidBodySamples(op, opts);
      } finally {
        fc.resetConfigureGlobal();
      }
    };
    const [a, b] = [seeded(1), seeded(987_654)];
    expect(uncounted(a), id).toEqual(uncounted(b));
    expect(a.map((x) => x.violation.keyword), id).toEqual(classes.map((c) => c.kind));
    expect(invalidBodySamples(op, opts, true).length, id).toBe(sites.length);
    // Each fixed body breaks exactly the rule it names.
    const validate = spec.validators.request(op);
    if (!validate) throw new Error(`${id}: no request validator`);
    for (const sample of a) {
      const accepted = validate(sample.value);
      expect({ accepted, errors: reported(validate.errors) }, `${id} ${sample.violation.description}`).toEqual({ accepted: false, errors: [claimed(sample)] });
    }
  }
});
