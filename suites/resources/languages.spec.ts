// Languages (reference data, read only): the list answers every language with its code, and
// `fields` (the only list parameter the operation declares besides disable_links).
import { expectHeld, show } from '../../fixtures/evidence.js';
import { test } from '../../fixtures/factories/index.js';
import { readList } from '../../fixtures/list-rules.js';
import { listParameterTests } from '../../fixtures/list-tests.js';
import { specOperations } from '../../fixtures/spec-ops.js';

const ops = await specOperations();

if (ops.inScope('languages')) test.describe('languages', () => {
  test.skip(!ops.has('getMultipleLanguages'), 'the loaded spec has no languages list');

  test('should list the languages, each with a distinct code', { tag: ['@languages', '@rule:lifecycle', '@op:getMultipleLanguages', '@readonly'] }, async ({ kit }) => {
    const list = await readList(kit, { op: 'getMultipleLanguages' }, {}, 'lifecycle');
    const codes = list.items.map((l) => l.code);
    expectHeld(list.items.length > 0 && codes.every((c) => typeof c === 'string' && c !== '') && new Set(codes).size === codes.length, kit.api, {
      rule: 'lifecycle',
      title: 'the shop should list at least one language, each with its own code',
      message: `codes: ${show(codes)}`,
      exchange: list.exchange,
    });
  });

  listParameterTests({ group: 'languages', op: ops.get('getMultipleLanguages'), what: 'languages', subject: () => ({ op: 'getMultipleLanguages', fields: ['id', 'code'] }), readOnly: true });
});
