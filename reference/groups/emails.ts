// E-mails: PUT /emails queues one (pending), POST /emails/{id} sends it (sent, with a sent date).
// The list filters by state=pending|sent.
import type { Handler } from '../engine/context.js';
import { idParam } from '../engine/context.js';
import type { ResourceDef } from '../engine/resource.js';
import type { Json } from '../engine/schema-tools.js';
import { datetime } from '../engine/time.js';
import { notFound } from '../http/errors.js';
import type { GroupModule } from './module.js';

const emails: ResourceDef = {
  collection: 'emails',
  path: '/emails',
  label: 'E-mail',
  filters: {
    state: (rec, value) => rec.isPending === (value === 'pending'),
  },
};

const queueEmail: Handler = (ctx) => {
  const now = ctx.now();
  const stored = ctx.state.col('emails').insert({ ...(ctx.body as Json), isPending: true, creationDate: datetime(now), sentDate: '' }, now);
  return { body: stored, location: `/emails/${String(stored.id)}` };
};

const sendEmail: Handler = (ctx) => {
  const id = idParam(ctx, 'email_id');
  const col = ctx.state.col('emails');
  const existing = col.get(id);
  if (!existing) throw notFound(`E-mail ${id} was not found.`);
  const now = ctx.now();
  const stored = col.replace(id, { ...existing, ...(ctx.body as Json), isPending: false, creationDate: existing.creationDate, sentDate: datetime(now) }, now);
  return { body: stored };
};

export const emailGroup: GroupModule = { resources: [emails], handlers: { queueEmail, sendEmail } };
