// The harness's error classes live in src/core/errors.ts (every layer ranks by them); re-exported
// here for the fixtures and suites that take them from the client.
export { BlockedError, GuardError, HarnessError, isTlsTrustCode, RateLimitError, TransportError, transportCode, UnsupportedError } from '../core/errors.js';
