// At the edge: every answer of GET /countries/{country_id} (success or error) is held
// SLOW_ANSWER_MS before it leaves, so the operation's p95 is over any sensible budget.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { opOf } from '../../http/request-info.js';
import { defineFault } from '../types.js';

/** How long each answer of the slow operation waits; above the default budget of MAX_RESPONSE_MS. */
export const SLOW_ANSWER_MS = 2500;
/** The one operation that answers slowly. */
export const SLOW_OPERATION = 'getCountry';

export default defineFault({
  name: 'slow-answers',
  description: 'Every answer of GET /countries/{country_id} takes 2.5 s, far over the response-time budget.',
  catches: ['@check:responseTime'],
  area: 'core',
  http: {
    onSend: () => async (req: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> => {
      if (opOf(req)?.id === SLOW_OPERATION) await sleep(SLOW_ANSWER_MS);
      return payload;
    },
  },
});
