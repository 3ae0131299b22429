// Reference data the shop ships with: languages, countries and zones, address formats, taxes,
// shop information. Read-only through the API.
import type { Handler } from '../engine/context.js';
import { idParam } from '../engine/context.js';
import type { ResourceDef } from '../engine/resource.js';
import { notFound } from '../http/errors.js';
import type { GroupModule } from './module.js';

const countries: ResourceDef = { collection: 'countries', path: '/countries', label: 'Country' };

const getCountriesZones: Handler = (ctx) => {
  const id = idParam(ctx, 'country_id');
  if (!ctx.state.col('countries').has(id)) throw notFound(`Country ${id} was not found.`);
  return { body: ctx.state.col('zones').where((z) => z._countryId === id) };
};

const getShopInformation: Handler = (ctx) => ({ body: ctx.state.col('shopInformation').get(1) ?? {} });

export const referenceData: GroupModule = {
  resources: [
    { collection: 'languages', path: '/languages', label: 'Language' },
    { collection: 'addressFormats', path: '/address_formats', label: 'Address format' },
    countries,
    { collection: 'zones', path: '/zones', label: 'Zone' },
    {
      collection: 'taxClasses',
      path: '/tax_classes',
      label: 'Tax class',
      view: (rec, ctx) => ({ ...rec, taxRates: ctx.state.col('taxRates').where((r) => r.taxClassId === rec.id) }),
    },
    { collection: 'taxRates', path: '/tax_rates', label: 'Tax rate' },
    { collection: 'taxZones', path: '/tax_zones', label: 'Tax zone' },
  ],
  handlers: { getCountriesZones, getShopInformation },
};
