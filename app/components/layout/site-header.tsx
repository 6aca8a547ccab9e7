import { clsx } from 'clsx';
import { QUOTE_LIST_LINK } from '../../../core/quotes/quote-list-labels';
import { ChevronDown, ClipboardList, Menu, User, X } from '../ui/icons';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { Link, NavLink } from 'react-router';
import { useHydrated } from '../ui/use-hydrated';

/** A category's link, as the root loader gives it. */
export interface CategoryLink {
  slug: string;
  name: string;
}

// spec §2: the Shop menu lists All Products and the four categories.
function shopLinksOf(categories: readonly CategoryLink[]) {
  return [
    { to: '/shop', label: 'All Products' },
    ...categories.map((category) => ({ to: `/shop/${category.slug}`, label: category.name })),
  ];
}
const pageLinks = [
  { to: '/customisations', label: 'Customisations' },
  { to: '/about', label: 'About Us' },
  { to: '/blog', label: 'Journal' },
  { to: '/contact', label: 'Contact' },
];

/** Closes an open popup on Escape (focus back to its button) or on a pointer press outside it. */
function useDismiss(
  open: boolean,
  container: RefObject<HTMLElement | null>,
  button: RefObject<HTMLButtonElement | null>,
  close: () => void,
) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, container, button, close]);
}

// docs/requirements.md §2 Header and footer: the owner reaches the back office from the shop.
const ADMIN_LINK = { to: '/admin', label: 'Admin' };

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
  const shopLinks = shopLinksOf(categories);
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
          <ShopMenu shopLinks={shopLinks} />
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
          <MobileMenu shopLinks={shopLinks} admin={admin}>
            {signOut}
          </MobileMenu>
        </div>
      </div>
    </header>
  );
}

type NavLinks = ReturnType<typeof shopLinksOf>;

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

function ShopMenu({ shopLinks }: { shopLinks: NavLinks }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, container, button, close);

  return (
    <div ref={container} className="group relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((current) => !current)}
        className="flex items-center gap-1 rounded px-2 py-1 font-medium hover:text-brass-700"
      >
        Shop
        <ChevronDown
          aria-hidden="true"
          className={clsx('h-4 w-4 transition-transform', open && 'rotate-180')}
        />
      </button>
      <ul
        id={menuId}
        className={clsx(
          'absolute top-full left-0 mt-2 w-64 rounded-xl bg-white p-2 shadow-lg ring-1 ring-stone',
          // The links are always in the HTML; before hydration, keyboard focus opens the menu.
          hydrated ? (open ? 'block' : 'hidden') : 'hidden group-focus-within:block',
        )}
      >
        {shopLinks.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              onClick={close}
              className="block rounded-lg px-3 py-2 hover:bg-sand focus-visible:bg-sand"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function MobileMenu({
  shopLinks,
  admin,
  children,
}: {
  shopLinks: NavLinks;
  admin: boolean;
  /** Sign-out, which the phone's row has no room for. */
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, container, button, close);

  return (
    <div ref={container} className="lg:hidden">
      <button
        ref={button}
        type="button"
        aria-label={open ? 'Close menu' : 'Open menu'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        className="rounded-full p-2 hover:bg-sand"
      >
        {open ? (
          <X aria-hidden="true" className="h-6 w-6" />
        ) : (
          <Menu aria-hidden="true" className="h-6 w-6" />
        )}
      </button>
      <nav
        id={panelId}
        aria-label="Mobile"
        hidden={!open}
        className="absolute inset-x-0 top-16 border-b border-stone bg-ivory px-4 pb-6 shadow-lg"
      >
        <ul className="grid gap-1 pt-2">
          {[...shopLinks, ...pageLinks, ...(admin ? [ADMIN_LINK] : [])].map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                onClick={close}
                className="block rounded-lg px-3 py-3 text-lg hover:bg-sand"
              >
                {link.label}
              </Link>
            </li>
          ))}
          {children ? <li className="px-1">{children}</li> : null}
        </ul>
      </nav>
    </div>
  );
}
