// Faults of the transport and protocol layer: auth, media types, error bodies, headers, status codes.
import type { Fault } from './types.js';

export const coreFaults = [
  {
    name: 'auth-missing-credentials-accepted',
    description: 'Requests without an Authorization header are served as if authenticated.',
    catches: ['@check:authRequired'],
    area: 'core',
  },
  {
    name: 'auth-wrong-password-accepted',
    description: 'Any password is accepted for the admin user.',
    catches: ['@check:authRequired'],
    area: 'core',
  },
  {
    name: 'auth-no-www-authenticate',
    description: 'A 401 for a missing Authorization header carries no WWW-Authenticate header.',
    catches: ['@check:authRequired'],
    area: 'core',
  },
  {
    name: 'wrong-content-type-accepted',
    description: 'POST/PUT/PATCH with a JSON body sent as text/plain is processed instead of answering 415.',
    catches: ['@check:negativeDataRejection'],
    area: 'core',
  },
  {
    name: 'content-type-text-html',
    description: 'Successful answers are labelled Content-Type: text/html.',
    catches: ['@check:contentTypeConformance'],
    area: 'core',
  },
  {
    name: 'error-body-without-message',
    description: 'Error bodies lack the required `message` field.',
    catches: ['@check:errorBodyShape', '@check:responseSchemaConformance'],
    area: 'core',
  },
  {
    name: 'malformed-json-500',
    description: 'A malformed JSON body answers 500 instead of 400.',
    catches: ['@check:notAServerError', '@check:negativeDataRejection'],
    area: 'core',
  },
  {
    name: 'huge-id-500',
    description: 'A path id beyond 2^53 answers 500 instead of a 4xx.',
    catches: ['@check:notAServerError', '@check:negativeDataRejection'],
    area: 'core',
  },
  {
    name: 'non-integer-id-accepted',
    description: 'A non-integer path id is read as its leading digits (12abc -> 12) instead of being refused.',
    catches: ['@check:negativeDataRejection'],
    area: 'core',
  },
  {
    name: 'method-override-ignored',
    description: 'X-HTTP-Method-Override on a POST is ignored; the request is handled as a POST.',
    catches: ['@check:methodOverride'],
    area: 'core',
  },
  {
    name: 'method-override-creates',
    description: 'A POST with X-HTTP-Method-Override: PUT or PATCH on a record runs as a create in its collection, answered 200 like the real method (GX 4.8).',
    catches: ['@check:methodOverride'],
    area: 'core',
  },
  {
    name: 'undeclared-method-served',
    description: 'A method the spec does not declare on a path (e.g. PATCH /customers/{id}) is served like PUT instead of 405.',
    catches: ['@check:unsupportedOperation'],
    area: 'core',
  },
  {
    name: 'address-create-201',
    description: 'POST /addresses answers 201, not the declared 200.',
    catches: ['@check:statusCodeConformance'],
    area: 'core',
  },
  {
    name: 'order-status-put-200',
    description: 'PUT /order_statuses/{id} answers 200, not the declared 201.',
    catches: ['@check:statusCodeConformance'],
    area: 'core',
  },
  {
    name: 'location-header-missing',
    description: 'Creates answer without a Location header.',
    catches: ['@rule:location-header'],
    area: 'core',
  },
  {
    name: 'rate-limit-headers-missing',
    description: 'Answers carry no X-Rate-Limit-* headers.',
    catches: ['@rule:rate-limit'],
    area: 'core',
  },
  {
    name: 'plain-http-alongside-tls',
    description: 'In TLS mode the same port also answers plain http.',
    catches: ['@check:transportSecurity'],
    area: 'core',
  },
] as const satisfies readonly Fault[];
