/**
 * The footer's social buttons (docs/requirements.md §2 "Header and footer"): one for each social
 * link the settings hold, in a fixed order, each with its own glyph. The glyphs are our own (icon
 * sets no longer ship brand marks) and go to the page as data, so they add nothing to the script
 * every storefront page loads.
 */
import type { SiteSettings } from '../../../content/site';

export interface SocialLink {
  url: string;
  label: string;
  /** The glyph's SVG path, drawn with a 2 px stroke in a 24 × 24 box. */
  glyph: string;
}

const networks = [
  {
    key: 'socialUrl',
    name: 'Instagram',
    glyph:
      'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zM16 12a4 4 0 1 1-8 0a4 4 0 1 1 8 0zM17.5 6.5h.01',
  },
  {
    key: 'facebookUrl',
    name: 'Facebook',
    glyph: 'M17 3h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V7.5a.5.5 0 0 1 .5-.5H17z',
  },
  {
    key: 'youtubeUrl',
    name: 'YouTube',
    glyph: 'M6 5h12a4 4 0 0 1 4 4v6a4 4 0 0 1-4 4H6a4 4 0 0 1-4-4V9a4 4 0 0 1 4-4zM10 9v6l5-3z',
  },
  {
    key: 'pinterestUrl',
    name: 'Pinterest',
    glyph: 'M21 12a9 9 0 1 1-18 0a9 9 0 1 1 18 0zM10 20l2-10M10.5 14H13a3 3 0 0 0 0-6h-1.5',
  },
] as const;

/** The buttons to show: a link left empty has none. SOCIAL_LABEL still names Instagram's. */
export function socialLinksOf(site: SiteSettings): SocialLink[] {
  return networks.flatMap(({ key, name, glyph }) => {
    const url = site[key];
    if (!url) return [];
    const label = key === 'socialUrl' ? site.socialLabel : `Follow us on ${name}`;
    return [{ url, label, glyph }];
  });
}
