// Faults the security pack catches (issue 33): weaknesses of a deployment the vendor does not
// describe, each shown as a security finding of its kind, never a Fail. One file per fault, in
// security/ (data and behaviour together); this file only lists them.
import errorLeaksStackTrace from './security/error-leaks-stack-trace.js';
import errorLeaksServerPath from './security/error-leaks-server-path.js';
import errorNamesClasses from './security/error-names-classes.js';
import errorLeaksSql from './security/error-leaks-sql.js';
import poweredByVersion from './security/powered-by-version.js';
import sessionCookieSet from './security/session-cookie-set.js';
import customerPasswordHashReturned from './security/customer-password-hash-returned.js';
import nosniffMissing from './security/nosniff-missing.js';
import cacheControlMaxAge from './security/cache-control-max-age.js';
import hstsMissing from './security/hsts-missing.js';
import corsOriginReflected from './security/cors-origin-reflected.js';
import sortExpression500 from './security/sort-expression-500.js';
import fieldsErrorReflects from './security/fields-error-reflects.js';
import searchQuoteMatchesAll from './security/search-quote-matches-all.js';
import otherUserAccepted from './security/other-user-accepted.js';
import readonlyFieldStored from './security/readonly-field-stored.js';

export const securityFaults = [errorLeaksStackTrace, errorLeaksServerPath, errorNamesClasses, errorLeaksSql, poweredByVersion, sessionCookieSet, customerPasswordHashReturned, nosniffMissing, cacheControlMaxAge, hstsMissing, corsOriginReflected, sortExpression500, fieldsErrorReflects, searchQuoteMatchesAll, otherUserAccepted, readonlyFieldStored] as const;
