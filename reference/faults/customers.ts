// Faults of the customer rules: unique registree e-mails, guests, bulk creates.
// One file per fault, in customers/ (data and behaviour together); this file only lists them.
import registreeEmailDuplicateOnCreate from './customers/registree-email-duplicate-on-create.js';
import registreeEmailDuplicateOnUpdate from './customers/registree-email-duplicate-on-update.js';
import guestEmailConflict from './customers/guest-email-conflict.js';
import bulkCreatePartial from './customers/bulk-create-partial.js';

export const customerFaults = [registreeEmailDuplicateOnCreate, registreeEmailDuplicateOnUpdate, guestEmailConflict, bulkCreatePartial] as const;
