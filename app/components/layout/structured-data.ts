/** schema.org objects for JSON-LD (issue: findability). Pure builders, checked in the e2e suite. */

export function breadcrumbList(origin: string, trail: readonly { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  };
}

export function organizationAndWebsite(origin: string, shopName: string, logo: string) {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: shopName,
      url: `${origin}/`,
      logo: `${origin}${logo}`,
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: shopName,
      url: `${origin}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${origin}/shop?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}
