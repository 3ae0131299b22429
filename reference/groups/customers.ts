// Customers and their addresses. Rules: a registree's e-mail is unique among registrees (409 on
// create and update; a bulk create with a conflict stores nothing); guests may share e-mails;
// passwords are stored apart from the record and never answered; a create takes either a new
// `address` or the `addressId` of an existing one, an update only `addressId`.
import type { OpContext } from '../engine/context.js';
import type { ResourceDef } from '../engine/resource.js';
import type { Json } from '../engine/schema-tools.js';
import { badRequest, conflict } from '../http/errors.js';
import { mayRefer, mustExist, type GroupModule } from './module.js';

/** E-mails compare trimmed and case-insensitively. */
export function sameEmail(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** A registree's e-mail is unique among registrees (also among the records of one bulk create); guests may share. */
function uniqueEmail(input: Json, ctx: OpContext, existing: Json | undefined, others: Json[]): void {
  if (input.isGuest === true) return;
  const registrees = [...ctx.state.col('customers').all(), ...others].filter((c) => c.isGuest !== true && (existing === undefined || c.id !== existing.id));
  if (registrees.some((c) => sameEmail(c.email, input.email))) throw conflict(`The e-mail ${String(input.email)} belongs to another registered customer.`);
}

function prepare(input: Json, ctx: OpContext, existing: Json | undefined): Json {
  if (existing && 'address' in input) throw badRequest('An update takes the address as addressId only.');
  if (!existing && 'address' in input && 'addressId' in input) throw badRequest('Give either a new address or an addressId, not both.');
  if ('addressId' in input) mayRefer(ctx, 'addresses', input.addressId, 'Address');
  if (isAddressInput(input.address)) mustExist(ctx, 'countries', input.address.countryId, 'Country');
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
    addressId: typeof input.addressId === 'number' ? input.addressId : (existing?.addressId ?? 0),
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
  if (created && isAddressInput(input.address)) {
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

const customers: ResourceDef = {
  collection: 'customers',
  path: '/customers',
  label: 'Customer',
  prepare,
  unique: uniqueEmail,
  afterStore,
  // The shop answers success for missing customers too (facts: deletes of customers are idempotent).
  idempotentDelete: true,
  filters: {
    type: (rec, value) => (value === 'guest') === (rec.isGuest === true),
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
  prepare: (input, ctx) => {
    mustExist(ctx, 'customers', input.customerId, 'Customer');
    mustExist(ctx, 'countries', input.countryId, 'Country');
    mayRefer(ctx, 'zones', input.zoneId, 'Zone');
    return { ...input };
  },
};

export const customerGroup: GroupModule = { resources: [customers, addresses] };
