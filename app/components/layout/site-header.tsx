import { clsx } from 'clsx';
import { QUOTE_LIST_LINK } from '../../../core/quotes/quote-list-labels';
import { ClipboardList, User } from '../ui/icons';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { deferred } from '../ui/deferred';
import { ADMIN_LINK, pageLinks, type CategoryLink } from './nav-links';

export type { CategoryLink } from './nav-links';

// docs/decisions/029: the Shop menu and the phone's menu are a section of their own, fetched on
// their first use or the first scroll, not with every page. Until then the Shop menu opens on
// keyboard focus (its links are in the HTML), and a tap on either is held until the code is in.
// Kept out of components/layout/, which every page's shell chunk carries (vite.config.ts).
const HeaderMenu = deferred(() =>
  import('../navigation/header-menus').then((module) => module.HeaderMenu),
);

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'rounded px-2 py-1 font-medium hover:text-brass-700',
    isActive && 'text-brass-700 underline underline-offset-8',
  );

export function SiteHeader({
  shopName,
  signedIn,
  admin = false,
  quoteListCount = 0,
  categories,
  search,
  signOut,
}: {
  shopName: string;
  signedIn: boolean;
  /** The viewer is the shop's owner (an admin): the header links to the back office. */
  admin?: boolean;
  /** docs/requirements.md §18: pieces on the buyer's quote list; the link is hidden at none. */
  quoteListCount?: number;
  categories: readonly CategoryLink[];
  search?: ReactNode;
  signOut?: ReactNode;
}) {
  return (
    <header className="sticky top-0 z-40 border-b border-stone/70 bg-ivory/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:gap-4">
        {/* On a phone the default name keeps to one line (docs/requirements.md §19); a longer one
            the owner sets in Settings may take two, and never widens the page. */}
        <Link
          to="/"
          className="line-clamp-2 min-w-0 py-0.5 font-display text-base leading-tight font-semibold tracking-tight sm:line-clamp-none sm:min-w-max sm:text-xl sm:whitespace-nowrap xl:text-2xl"
        >
          {shopName}
        </Link>
        <nav
          aria-label="Main"
          className="ml-4 hidden items-center gap-1 whitespace-nowrap lg:flex xl:gap-3"
        >
          <HeaderMenu categories={categories} admin={admin} signedIn={signedIn} />
          {pageLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        {/* docs/requirements.md §19: below lg, sign-out is in the menu, so the shop's name keeps to
            one line beside the search, the quote list, the account and the menu. */}
        <div className="ml-auto flex items-center lg:gap-2">
          {search}
          {quoteListCount > 0 ? <QuoteListLink count={quoteListCount} /> : null}
          {admin ? (
            <Link
              to={ADMIN_LINK.to}
              className="hidden rounded-full px-3 py-2 font-medium hover:bg-sand lg:inline-flex"
            >
              {ADMIN_LINK.label}
            </Link>
          ) : null}
          {/* spec §2: the account icon goes to /dashboard when signed in, to /auth when not */}
          <Link
            to={signedIn ? '/dashboard' : '/auth'}
            aria-label={signedIn ? 'My account' : 'Sign in'}
            className="rounded-full p-2 hover:bg-sand"
          >
            <User aria-hidden="true" className="h-5 w-5" />
          </Link>
          <div className="hidden lg:block">{signOut}</div>
          <HeaderMenu mobile categories={categories} admin={admin} signedIn={signedIn} />
        </div>
      </div>
    </header>
  );
}

/** docs/requirements.md §18: "Quote List" with its count of pieces, in the header's row at every width. */
function QuoteListLink({ count }: { count: number }) {
  return (
    <Link
      to="/quote-list"
      className="inline-flex items-center gap-1 rounded-full px-2 py-2 font-medium hover:bg-sand"
    >
      <ClipboardList aria-hidden="true" className="h-5 w-5" />
      {/* The header's row is full below 1536 px: there the link is the icon and its count. */}
      <span className="sr-only 2xl:not-sr-only">{QUOTE_LIST_LINK}</span>{' '}
      <span className="rounded-full bg-brass-700 px-2 text-sm text-white">
        {count}
        <span className="sr-only"> {count === 1 ? 'piece' : 'pieces'}</span>
      </span>
    </Link>
  );
}
