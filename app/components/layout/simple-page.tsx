import type { ReactNode } from 'react';
import type { MetaDescriptor } from 'react-router';
import { defaultShopName } from '../../../content/shop-name';

/** The frame of a text page: one h1, an optional lead paragraph, then the page's own content. */
export function SimplePage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: string;
  children?: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-semibold tracking-tight">{title}</h1>
      {lead ? <p className="mt-4 text-lg text-ink-muted">{lead}</p> : null}
      {children ? <div className="mt-10 space-y-6">{children}</div> : null}
    </article>
  );
}

interface MetaContext {
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
  location: { pathname: string };
}

export interface PageSeo {
  /** Our own image path or an absolute URL; the shop's default picture otherwise. */
  image?: string | null;
  type?: 'website' | 'article' | 'product';
  /** schema.org objects, each rendered as its own JSON-LD script. */
  structuredData?: readonly object[];
  noindex?: boolean;
}

const defaultImage = '/images/stories/marble-artisans-of-banswara.svg';

/** The site settings the root loader read, for building absolute URLs and titles. */
export function siteFromMatches(matches: MetaContext['matches']): {
  shopName: string;
  publicUrl: string;
} {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as
    { site?: { shopName?: string; publicUrl?: string } } | undefined;
  return {
    shopName: root?.site?.shopName ?? defaultShopName,
    publicUrl: root?.site?.publicUrl ?? '',
  };
}

/**
 * Everything a page tells search engines and link previews: "Page | Shop name", the description,
 * a canonical URL from PUBLIC_URL, Open Graph and Twitter card tags, and JSON-LD.
 */
export function pageMeta(
  { matches, location }: MetaContext,
  title: string,
  description?: string,
  seo: PageSeo = {},
): MetaDescriptor[] {
  const { shopName, publicUrl } = siteFromMatches(matches);
  const url = `${publicUrl}${location.pathname === '/' ? '/' : location.pathname}`;
  const image = absoluteUrl(publicUrl, seo.image ?? defaultImage);
  const fullTitle = `${title} | ${shopName}`;
  return [
    { title: fullTitle },
    ...(description ? [{ name: 'description', content: description }] : []),
    ...(seo.noindex
      ? [{ name: 'robots', content: 'noindex' }]
      : [{ tagName: 'link', rel: 'canonical', href: url }]),
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:site_name', content: shopName },
    { property: 'og:title', content: title },
    ...(description ? [{ property: 'og:description', content: description }] : []),
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    ...(description ? [{ name: 'twitter:description', content: description }] : []),
    { name: 'twitter:image', content: image },
    ...(seo.structuredData ?? []).map((data) => ({ 'script:ld+json': data })),
  ];
}

export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl}`;
}
