/**
 * The region a browser names in `Accept-Language` ("en-US,en;q=0.9" → "US"): its most wanted
 * language that carries a two-letter region subtag. One reading for the currency a page shows
 * beside rupees (core/money/display-currency.ts) and the country an address form starts from
 * (core/identity/countries.ts). No zod and no tables here: both load with public pages.
 */
export function regionOfAcceptLanguage(header: string | null | undefined): string | null {
  if (!header) return null;
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters
        .map((parameter) => parameter.trim())
        .find((parameter) => parameter.startsWith('q='));
      const weight = quality ? Number(quality.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((each) => each.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of tags) {
    const region = tag
      .split('-')
      .slice(1)
      .find((subtag) => /^[A-Za-z]{2}$/.test(subtag));
    if (region) return region.toUpperCase();
  }
  return null;
}
