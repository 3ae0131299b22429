// Cache clears: every DELETE /cache... path answers its declared success in the declared shape.
// Clearing a live shop's caches costs it performance, so these run only with PROFILE=full (the
// client's write guard refuses them otherwise).
import { specOperations } from '../../fixtures/spec-ops.js';
import { requireFull } from '../../fixtures/factories/index.js';
import { test } from './support/catalogue.js';
import { step } from '../../fixtures/requests.js';

const ops = await specOperations();

const CACHES: readonly (readonly [string, string])[] = [
  ['deleteCache', 'all caches'],
  ['deleteCacheEmail', 'the e-mail cache'],
  ['deleteCacheFilter', 'the filter cache'],
  ['deleteCacheModule', 'the module cache'],
  ['deleteCachePage', 'the page cache'],
  ['deleteCacheProducts', 'the product cache'],
  ['deleteCacheProperties', 'the properties cache'],
  ['deleteCacheText', 'the text cache'],
];

if (ops.inScope('cache')) test.describe('cache', () => {
  for (const [op, what] of CACHES) {
    test(`should clear ${what}`, { tag: ['@cache', `@op:${op}`] }, async ({ kit, checks }) => {
      requireFull(kit, `clearing ${what}`);
      await step(kit, op, {}, { conform: checks });
    });
  }
});
