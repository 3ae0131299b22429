// Faults of the transport and protocol layer: auth, media types, error bodies, headers, status codes.
// One file per fault, in core/ (data and behaviour together); this file only lists them.
import authMissingCredentialsAccepted from './core/auth-missing-credentials-accepted.js';
import authWrongPasswordAccepted from './core/auth-wrong-password-accepted.js';
import authNoWwwAuthenticate from './core/auth-no-www-authenticate.js';
import wrongContentTypeAccepted from './core/wrong-content-type-accepted.js';
import contentTypeTextHtml from './core/content-type-text-html.js';
import errorBodyWithoutMessage from './core/error-body-without-message.js';
import malformedJson500 from './core/malformed-json-500.js';
import hugeId500 from './core/huge-id-500.js';
import nonIntegerIdAccepted from './core/non-integer-id-accepted.js';
import methodOverrideIgnored from './core/method-override-ignored.js';
import methodOverrideCreates from './core/method-override-creates.js';
import undeclaredMethodServed from './core/undeclared-method-served.js';
import addressCreate201 from './core/address-create-201.js';
import orderStatusPut200 from './core/order-status-put-200.js';
import locationHeaderMissing from './core/location-header-missing.js';
import rateLimitHeadersMissing from './core/rate-limit-headers-missing.js';
import plainHttpAlongsideTls from './core/plain-http-alongside-tls.js';
import invalidId404 from './core/invalid-id-404.js';
import errorMessageAsDetail from './core/error-message-as-detail.js';

export const coreFaults = [authMissingCredentialsAccepted, authWrongPasswordAccepted, authNoWwwAuthenticate, wrongContentTypeAccepted, contentTypeTextHtml, errorBodyWithoutMessage, malformedJson500, hugeId500, nonIntegerIdAccepted, methodOverrideIgnored, methodOverrideCreates, undeclaredMethodServed, addressCreate201, orderStatusPut200, locationHeaderMissing, rateLimitHeadersMissing, plainHttpAlongsideTls, invalidId404, errorMessageAsDetail] as const;
