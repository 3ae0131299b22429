// One palette for the page, the overview picture and the badge, so a colour means the same
// everywhere. Contrast checked against white text where text sits on it.
import type { Outcome } from '../../core/finding.js';
import type { OperationStatus } from './rows.js';

export const STATUS_COLOUR: Record<OperationStatus, string> = {
  conformant: '#2e7d32',
  known: '#b26a00',
  failing: '#c62828',
  unsupported: '#5c6bc0',
  untested: '#b0bec5',
  outOfScope: '#757575',
};

export const STATUS_LABEL: Record<OperationStatus, string> = {
  conformant: 'conformant',
  known: 'known deviation only',
  failing: 'failing',
  unsupported: 'unsupported',
  untested: 'not tested',
  outOfScope: 'out of scope',
};

export const OUTCOME_COLOUR: Record<Outcome, string> = {
  pass: '#2e7d32',
  fail: '#c62828',
  error: '#6a1b9a',
  unsupported: '#5c6bc0',
  skip: '#90a4ae',
  disabled: '#cfd8dc',
};

/** One letter per outcome in the matrix tables (the colour carries the same meaning). */
export const OUTCOME_LETTER: Record<Outcome, string> = {
  pass: 'P',
  fail: 'F',
  error: 'E',
  unsupported: 'U',
  skip: 'S',
  disabled: 'D',
};
