// The proof run of the order suites (child process of test/harness/resources-orders.spec.ts): the
// order suites against in-process reference shops, clean and with each fault of
// support/order-fault-cases.ts (a project per fault, running only the tests it must break).
// ORDERS_PROOF_CLEAN_ONLY=1 runs the clean project alone (the PROFILE=readonly run).
import { ORDER_FAULT_CASES, ORDER_SUITES } from '../support/order-fault-cases.js';
import { resourceProofConfig } from '../support/resource-proof-config.js';

const cleanOnly = process.env.ORDERS_PROOF_CLEAN_ONLY === '1';

export default resourceProofConfig('order', ORDER_SUITES, cleanOnly ? [] : ORDER_FAULT_CASES);
