import { describe, expect, it } from 'vitest';
import {
  latestDate,
  SITEMAP_PAGE_SIZE,
  sitemapIndex,
  sitemapPageCount,
  sitemapUrlSet,
} from './sitemap';

describe('the sitemap', () => {
  it('lists each address with its last change as a date, escaped', () => {
    const xml = sitemapUrlSet('https://shop.example', [
      { path: '/', lastModified: '2026-11-22' },
      { path: '/shop?q=a&b', lastModified: new Date('2026-11-01T10:00:00Z') },
      { path: '/blog/x', lastModified: '2026-09-14' },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(
      '<url><loc>https://shop.example/</loc><lastmod>2026-11-22</lastmod></url>',
    );
    expect(xml).toContain(
      '<url><loc>https://shop.example/shop?q=a&amp;b</loc><lastmod>2026-11-01</lastmod></url>',
    );
    expect(xml).toContain('<lastmod>2026-09-14</lastmod>');
    expect(xml.match(/<url>/g)).toHaveLength(3);
    expect(xml.match(/<lastmod>/g)).toHaveLength(3);
  });

  it('dates a listing by its newest entry', () => {
    expect(latestDate(['2026-09-14', new Date('2026-11-01T10:00:00Z'), '2026-10-02'])).toEqual(
      new Date('2026-11-01T10:00:00Z'),
    );
    expect(latestDate([])).toBeUndefined();
  });

  it('splits into pages of 5,000 behind an index', () => {
    const entries = Array.from({ length: SITEMAP_PAGE_SIZE + 1 }, (_, index) => ({
      path: `/product/p${index}`,
      lastModified: '2026-11-22',
    }));
    expect(sitemapPageCount(entries)).toBe(2);
    expect(sitemapPageCount([])).toBe(1);
    const second = sitemapUrlSet('https://shop.example', entries, 2);
    expect(second.match(/<url>/g)).toHaveLength(1);
    expect(second).toContain(`/product/p${SITEMAP_PAGE_SIZE}<`);
    const index = sitemapIndex('https://shop.example', 2, new Date('2026-11-22T00:00:00Z'));
    expect(index).toContain('<loc>https://shop.example/sitemap.xml?page=2</loc>');
    expect(index.match(/<sitemap>/g)).toHaveLength(2);
  });
});
