// How an error is answered: a body Fastify cannot parse as JSON becomes a 500.
import type { FastifyError } from 'fastify';
import { INVALID_JSON } from '../../http/error-answer.js';
import { errorBody } from '../../http/errors.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'malformed-json-500',
  description: 'A malformed JSON body answers 500 instead of 400.',
  catches: ['@check:notAServerError', '@check:negativeDataRejection'],
  area: 'core',
  answer: {
    error: (shop) => (err, op, req) =>
      (err as Partial<FastifyError>).code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? { status: 500, body: { ...errorBody(500, INVALID_JSON, req) } } : shop(err, op, req),
  },
});
