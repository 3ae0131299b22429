// How a thrown error is answered: its status (per operation, from what the spec declares) and the
// shop's error body. The app's error handler calls it through the error point of points.ts.
import type { FastifyError } from 'fastify';
import type { Operation } from '../../src/spec/types.js';
import { errorStatus } from '../engine/statuses.js';
import { errorBody, ShopError, type RequestInfo } from './errors.js';

export interface ErrorAnswer {
  status: number;
  body: Record<string, unknown>;
}

export type ErrorAnswerFn = (err: unknown, op: Operation | undefined, req: RequestInfo) => ErrorAnswer;

/** Status and message of anything thrown while handling a request. */
function classify(err: unknown, op: Operation | undefined): { status: number; message: string } {
  if (err instanceof ShopError) return { status: errorStatus(op, err.kind, err.status), message: err.message };
  const fe = err as Partial<FastifyError>;
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: INVALID_JSON };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, message: 'The request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'Unsupported Content-Type; send application/json.' };
    case 'FST_BASIC_AUTH_MISSING_OR_BAD_AUTHORIZATION_HEADER':
      return { status: 401, message: 'Authentication required: send HTTP Basic credentials.' };
    default:
      break;
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode, message: fe.message ?? 'Bad request.' };
  }
  // A bug of the shop: visible on stderr, answered with the error body like everything else.
  console.error('[reference shop] unexpected error:', err);
  return { status: 500, message: 'Internal error of the reference shop.' };
}

export const INVALID_JSON = 'The request body is not valid JSON.';

export const errorAnswer: ErrorAnswerFn = (err, op, req) => {
  const { status, message } = classify(err, op);
  return { status, body: { ...errorBody(status, message, req) } };
};
