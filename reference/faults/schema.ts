// Faults in the shape of answers: missing, mistyped or leaked fields.
// One file per fault, in schema/ (data and behaviour together); this file only lists them.
import customerWithoutEmail from './schema/customer-without-email.js';
import productPriceAsString from './schema/product-price-as-string.js';
import customerPasswordReturned from './schema/customer-password-returned.js';
import wrongTypesAccepted from './schema/wrong-types-accepted.js';
import languageKeysUppercase from './schema/language-keys-uppercase.js';

export const schemaFaults = [customerWithoutEmail, productPriceAsString, customerPasswordReturned, wrongTypesAccepted, languageKeysUppercase] as const;
