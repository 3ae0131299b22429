// Faults the generic checks need beyond the core set: each proves a check can tell what it must.
// One file per fault, in core/ (data and behaviour together); this file only lists them.
import operationUnsupported from './core/operation-unsupported.js';
import slowAnswers from './core/slow-answers.js';
import orderVatIdTextOnly from './core/order-vat-id-text-only.js';

export const checkExtraFaults = [operationUnsupported, slowAnswers, orderVatIdTextOnly] as const;
