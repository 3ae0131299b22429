// The rules of customers (facts "Customers", "Bulk forms", "Filters"): a registree's e-mail is
// taken once (409 for another registree with it, which is not stored), guests may share one, a
// bulk create stores what its answer names, a customer is made with a new address or an existing
// one, and no answer carries a password. One home for the customers suite, the uniqueness
// property and the model, so a shop that breaks a rule shows one defect, whichever met it.
import { isObj } from '../../core/json.js';
import { described, observed, project } from '../basis.js';
import { defineRule } from './rule.js';
import { shown } from './shown.js';

const CUSTOMERS = described('description: a customer is a registree or a guest; 409 is declared for customer create and update (facts "Customers")');
const BULK = described('description: a bulk create answers {created, errors}, per record (facts "Bulk forms")');

/** Guests sharing an e-mail (with each other or with a registree): both shops take them; the description does not say. */
export const GUESTS_SHARE = observed('GX 3.2.0.1 and GX 4.8.0.3 let guests share an e-mail (facts "Customers": observed); the description does not say');

/** A batch with one refused record: the description answers bulk writes per record ({created, errors}); 409 for the whole batch and storing none of it is our reading. */
export const BATCH_ALL_OR_NOTHING = project('the description answers a bulk create with {created, errors}, per record (facts "Bulk forms"); refusing the whole batch with 409 and storing none of it is our reading');

/** Another customer type: the operation text names guest and registree; that others get 400 is only observed. */
export const OTHER_TYPE = observed('GX 3.2.0.1 and GX 4.8.0.3 answer 400 to another type (facts "Filters": observed); the description names guest and registree only');

/** A stored customer as the messages name it: its id and last name. */
function label(r: Record<string, unknown>): string {
  return `${String(r.id)} ${typeof r.lastname === 'string' ? r.lastname : ''}`.trim();
}


/** Who holds an e-mail after the write, and who should. */
export interface Holders {
  /** The e-mail, or what it is to a reader (`registree 7's e-mail`). */
  what: string;
  /** Registrees holding it. */
  holders: readonly string[];
  /** Exactly these should (the first registree; the one whose update was refused)... */
  want?: readonly string[];
  /** ... or at most this many (a batch that names one e-mail twice). */
  atMost?: number;
}

export interface EmailTakenInput {
  /** The status of the write that names a taken e-mail (a create, a batch, an update); undefined: only the holders are judged. */
  status?: number;
  transportError?: string | undefined;
  /** The write is a batch: its 409 is our reading (BATCH_ALL_OR_NOTHING), the holders are not. */
  batch?: boolean;
  /** Who holds the e-mails involved afterwards. */
  held?: readonly Holders[];
}

/**
 * `email-taken-once`: a registree's e-mail is held by one registree: another registree with it
 * (created alone or in a batch, or updated to it) is refused with 409 and not stored, and the
 * registree whose update is refused keeps its own. The write that named the taken e-mail is the
 * evidence, whichever part broke, so a shop without the check shows one defect.
 */
export const emailTakenOnceRule = defineRule<EmailTakenInput>({
  name: 'email-taken-once',
  tag: 'unique-email',
  basis: CUSTOMERS,
  title: "a registree's e-mail should be taken once: another registree with it refused with 409 and not stored",
  judge: (i) => {
    const problems = [];
    if (i.status !== undefined && i.status !== 409) problems.push({ message: `the write with the taken e-mail answered ${i.status || i.transportError || 'nothing'}, not 409`, basis: i.batch ? BATCH_ALL_OR_NOTHING : CUSTOMERS });
    for (const h of i.held ?? []) {
      const wrong = h.want ? [...h.holders].sort().join(',') !== [...h.want].sort().join(',') : h.holders.length > (h.atMost ?? 1);
      if (wrong) problems.push({ message: `${h.what} is held by [${h.holders.join(', ')}]${h.want ? `, should be by [${h.want.join(', ')}]` : `, should be by at most ${h.atMost ?? 1}`}`, basis: CUSTOMERS });
    }
    return problems;
  },
});

