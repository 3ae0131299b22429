// Attachments: one file per upload (multipart/form-data), answered with the path e-mails refer
// to (suites/resources/emails.spec.ts uses it); an upload without a file is a 400. The spec has no
// DELETE for attachments: on a live shop the uploaded file stays and the leftover report lists it.
import { expectHeld, show } from '../../fixtures/evidence.js';
import { wrongRequest } from '../../fixtures/requests.js';
import { uploadAttachment } from '../../fixtures/factories/emails.js';
import { requireWrites, test } from '../../fixtures/factories/index.js';
import { specOperations } from '../../fixtures/spec-ops.js';

const ops = await specOperations();

if (ops.inScope('attachments')) test.describe('attachments', () => {
  test.skip(!ops.has('uploadAttachments'), 'the loaded spec has no attachment upload');

  test('should upload an attachment and answer 201 with its path', { tag: ['@attachments', '@rule:files', '@op:uploadAttachments'] }, async ({ kit }) => {
    requireWrites(kit);
    // The upload is the test's subject: the factory judges its answer (`stores-upload`) in this column.
    const file = await uploadAttachment(kit, { rule: 'files', intent: 'positive' });
    expectHeld(file.path.endsWith(file.fileName), kit.api, { rule: 'files', title: 'the answered path should name the uploaded file', message: `uploaded ${show(file.fileName)}, path ${show(file.path)}`, exchange: file.exchange });
  });

  test('should refuse an upload without a file with 400', { tag: ['@attachments', '@rule:files', '@rule:error-status', '@op:uploadAttachments'] }, async ({ kit }) => {
    requireWrites(kit);
    await wrongRequest(kit, 'uploadAttachments', { multipart: { filename: `qa-${kit.runId}-${kit.n()}.png` }, label: 'upload without a file' }, { want: 400, wrong: 'invalid', tag: 'files', body: false });
  });
});
