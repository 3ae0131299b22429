// The proof run of the catalogue suites (child process of test/harness/resources-catalogue.spec.ts):
// the catalogue suites against in-process reference shops, clean and with each fault of
// support/catalogue-fault-cases.ts (a project per fault, running only the tests it must break).
// CATALOGUE_PROOF_CLEAN_ONLY=1 runs the clean project alone (the PROFILE=readonly and full runs).
import { CATALOGUE_FAULT_CASES, CATALOGUE_SUITES } from '../support/catalogue-fault-cases.js';
import { resourceProofConfig } from '../support/resource-proof-config.js';

const cleanOnly = process.env.CATALOGUE_PROOF_CLEAN_ONLY === '1';

export default resourceProofConfig('catalogue', CATALOGUE_SUITES, cleanOnly ? [] : CATALOGUE_FAULT_CASES);
