// Cron jobs: triggering the image processing answers its declared success in the declared shape.
// It starts work on a live shop, so it runs only with PROFILE=full.
import { specOperations } from '../../fixtures/spec-ops.js';
import { requireFull } from '../../fixtures/factories/index.js';
import { test } from './support/catalogue.js';
import { step } from '../../fixtures/requests.js';

const ops = await specOperations();

if (ops.inScope('cronjobs')) test.describe('cron jobs', () => {
  test('should trigger the image processing', { tag: ['@cronjobs', '@op:setImageProcessingTrigger'] }, async ({ kit, checks }) => {
    requireFull(kit, 'triggering the image processing');
    await step(kit, 'setImageProcessingTrigger', {}, { conform: checks });
  });
});
