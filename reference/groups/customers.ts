// Customers and their addresses. Rules: a registree's e-mail is unique among registrees (409 on
// create and update; a bulk create with a conflict stores nothing); guests may share e-mails;
// passwords are stored apart from the record and never answered; a create takes either a new
// `address` or the `addressId` of an existing one, an update only `addressId`.
import type { OpContext } from '../engine/context.js';
import type { ResourceDef } from '../engine/resource.js';
import type { Json } from '../engine/schema-tools.js';
import { badRequest, conflict, ShopError } from '../http/errors.js';
import { mayRefer, mustExist, type GroupModule } from './module.js';

function sameEmail(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();
}

function checkEmail(input: Json, ctx: OpContext, existing: Json | undefined, others: Json[]): void {
  const isGuest = input.isGuest === true;
  if (isGuest) {
    if (!ctx.faults.has('guest-email-conflict')) return;
    const clash = ctx.state.col('customers').all().some((c) => c.id !== existing?.id && sameEmail(c.email, input.email));
    if (clash) throw conflict(`The e-mail ${String(input.email)} is already used.`);
    return;
  }
  if (existing ? ctx.faults.has('registree-email-duplicate-on-update') : ctx.faults.has('registree-email-duplicate-on-create')) return;
  const registrees = [...ctx.state.col('customers').all(), ...others].filter((c) => c.isGuest !== true && (existing === undefined || c.id !== existing.id));
  if (registrees.some((c) => sameEmail(c.email, input.email))) {
    if (!existing && ctx.faults.has('refused-create-stored')) {
      const { password: _p, address: _a, ...record } = input;
      ctx.state.col('customers').insert(record, ctx.now());
    }
    throw conflict(`The e-mail ${String(input.email)} belongs to another registered customer.`);
  }
}

function prepare(input: Json, ctx: OpContext, existing: Json | undefined, others: Json[]): Json {
  if (existing && 'address' in input) throw badRequest('An update takes the address as addressId only.');
  if (!existing && 'address' in input && 'addressId' in input) throw badRequest('Give either a new address or an addressId, not both.');
  if ('addressId' in input) mayRefer(ctx, 'addresses', input.addressId, 'Address');
  if (isAddressInput(input.address)) mustExist(ctx, 'countries', input.address.countryId, 'Country');
  checkEmail(input, ctx, existing, others);
  const { password: _password, address: _address, ...rest } = input;
  return {
    number: '',
    dateOfBirth: '',
    vatNumber: '',
    vatNumberStatus: 0,
    telephone: '',
    fax: '',
    statusId: input.isGuest === true ? 1 : 2,
    addonValues: '',
    ...rest,
    addressId: typeof input.addressId === 'number' && !ctx.faults.has(existing ? 'customer-update-address-id-ignored' : 'customer-address-id-dropped') ? input.addressId : (existing?.addressId ?? 0),
  };
}

function isAddressInput(v: unknown): v is Json & { countryId: unknown } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function afterStore(stored: Json, input: Json, ctx: OpContext, created: boolean): Json {
  const id = stored.id as number;
  const now = ctx.now();
  if (typeof input.password === 'string') {
    const creds = ctx.state.col('credentials');
    if (creds.has(id)) creds.replace(id, { password: input.password }, now);
    else creds.insert({ id, password: input.password }, now);
  }
  let out = stored;
  if (created && isAddressInput(input.address) && !ctx.faults.has('customer-new-address-ignored')) {
    const a = input.address;
    const address = ctx.state.col('addresses').insert(
      {
        customerId: id,
        gender: a.gender,
        company: a.company ?? '',
        firstname: a.firstname,
        lastname: a.lastname,
        street: a.street,
        houseNumber: a.houseNumber ?? '',
        additionalAddressInfo: a.additionalAddressInfo ?? '',
        suburb: a.suburb ?? '',
        postcode: a.postcode,
        city: a.city,
        countryId: a.countryId,
        zoneId: a.zoneId ?? 0,
        class: a.class ?? '',
        b2bStatus: a.b2bStatus ?? false,
      },
      now,
    );
    out = ctx.state.col('customers').replace(id, { ...stored, addressId: address.id }, now);
  }
  return out;
}

/** Fault customer-update-lost-after-recreate: a deleted customer had the e-mail of the one being updated. */
function recreated(ctx: OpContext): boolean {
  const current = ctx.state.col('customers').get(ctx.params.customer_id as number);
  return current !== undefined && ctx.state.col('customers').deleted().some((t) => sameEmail(t.record.email, current.email));
}

function view(rec: Json, ctx: OpContext): Json {
  const out = { ...rec };
  if (ctx.faults.has('customer-without-email')) delete out.email;
  if (ctx.faults.has('customer-password-returned')) {
    const cred = ctx.state.col('credentials').get(rec.id as number);
    if (cred) out.password = cred.password;
  }
  return out;
}

const customers: ResourceDef = {
  collection: 'customers',
  path: '/customers',
  label: 'Customer',
  prepare,
  afterStore,
  view,
  // The shop answers success for missing customers too (facts: deletes of customers are idempotent).
  idempotentDelete: true,
  filters: {
    type: (rec, value, ctx) => ctx.faults.has('type-filter-ignored') || (value === 'guest') === (rec.isGuest === true),
  },
  onDelete: (rec, ctx) => {
    const at = ctx.now();
    for (const a of ctx.state.col('addresses').where((x) => x.customerId === rec.id)) ctx.state.col('addresses').remove(a.id as number, at);
    ctx.state.col('credentials').remove(rec.id as number, at);
  },
};

const addresses: ResourceDef = {
  collection: 'addresses',
  path: '/addresses',
  label: 'Address',
  prepare: (input, ctx, existing) => {
    mustExist(ctx, 'customers', input.customerId, 'Customer');
    mustExist(ctx, 'countries', input.countryId, 'Country');
    mayRefer(ctx, 'zones', input.zoneId, 'Zone');
    return existing && ctx.faults.has('address-update-lost') ? { ...existing } : { ...input };
  },
};

export const customerGroup: GroupModule = {
  resources: [customers, addresses],
  wrap: {
    createAddress: (generic) => async (ctx) => {
      const answer = await generic(ctx);
      return ctx.faults.has('address-create-201') ? { ...answer, status: 201 } : answer;
    },
    getCustomer: (generic) => async (ctx) => {
      try {
        return await generic(ctx);
      } catch (err) {
        if (err instanceof ShopError && err.kind === 'notFound' && ctx.faults.has('customer-missing-200')) return { body: {} };
        throw err;
      }
    },
    updateCustomer: (generic) => async (ctx) => {
      if (!ctx.faults.has('customer-update-lost') && !(ctx.faults.has('customer-update-lost-after-recreate') && recreated(ctx))) return generic(ctx);
      const before = ctx.state.col('customers').get(ctx.params.customer_id as number);
      const answer = await generic(ctx);
      if (before) ctx.state.col('customers').replace(before.id as number, before, ctx.now());
      return answer;
    },
  },
};
