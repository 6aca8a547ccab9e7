import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CategoryLink } from './site-header';

// spec §2: the footer's links.
const companyLinks = [
  { to: '/about', label: 'Our Story' },
  { to: '/blog', label: 'Journal' },
  { to: '/contact', label: 'Contact' },
  { to: '/artisans', label: 'Meet Our Artisans' },
];
const helpLinks = [
  { to: '/faq', label: 'FAQ' },
  { to: '/shipping', label: 'Shipping & Returns' },
  { to: '/payment', label: 'Payment Methods' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms & Conditions' },
];

/** A social button: its link, its name and its glyph's path (social-links.server.ts). */
export interface FooterSocialLink {
  url: string;
  label: string;
  glyph: string;
}

function LinkColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="font-sans text-sm font-semibold tracking-widest text-brass-500 uppercase">
        {title}
      </h2>
      {/* docs/requirements.md §19: on a phone each link is a 44 px tall row; its padding stands for the gaps. */}
      <ul className="mt-4 grid gap-2 max-md:mt-1 max-md:-mb-3 max-md:gap-0">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="inline-flex items-center text-stone hover:text-white hover:underline max-md:min-h-11"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter({
  shopName,
  categories,
  tagline,
  socialLinks,
  year,
  newsletter,
  currency,
}: {
  shopName: string;
  categories: readonly CategoryLink[];
  tagline: string;
  socialLinks: readonly FooterSocialLink[];
  /** The shop's year (app/root.tsx), not the browser's: the two differ on New Year's Eve. */
  year: string | null;
  newsletter?: ReactNode;
  /** docs/requirements.md §21: the currency picker, when a display currency has a rate. */
  currency?: ReactNode;
}) {
  return (
    // The brass focus ring of app.css is too dark to see on the ink background (WCAG 1.4.11).
    <footer className="mt-16 bg-ink text-stone [&_:focus-visible]:outline-brass-500">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="font-display text-2xl text-white">{shopName}</p>
          <p className="mt-3 max-w-xs">{tagline}</p>
          {socialLinks.length > 0 ? (
            <ul className="mt-6 flex flex-wrap gap-3">
              {socialLinks.map((link) => (
                <li key={link.url}>
                  <a
                    href={link.url}
                    aria-label={link.label}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex rounded-full p-2 ring-1 ring-stone/60 hover:bg-white/10 max-md:p-3"
                  >
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 24 24"
                      className="h-5 w-5"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    >
                      <path d={link.glyph} />
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {currency}
        </div>
        <nav aria-label="Footer" className="contents">
          <LinkColumn
            title="Shop"
            links={categories.map((category) => ({
              to: `/shop/${category.slug}`,
              label: category.name,
            }))}
          />
          <LinkColumn title="Company" links={companyLinks} />
          <LinkColumn title="Help" links={helpLinks} />
        </nav>
        {newsletter ? (
          <div className="sm:col-span-2 lg:col-span-5">
            <h2 className="font-sans text-sm font-semibold tracking-widest text-brass-500 uppercase">
              Newsletter
            </h2>
            <div className="mt-4">{newsletter}</div>
          </div>
        ) : null}
      </div>
      <p className="border-t border-white/10 py-6 text-center text-sm">
        © {year ? `${year} ` : ''}
        {shopName}
      </p>
    </footer>
  );
}
