// The proof run of the customer-group suites (child process of
// test/harness/resources-customers.spec.ts): the customer-group suites against in-process reference
// shops, clean and with each fault of support/customer-fault-cases.ts (a project per fault,
// running only the tests it must break). CUSTOMERS_PROOF_MODE:
//   standard (default)  clean + every case without a profile
//   full                clean + the PROFILE=full cases (run it with PROFILE=full)
//   clean               the clean project alone (the PROFILE=readonly run)
import { CUSTOMER_FAULT_CASES, CUSTOMER_SUITES } from '../support/customer-fault-cases.js';
import { resourceProofConfig } from '../support/resource-proof-config.js';

const mode = process.env.CUSTOMERS_PROOF_MODE ?? 'standard';
const cases = mode === 'clean' ? [] : CUSTOMER_FAULT_CASES.filter((c) => (mode === 'full' ? c.profile === 'full' : c.profile === undefined));

export default resourceProofConfig('customers', CUSTOMER_SUITES, cases);
