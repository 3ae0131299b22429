// The settings a category and a product get when the writer has nothing to say about them: one
// home for the bodies the harness sends (fixtures/factories) and for the records the reference
// shop starts with (reference/seed), which differ only where a seeded storefront shows its records
// (the seed overrides those fields; a record of ours stays off the sitemap and names no customer
// group, since a live shop's groups are not ours to assume).
import type { Json } from '../core/json.js';

/** A category's `settings`, as PUT /categories/{id} takes them. */
export function categorySettings(overrides: Json = {}): Json {
  return {
    categoryListingTemplate: 'categorie_listing.html',
    productListingTemplate: 'product_listing_v1.html',
    sortColumn: 'p.products_price',
    sortDirection: 'ASC',
    onSitemap: false,
    sitemapPriority: '0.5',
    sitemapChangeFrequency: 'daily',
    showAttributes: false,
    showGraduatedPrice: false,
    showQuantity: true,
    showQuantityInfo: false,
    showSubCategories: true,
    showSubCategoryImages: true,
    showSubCategoryNames: true,
    showSubCategoryProducts: false,
    showCategoriesImageInDescription: false,
    isViewModeTiled: true,
    showCategoryFilter: false,
    filterSelectionMode: 0,
    filterValueDeactivation: 0,
    groupPermissions: [],
    ...overrides,
  };
}

/** A product's `settings`, as PUT /products/{id} takes them. */
export function productSettings(overrides: Json = {}): Json {
  return {
    detailsTemplate: 'standard.html',
    optionsDetailsTemplate: 'product_options_dropdown.html',
    optionsListingTemplate: 'product_options_dropdown.html',
    showOnStartpage: false,
    showQuantityInfo: false,
    showWeight: false,
    showPriceOffer: false,
    showAddedDateTime: false,
    priceStatus: 0,
    minOrder: 1,
    graduatedQuantity: 1,
    onSitemap: false,
    sitemapPriority: '0.5',
    sitemapChangeFrequency: 'daily',
    propertiesDropdownMode: '',
    startpageSortOrder: 0,
    showPropertiesPrice: false,
    propertiesCombisQuantityCheckMode: 0,
    usePropertiesCombisShippingTime: false,
    usePropertiesCombisWeight: false,
    groupPermissions: [],
    ...overrides,
  };
}
