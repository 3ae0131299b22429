// Evidence is built where findings are made (src/checks/evidence.ts); re-exported for reporters.
export { evidenceOf, formatEvidence, formatFindings } from '../checks/evidence.js';
