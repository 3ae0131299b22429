// E-mails: PUT /emails queues (pending) and reads back; POST /emails/{id} sends (sent, with a
// sent date; PROFILE=full only, it sends mail); an attachment is uploaded first and referenced by
// its returned path; delete; the state filter; declared error statuses; the list parameters.
// Recipients are on example.test; the test's token is in `subject`.
import { expectNamesRecord, expectHeld, expectRule, show } from '../../fixtures/evidence.js';
import { expectReadAfterDelete, step, wrongRequest } from '../../fixtures/requests.js';
import { RULE } from '../../src/checks/rules/registry.js';
import { project } from '../../src/checks/basis.js';
import { emailInput, queueEmail, uploadAttachment } from '../../fixtures/factories/emails.js';
import { recordOf, requireFull, requireWrites, test, type FactoryKit, type Json } from '../../fixtures/factories/index.js';
import { isObj } from '../../src/core/json.js';
import { judgeFilter, secondValue, sortableValue, type ListSubject } from '../../fixtures/list-rules.js';
import { listParameterTests } from '../../fixtures/list-tests.js';
import { specOperations } from '../../fixtures/spec-ops.js';
import type { Exchange } from '../../src/core/exchange.js';

const ops = await specOperations();
const MISSING_ID = 9007199254740991;

/** GET /emails is our spec's: the description has no list of e-mails (facts "Filters"); both shops answer one (observed). */
const EMAILS_LIST = project('GET /emails is added by our spec: the description declares no list of e-mails, only the state filter in the single read\'s text (facts "Filters"); both shops answer a list');

function emailsList(kit: FactoryKit): ListSubject {
  const token = kit.token();
  return {
    op: 'getEmailsList',
    // The list parameters of a list the vendor does not declare: advisories (the state filter, which its text describes, stays a Fail).
    basis: EMAILS_LIST,
    scope: { search: token },
    sortKey: 'subject',
    secondSortKey: 'contentPlain',
    fields: ['id', 'subject', 'isPending'],
    seed: async (n, from = 0) => {
      const out: Json[] = [];
      for (let i = from; i < from + n; i++) out.push((await queueEmail(kit, { subject: sortableValue(token, i), contentPlain: secondValue(token, i) })).record);
      return out;
    },
  };
}

function read(kit: FactoryKit, id: number, rule: string): Promise<Exchange> {
  return step(kit, 'getEmails', { path: { email_id: id } }, { tag: rule });
}

function expectEcho(kit: FactoryKit, rule: string, sent: Json, ex: Exchange, related: Exchange[] = []): void {
  expectRule(kit.api, RULE.readsBack, { sent, got: recordOf(ex.response.json) }, { exchange: ex, related, tag: rule });
}

function expectPending(kit: FactoryKit, ex: Exchange, pending: boolean, what: string, related: Exchange[] = []): void {
  const rec = recordOf(ex.response.json);
  const sentDate = rec?.sentDate;
  const ok = rec?.isPending === pending && (pending || (typeof sentDate === 'string' && sentDate !== ''));
  expectHeld(ok, kit.api, {
    rule: 'email-queue',
    title: `${what} should be ${pending ? 'pending' : 'sent, with a sent date'}`,
    message: `isPending ${show(rec?.isPending)}, sentDate ${show(sentDate)}`,
    exchange: ex,
    related,
  });
}

