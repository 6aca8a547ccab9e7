/**
 * The shop's default name (SHOP_NAME, or the owner's Settings, override it). In a module of its
 * own because the pages carry it as their fallback when the root's data is missing: the rest of
 * content/site.ts (bank details, terms…) need not ship to every browser.
 */
export const defaultShopName = 'Kalakriti Artisan Decor';