/** `guests-share-email`: a guest is created with an e-mail a registree or another guest has (observed, not described). */
export const guestsShareRule = defineRule<{ status: number; transportError?: string | undefined; body: unknown }>({
  name: 'guests-share-email',
  tag: 'unique-email',
  basis: GUESTS_SHARE,
  title: "a guest with another customer's e-mail should be created (guests may share e-mails)",
  judge: (i) => (i.status >= 200 && i.status < 300 ? undefined : `answered ${i.status || i.transportError || 'nothing'}: ${shown(i.body)}`),
});

export interface StoresNamedInput {
  /** Records of the batch stored (found afterwards), and the ids its answer names as created. */
  stored: readonly Record<string, unknown>[];
  named: readonly string[];
  status: number;
}

/** `stores-what-it-names`: a bulk create stores only the records its answer names as created (an error answer names none). */
export const storesWhatItNamesRule = defineRule<StoresNamedInput>({
  name: 'stores-what-it-names',
  tag: 'bulk',
  basis: BULK,
  title: 'a bulk create should store only the records its answer names as created',
  judge: (i) => {
    const hidden = i.stored.filter((r) => !i.named.includes(String(r.id)));
    return hidden.length ? `stored but not in the answer's created: ${shown(hidden.map((r) => label(r)))}; answered ${i.status}` : undefined;
  },
});

/** `refused-batch-stores-none`: a batch refused as a whole stores none of its records (our reading: BATCH_ALL_OR_NOTHING). */
export const refusedBatchStoresNoneRule = defineRule<{ stored: readonly Record<string, unknown>[] }>({
  name: 'refused-batch-stores-none',
  tag: 'bulk',
  basis: BATCH_ALL_OR_NOTHING,
  title: 'a bulk create refused with 409 should store none of its records',
  judge: (i) => (i.stored.length ? `stored: ${shown(i.stored.map((r) => label(r)))}` : undefined),
});

/** `no-password`: no answer carries a customer's password. */
export const noPasswordRule = defineRule<{ records: readonly unknown[] }>({
  name: 'no-password',
  tag: 'password-hidden',
  basis: described('description: the password is write-only (facts "Customers")'),
  title: 'no answer should carry a password',
  severity: 'critical',
  judge: (i) => {
    const carrying = i.records.find((r) => isObj(r) && 'password' in r);
    return carrying === undefined ? undefined : `"password" answered: ${shown(carrying)}`;
  },
});

const ADDRESS = described('description: a customer create takes a new address or an existing addressId; an update takes addressId only (facts "Customers")');

export interface CustomerAddressInput {
  /** The addressId the customer should have (undefined: a new one, any positive id), and what the answers hold. */
  want: number | undefined;
  answered: readonly unknown[];
}

/** `customer-address-kept`: a customer created or updated with an address points at it (a new one made with it, or the addressId sent). */
export const customerAddressRule = defineRule<CustomerAddressInput>({
  name: 'customer-address-kept',
  tag: 'customer-address',
  basis: ADDRESS,
  title: "a customer created or updated with an address should point at that address",
  judge: (i) => {
    const wrong = i.answered.filter((a) => (i.want === undefined ? !(typeof a === 'number' && a > 0) : a !== i.want));
    return wrong.length ? `addressId ${i.answered.map((a) => shown(a)).join(', ')}; expected ${i.want ?? 'a new address'}` : undefined;
  },
});

/** `address-object-on-update`: an update with an address object is refused (400) or leaves the address as it was. */
export const addressObjectOnUpdateRule = defineRule<{ status: number; before: number; after: unknown }>({
  name: 'address-object-on-update',
  tag: 'customer-address',
  basis: ADDRESS,
  title: 'an update with an address object should be refused (400) or leave the address alone',
  judge: (i) => (i.status === 400 || (i.status < 300 && i.after === i.before) ? undefined : `answered ${i.status}; addressId afterwards ${shown(i.after)} (was ${i.before})`),
});