// Scoped per test: one test also touches attachments (ONLY_GROUPS / SKIP_GROUPS, src/config/scope.ts).
test.describe('e-mails', () => {
  test.skip(!ops.has('getEmailsList', 'queueEmail', 'getEmails', 'deleteEmail'), 'the loaded spec has no e-mail operations');

  if (ops.inScope('emails')) test('should queue an e-mail as pending and read it back equal', { tag: ['@emails', '@rule:email-queue', '@rule:lifecycle', '@op:queueEmail', '@op:getEmails'] }, async ({ kit }) => {
    requireWrites(kit);
    const input = emailInput(kit);
    // The queueing is the test's subject: the factory judges its answer (`creates`) in this column.
    const made = await queueEmail(kit, input, { intent: 'positive', rule: 'email-queue' });
    expectPending(kit, made.exchange, true, 'a queued e-mail');
    const got = await read(kit, made.id, 'lifecycle');
    expectEcho(kit, 'lifecycle', input, got, [made.exchange]);
    expectPending(kit, got, true, 'a queued e-mail read back', [made.exchange]);
  });

  if (ops.inScope('emails')) test('should send a queued e-mail and read it back as sent', { tag: ['@emails', '@rule:email-queue', '@op:queueEmail', '@op:sendEmail', '@op:getEmails'] }, async ({ kit }) => {
    requireWrites(kit);
    requireFull(kit, 'sending an e-mail (POST /emails/{id})');
    const made = await queueEmail(kit, {}, { rule: 'email-queue' });
    const send = await step(kit, 'sendEmail', { path: { email_id: made.id }, body: emailInput(kit, { subject: String(made.record.subject) }) }, { tag: 'email-queue' });
    expectPending(kit, send, false, 'the e-mail POST answers');
    expectPending(kit, await read(kit, made.id, 'email-queue'), false, 'the e-mail read back after sending', [send]);
  });

  if (ops.inScope('emails', 'attachments')) test('should refer to an uploaded attachment by the path the upload answered', { tag: ['@emails', '@attachments', '@rule:lifecycle', '@rule:files', '@op:uploadAttachments', '@op:queueEmail', '@op:getEmails'] }, async ({ kit }) => {
    requireWrites(kit);
    const file = await uploadAttachment(kit, { rule: 'files' });
    const made = await queueEmail(kit, { attachments: [file.path] }, { rule: 'lifecycle', intent: 'positive' });
    const got = await read(kit, made.id, 'lifecycle');
    const attachments = recordOf(got.response.json)?.attachments;
    expectHeld(Array.isArray(attachments) && attachments.includes(file.path), kit.api, {
      rule: 'lifecycle',
      title: 'an e-mail should keep the attachment path it was queued with',
      message: `queued with [${file.path}], read ${show(attachments)}`,
      exchange: got,
      related: [file.exchange, made.exchange],
    });
  });

  if (ops.inScope('emails')) test('should delete an own e-mail, which then reads as 404', { tag: ['@emails', '@rule:lifecycle', '@op:deleteEmail', '@op:getEmails'] }, async ({ kit }) => {
    requireWrites(kit);
    const made = await queueEmail(kit);
    const del = await step(kit, 'deleteEmail', { path: { email_id: made.id } });
    const body = del.response.json;
    const emailId = isObj(body) ? body.emailId : undefined;
    expectNamesRecord(kit.api, 'lifecycle', del, { field: 'emailId', value: emailId, matches: Number(emailId) === made.id, title: 'the DELETE should echo the e-mail id' });
    await expectReadAfterDelete(kit, 'getEmails', { email_id: made.id }, del);
  });

  if (ops.inScope('emails')) test('should filter e-mails by state=pending and state=sent', { tag: ['@emails', '@rule:filter-state', '@op:getEmailsList'] }, async ({ kit }) => {
    // Unscoped: the filter is judged on every listed e-mail; an own pending one (not with
    // PROFILE=readonly) must be on the right side.
    const own = kit.writable ? [(await queueEmail(kit, {}, { rule: 'filter-state' })).record] : [];
    const s: ListSubject = { op: 'getEmailsList' };
    await judgeFilter(kit, s, 'filter-state', { param: 'state', value: 'pending', include: own });
    await judgeFilter(kit, s, 'filter-state', { param: 'state', value: 'sent', include: [], exclude: own });
  });

  if (ops.inScope('emails')) test('should answer 400 for an invalid e-mail id and 404 for a missing one', { tag: ['@emails', '@rule:error-status', '@op:getEmails', '@readonly'] }, async ({ kit }) => {
    await wrongRequest(kit, 'getEmails', { path: { email_id: 'abc' }, label: 'email_id=abc' }, { want: 400, mode: 'declared', wrong: 'invalid', body: false });
    await wrongRequest(kit, 'getEmails', { path: { email_id: MISSING_ID }, label: 'an e-mail id no shop has' }, { want: 404, mode: 'declared', wrong: 'missing', body: false });
  });

  if (ops.inScope('emails')) test('should refuse queueing without a body and deleting an invalid id with 400', { tag: ['@emails', '@rule:error-status', '@op:queueEmail', '@op:deleteEmail'] }, async ({ kit }) => {
    requireWrites(kit);
    await wrongRequest(kit, 'queueEmail', { contentType: 'application/json', label: 'queue without a body' }, { want: 400, wrong: 'invalid', body: false });
    await wrongRequest(kit, 'deleteEmail', { path: { email_id: 'abc' }, label: 'email_id=abc' }, { want: 400, wrong: 'invalid', body: false });
  });

  if (ops.inScope('emails')) listParameterTests({ group: 'emails', op: ops.get('getEmailsList'), what: 'e-mails', subject: emailsList });
});
