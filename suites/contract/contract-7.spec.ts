// Part 7 of the contract suite (suite.ts says why it is in parts).
import { contractSuite } from './suite.js';

await contractSuite(7);
