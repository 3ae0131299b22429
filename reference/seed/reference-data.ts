// Languages, countries (81 = Germany with its zones), address formats, taxes, order statuses,
// customer groups, quantity units, VPE, parcel services and the shop information.
import type { Json } from '../engine/schema-tools.js';
import { customerGroupConfigurations, customerGroupSettings } from '../../src/spec/record-defaults.js';

const ml = (en: string, de: string) => ({ en, de });

export const languages: Json[] = [
  { id: 1, name: 'English', code: 'en', image: 'icon.gif', directory: 'english', sortOrder: 1, status: true, statusAdmin: true, currency: 'EUR', currencyId: 1 },
  { id: 2, name: 'Deutsch', code: 'de', image: 'icon.gif', directory: 'german', sortOrder: 2, status: true, statusAdmin: true, currency: 'EUR', currencyId: 1 },
];

export const addressFormats: Json[] = [
  { id: 1, format: '$firstname $lastname$cr$streets$cr$city, $postcode$cr$statecomma$country', summary: '$city / $country' },
  { id: 5, format: '$firstname $lastname$cr$streets$cr$postcode $city$cr$country', summary: '$city / $country' },
];

export const countries: Json[] = [
  { id: 1, name: 'Afghanistan', iso2: 'AF', iso3: 'AFG', addressFormatId: 1, status: false },
  { id: 14, name: 'Austria', iso2: 'AT', iso3: 'AUT', addressFormatId: 5, status: true },
  { id: 21, name: 'Belgium', iso2: 'BE', iso3: 'BEL', addressFormatId: 5, status: true },
  { id: 73, name: 'France', iso2: 'FR', iso3: 'FRA', addressFormatId: 5, status: true },
  { id: 81, name: 'Germany', iso2: 'DE', iso3: 'DEU', addressFormatId: 5, status: true },
  { id: 150, name: 'Netherlands', iso2: 'NL', iso3: 'NLD', addressFormatId: 5, status: true },
  { id: 204, name: 'Switzerland', iso2: 'CH', iso3: 'CHE', addressFormatId: 5, status: true },
  { id: 222, name: 'United Kingdom', iso2: 'GB', iso3: 'GBR', addressFormatId: 1, status: true },
  { id: 223, name: 'United States', iso2: 'US', iso3: 'USA', addressFormatId: 1, status: false },
];

const germanStates: [number, string, string][] = [
  [1278, 'Baden-Württemberg', 'BW'],
  [1279, 'Bavaria', 'BY'],
  [1280, 'Berlin', 'BE'],
  [1281, 'Brandenburg', 'BB'],
  [1282, 'Bremen', 'HB'],
  [1283, 'Hamburg', 'HH'],
  [1284, 'Hesse', 'HE'],
  [1285, 'Mecklenburg-Vorpommern', 'MV'],
  [1286, 'Lower Saxony', 'NI'],
  [1287, 'North Rhine-Westphalia', 'NW'],
  [1288, 'Rhineland-Palatinate', 'RP'],
  [1289, 'Saarland', 'SL'],
  [1290, 'Saxony', 'SN'],
  [1291, 'Saxony-Anhalt', 'ST'],
  [1292, 'Schleswig-Holstein', 'SH'],
  [1293, 'Thuringia', 'TH'],
];

const austrianStates: [number, string, string][] = [
  [95, 'Vienna', 'W'],
  [96, 'Lower Austria', 'NO'],
  [97, 'Tyrol', 'T'],
];

export const zones: Json[] = [
  { id: 1, name: 'Alabama', iso: 'AL', _countryId: 223 },
  ...austrianStates.map(([id, name, iso]) => ({ id, name, iso, _countryId: 14 })),
  ...germanStates.map(([id, name, iso]) => ({ id, name, iso, _countryId: 81 })),
];

export const taxClasses: Json[] = [
  { id: 1, title: 'Standard rate', description: 'Goods at the standard VAT rate' },
  { id: 2, title: 'Reduced rate', description: 'Food and books at the reduced VAT rate' },
];

export const taxZones: Json[] = [
  { id: 1, name: 'Germany', description: 'Domestic sales' },
  { id: 2, name: 'EU', description: 'Other EU member states' },
];

export const taxRates: Json[] = [
  { id: 1, taxZoneId: 1, taxClassId: 1, taxRate: '19.0000', description: 'VAT 19%' },
  { id: 2, taxZoneId: 1, taxClassId: 2, taxRate: '7.0000', description: 'VAT 7%' },
  { id: 3, taxZoneId: 2, taxClassId: 1, taxRate: '19.0000', description: 'VAT 19% (EU)' },
];

export const orderStatuses: Json[] = [
  { id: 1, names: ml('Pending', 'Offen'), color: '#e0a800' },
  { id: 2, names: ml('Processing', 'In Bearbeitung'), color: '#17a2b8' },
  { id: 3, names: ml('Shipped', 'Versendet'), color: '#28a745' },
  { id: 99, names: ml('Cancelled', 'Storniert'), color: '#dc3545' },
];

// The seed's groups show the age-restricted mark (fsk18Display); which are public and which get
// graduated prices is each group's own.
const groupSettings = (pub: boolean, graduated: boolean): Json => customerGroupSettings({ public: pub, graduatedPrices: graduated, fsk18Display: true });
const groupConfig = (discount: number): Json => customerGroupConfigurations({ discount });

export const customerGroups: Json[] = [
  { id: 1, names: ml('Admin', 'Admin'), settings: groupSettings(false, true), configurations: groupConfig(0) },
  { id: 2, names: ml('Guest', 'Gast'), settings: groupSettings(true, false), configurations: groupConfig(0) },
  { id: 3, names: ml('New customer', 'Neuer Kunde'), settings: groupSettings(true, true), configurations: groupConfig(0) },
  { id: 4, names: ml('Merchant', 'Händler'), settings: groupSettings(false, true), configurations: groupConfig(5) },
];

export const quantityUnits: Json[] = [
  { id: 1, names: ml('piece', 'Stück') },
  { id: 2, names: ml('kg', 'kg') },
  { id: 3, names: ml('pack', 'Packung') },
];

export const vpe: Json[] = [
  { id: 1, default: true, names: ml('100 g', '100 g') },
  { id: 2, default: false, names: ml('1 l', '1 l') },
];

export const parcelServices: Json[] = [
  {
    id: 1,
    name: 'DHL',
    isDefault: true,
    descriptions: [{ url: ml('https://tracking.example.test/dhl?code={TRACKING_NUMBER}', 'https://tracking.example.test/dhl?code={TRACKING_NUMBER}'), comment: ml('Parcel', 'Paket') }],
  },
  {
    id: 2,
    name: 'UPS',
    isDefault: false,
    descriptions: [{ url: ml('https://tracking.example.test/ups?code={TRACKING_NUMBER}', 'https://tracking.example.test/ups?code={TRACKING_NUMBER}'), comment: ml('Express', 'Express') }],
  },
];

export function shopInformation(adminEmail: string): Json {
  return {
    id: 1,
    url: 'https://shop.example.test/shop1',
    shopName: 'Conformance Garden Store',
    owner: 'Example Trading GmbH',
    company: 'Example Trading GmbH',
    firstname: 'Erika',
    lastname: 'Mustermann',
    street: 'Musterstraße',
    houseNumber: '1',
    postcode: '80331',
    city: 'München',
    state: 'Bavaria',
    country: 'Germany',
    telephone: '+49 89 000000',
    fax: '',
    email: adminEmail,
    zoneId: '1279',
    countryId: '81',
    template: 'Honeygrid',
    shopVersion: 'v3.9.0',
  };
}
