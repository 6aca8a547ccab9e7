/**
 * The shop's saved preferences (spec §2 Shop listing): sortBy, viewMode, priceRange,
 * selectedMaterials and scrollPosition, kept in the browser per category. Pure conversions
 * between what is stored and the listing state of the URL.
 */
import {
  DEFAULT_PRICE_RANGE,
  DEFAULT_SORT,
  SORT_OPTIONS,
  type ShopQuery,
  type SortOption,
  type ViewMode,
} from './shop-listing';

// Read by hand rather than with zod: this runs on the shop page, and zod would double its script.
export interface ShopPreferences {
  sortBy: SortOption;
  viewMode: ViewMode;
  priceRange: [number, number];
  selectedMaterials: string[];
  scrollPosition: number;
}

/** One key per category, so each listing remembers its own state. */
export function shopPreferencesKey(categorySlug: string | undefined): string {
  return `shop-preferences:${categorySlug ?? 'all'}`;
}

export function preferencesFromQuery(query: ShopQuery, scrollPosition: number): ShopPreferences {
  return {
    sortBy: query.sort,
    viewMode: query.view,
    priceRange: [
      query.minPrice ?? DEFAULT_PRICE_RANGE[0],
      query.maxPrice ?? DEFAULT_PRICE_RANGE[1],
    ],
    selectedMaterials: query.materials,
    scrollPosition: Math.max(0, Math.round(scrollPosition)),
  };
}

/** The listing state to restore; the default price range stays out of the URL. */
export function queryFromPreferences(preferences: ShopPreferences): Partial<ShopQuery> {
  const [min, max] = preferences.priceRange;
  return {
    sort: preferences.sortBy,
    view: preferences.viewMode,
    materials: preferences.selectedMaterials,
    minPrice: min === DEFAULT_PRICE_RANGE[0] ? null : min,
    maxPrice: max === DEFAULT_PRICE_RANGE[1] ? null : max,
  };
}

const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

function readPriceRange(value: unknown): [number, number] {
  if (Array.isArray(value) && value.length === 2) {
    const [min, max] = value as unknown[];
    if (isAmount(min) && isAmount(max)) return [min, max];
  }
  return [...DEFAULT_PRICE_RANGE];
}

/** Reads what was stored; anything damaged or from an older shape falls back field by field. */
export function parseStoredPreferences(stored: string | null): ShopPreferences | null {
  if (!stored) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const saved = value as Record<string, unknown>;
  const { priceRange, selectedMaterials } = saved;
  return {
    sortBy: SORT_OPTIONS.find((option) => option.value === saved.sortBy)?.value ?? DEFAULT_SORT,
    viewMode: saved.viewMode === 'list' ? 'list' : 'grid',
    priceRange: readPriceRange(priceRange),
    selectedMaterials:
      Array.isArray(selectedMaterials) &&
      selectedMaterials.every((material) => typeof material === 'string')
        ? selectedMaterials
        : [],
    scrollPosition: isAmount(saved.scrollPosition) ? saved.scrollPosition : 0,
  };
}
