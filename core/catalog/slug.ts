/**
 * Product ids (docs/design.md §5): the spec's "lowercase, spaces to hyphens", made URL-safe and unique.
 * The result always matches the database check `^[a-z0-9]+(-[a-z0-9]+)*$`.
 */
const FALLBACK_SLUG = 'product';

export function productSlug(name: string): string {
  const slug = name
    // Accents become their base letters (é → e) instead of being dropped.
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || FALLBACK_SLUG;
}

export function uniqueProductSlug(name: string, taken: (id: string) => boolean): string {
  const base = productSlug(name);
  if (!taken(base)) return base;
  let suffix = 2;
  while (taken(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

/** spec §3: a media row's product name not found by name is "lowercased with spaces turned to hyphens". */
export function legacyMediaProductId(raw: string): string {
  return raw.trim().toLowerCase().replace(/\s+/g, '-');
}
