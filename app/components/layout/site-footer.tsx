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

/** Our own glyph of a photo-sharing profile (icon sets no longer ship brand marks). */
function SocialIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
    </svg>
  );
}

function LinkColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="font-sans text-sm font-semibold tracking-widest text-brass-500 uppercase">
        {title}
      </h2>
      {/* issue 30: on a phone each link is a 44 px tall row; its padding stands for the gaps. */}
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
  socialUrl,
  socialLabel,
  newsletter,
  currency,
}: {
  shopName: string;
  categories: readonly CategoryLink[];
  tagline: string;
  socialUrl: string;
  socialLabel: string;
  newsletter?: ReactNode;
  /** issue 32: the currency picker, when a display currency has a rate. */
  currency?: ReactNode;
}) {
  return (
    // The brass focus ring of app.css is too dark to see on the ink background (WCAG 1.4.11).
    <footer className="mt-16 bg-ink text-stone [&_:focus-visible]:outline-brass-500">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="font-display text-2xl text-white">{shopName}</p>
          <p className="mt-3 max-w-xs">{tagline}</p>
          <a
            href={socialUrl}
            aria-label={socialLabel}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-6 inline-flex rounded-full p-2 ring-1 ring-stone/60 hover:bg-white/10 max-md:p-3"
          >
            <SocialIcon />
          </a>
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
        © {new Date().getFullYear()} {shopName}
      </p>
    </footer>
  );
}
