// toCurl lives in src/core/curl.ts (evidence is built below the client); re-exported for callers here.
export { toCurl } from '../core/curl.js';
