// PUT /emails stores the queued e-mail as already sent.
import { onOperations } from '../support.js';
import { defineFault } from '../types.js';
import type { Json } from '../../engine/schema-tools.js';

export default defineFault({
  name: 'email-queued-as-sent',
  description: 'PUT /emails stores the e-mail as sent (isPending false) instead of pending.',
  catches: ['@rule:email-queue'],
  area: 'customers',
  operation: onOperations(['queueEmail'], (handler) => async (ctx) => {
    const answer = await handler(ctx);
    const queued = answer.body as Json;
    const stored = ctx.state.col('emails').replace(queued.id as number, { ...queued, isPending: false }, ctx.now());
    return { ...answer, body: stored };
  }),
});
