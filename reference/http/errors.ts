// Errors the shop answers with, and the ShopError body every 4xx/5xx carries.
// Handlers throw a *kind* of error; the status is chosen per operation from what the spec declares
// (engine/statuses.ts), because the same problem has different codes on different resources.

export type ErrorKind =
  | 'badRequest'
  | 'invalidId'
  | 'notFound'
  | 'conflict'
  | 'unsupportedMediaType'
  | 'payloadTooLarge'
  | 'unauthorized'
  | 'tooManyRequests'
  | 'methodNotAllowed'
  | 'routeNotFound'
  | 'internal';

const FIXED: Record<ErrorKind, number> = {
  badRequest: 400,
  invalidId: 400,
  notFound: 404,
  conflict: 409,
  unsupportedMediaType: 415,
  payloadTooLarge: 413,
  unauthorized: 401,
  tooManyRequests: 429,
  methodNotAllowed: 405,
  routeNotFound: 404,
  internal: 500,
};

export class ShopError extends Error {
  override name = 'ShopError';
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** Forces a status regardless of the operation (rarely needed). */
    readonly status: number = FIXED[kind],
  ) {
    super(message);
  }
}

export const badRequest = (message: string): ShopError => new ShopError('badRequest', message);
export const invalidId = (message: string): ShopError => new ShopError('invalidId', message);
export const notFound = (message: string): ShopError => new ShopError('notFound', message);
export const conflict = (message: string): ShopError => new ShopError('conflict', message);

export interface RequestInfo {
  method: string;
  /** Full URL as the client addressed it. */
  url: string;
  /** Path below the API root, e.g. /customers/999. */
  path: string;
  root: string;
}

export interface ErrorBody {
  code: number;
  status: 'error';
  message: string;
  request: { method: string; url: string; path: string; uri: { root: string; resource: string } };
}

export function errorBody(status: number, message: string, req: RequestInfo): ErrorBody {
  const resource = req.path.split('/').find((s) => s !== '') ?? '';
  return {
    code: status,
    status: 'error',
    message,
    request: { method: req.method, url: req.url, path: req.path, uri: { root: req.root, resource: decodeSafe(resource) } },
  };
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
