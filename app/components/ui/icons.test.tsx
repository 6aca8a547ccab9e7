/**
 * docs/decisions/020: every icon is a <use> of one committed sprite. The sprite has to match icons.tsx, or
 * an icon added without `npm run icons` would render as an empty box.
 */
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  buildIconSprite,
  iconEntries,
  iconsModulePath,
  spritePath,
} from '../../../scripts/generate-icon-sprite';
import spriteUrl from '../../assets/icons.svg?url&no-inline';
import * as icons from './icons';

const committedSprite = readFileSync(spritePath, 'utf8');
const symbolIds = [...committedSprite.matchAll(/<symbol id="([^"]+)"/g)].map(([, id]) => id);

/** The icon components icons.tsx exports: everything but the Icon they are made of. */
const iconComponents = Object.entries(icons).filter(
  (entry): entry is [string, icons.IconComponent] =>
    entry[0] !== 'Icon' && typeof entry[1] === 'function',
);

function useHref(markup: string): string | undefined {
  return /<use href="([^"]*)"/.exec(markup)?.[1];
}

describe('the icon sprite', () => {
  it('is the one npm run icons writes for icons.tsx', async () => {
    const fresh = await buildIconSprite(readFileSync(iconsModulePath, 'utf8'));
    expect(committedSprite, 'app/assets/icons.svg is out of date: run npm run icons').toBe(fresh);
  });

  it('has a symbol for every icon icons.tsx exports, and no other', () => {
    expect(iconComponents.length).toBe(iconEntries(readFileSync(iconsModulePath, 'utf8')).length);
    const used = iconComponents.map(([name, Component]) => {
      const href = useHref(renderToStaticMarkup(<Component />));
      expect(href?.startsWith(`${spriteUrl}#`), `${name} uses ${href}`).toBe(true);
      const id = href?.slice(spriteUrl.length + 1);
      expect(symbolIds, `${name} uses #${id}`).toContain(id);
      return id;
    });
    expect(new Set(used).size).toBe(used.length);
    expect([...symbolIds].sort()).toEqual([...used].sort());
  });
});

describe('an icon', () => {
  it('draws its symbol from the sprite file, with the classes it is given', () => {
    const markup = renderToStaticMarkup(<icons.X aria-hidden="true" className="h-5 w-5" />);
    // Vite answers /app/assets/icons.svg?no-inline under Vitest and in development, and
    // /assets/icons-<hash>.svg in a build.
    expect(spriteUrl).toMatch(/\/icons(-[\w-]+)?\.svg(\?no-inline)?$/);
    expect(useHref(markup)).toBe(`${spriteUrl}#x`);
    expect(markup).toContain('class="h-5 w-5"');
    expect(markup).toContain('aria-hidden="true"');
    expect(markup).toContain('stroke="currentColor"');
    expect(markup).toContain('fill="none"');
  });

  it('is hidden from assistive tech unless it is given a name, as Lucide did', () => {
    expect(renderToStaticMarkup(<icons.Star />)).toContain('aria-hidden="true"');
    const named = renderToStaticMarkup(<icons.Star role="img" aria-label="Rated 4 of 5" />);
    expect(named).not.toContain('aria-hidden');
    expect(named).toContain('aria-label="Rated 4 of 5"');
  });

  it('takes Lucide’s size and an attribute such as fill or strokeWidth', () => {
    const markup = renderToStaticMarkup(
      <icons.Star size={16} fill="currentColor" strokeWidth={1.5} />,
    );
    expect(markup).toContain('width="16"');
    expect(markup).toContain('height="16"');
    expect(markup).toContain('fill="currentColor"');
    expect(markup).toContain('stroke-width="1.5"');
  });
});
