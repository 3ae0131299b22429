// POST /emails/{id} answers success but puts the e-mail back to pending, without a sent date.
import { onOperations } from '../support.js';
import { defineFault } from '../types.js';
import type { Json } from '../../engine/schema-tools.js';

export default defineFault({
  name: 'email-send-stays-pending',
  description: 'POST /emails/{id} answers success but leaves the e-mail pending without a sent date.',
  catches: ['@rule:email-queue'],
  area: 'customers',
  operation: onOperations(['sendEmail'], (handler) => async (ctx) => {
    const answer = await handler(ctx);
    const sent = answer.body as Json;
    const stored = ctx.state.col('emails').replace(sent.id as number, { ...sent, isPending: true, sentDate: '' }, ctx.now());
    return { ...answer, body: stored };
  }),
});
