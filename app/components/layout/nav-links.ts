/** The header's links (docs/requirements.md §2), shared by the header and its menus. */

/** A category's link, as the root loader gives it. */
export interface CategoryLink {
  slug: string;
  name: string;
}

export const pageLinks = [
  { to: '/customisations', label: 'Customisations' },
  { to: '/about', label: 'About Us' },
  { to: '/blog', label: 'Journal' },
  { to: '/contact', label: 'Contact' },
];

// docs/requirements.md §2 Header and footer: the owner reaches the back office from the shop.
export const ADMIN_LINK = { to: '/admin', label: 'Admin' };
