// Faults of the rules the customer, address, customer-group, e-mail and reference-data suites
// check (suites/resources/): each breaks one rule at the spot where the shop keeps it.
// One file per fault, in customers/ (data and behaviour together); this file only lists them.
import refusedCreateStored from './customers/refused-create-stored.js';
import customerNewAddressIgnored from './customers/customer-new-address-ignored.js';
import customerAddressIdDropped from './customers/customer-address-id-dropped.js';
import customerUpdateAddressIdIgnored from './customers/customer-update-address-id-ignored.js';
import customerMissing200 from './customers/customer-missing-200.js';
import addressUpdateLost from './customers/address-update-lost.js';
import customerGroupPatchLost from './customers/customer-group-patch-lost.js';
import vendorNotFound404 from './customers/vendor-not-found-404.js';
import emailQueuedAsSent from './customers/email-queued-as-sent.js';
import emailSendStaysPending from './customers/email-send-stays-pending.js';
import emailAttachmentsDropped from './customers/email-attachments-dropped.js';
import uploadWithoutFileAccepted from './customers/upload-without-file-accepted.js';
import deletedFilterIgnored from './customers/deleted-filter-ignored.js';

export const customersSuiteFaults = [refusedCreateStored, customerNewAddressIgnored, customerAddressIdDropped, customerUpdateAddressIdIgnored, customerMissing200, addressUpdateLost, customerGroupPatchLost, vendorNotFound404, emailQueuedAsSent, emailSendStaysPending, emailAttachmentsDropped, uploadWithoutFileAccepted, deletedFilterIgnored] as const;
