// PUT /emails queues the e-mail without the attachment paths it was sent with.
import type { Json } from '../../engine/schema-tools.js';
import { onOperations } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'email-attachments-dropped',
  description: 'A queued e-mail is stored without its attachment paths.',
  catches: ['@rule:lifecycle'],
  area: 'customers',
  operation: onOperations(['queueEmail'], (handler) => (ctx) => handler({ ...ctx, body: { ...(ctx.body as Json), attachments: [] } })),
});
