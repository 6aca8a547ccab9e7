/**
 * The header's menus (docs/requirements.md §2): the Shop menu of wide screens and the phone's
 * menu. A deferred section of the header (docs/decisions/029): its code is fetched on first use.
 */
import { clsx } from 'clsx';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { Link } from 'react-router';
import { SignOutButton } from '../account/sign-out-button';
import { ADMIN_LINK, pageLinks, type CategoryLink } from '../layout/nav-links';
import { ChevronDown, Menu, X } from '../ui/icons';
import { useNonce } from '../layout/nonce';

// spec §2: the Shop menu lists All Products and the four categories. Here, not in nav-links.ts,
// which the shell carries: only the menus need it.
function shopLinksOf(categories: readonly CategoryLink[]) {
  return [
    { to: '/shop', label: 'All Products' },
    ...categories.map((category) => ({ to: `/shop/${category.slug}`, label: category.name })),
  ];
}

type NavLinks = ReturnType<typeof shopLinksOf>;

/**
 * The Shop menu, or with `mobile` the phone's menu (with sign-out, which the phone's row has no
 * room for). Its props are the root loader's data, unchanged from one render to the next, so the
 * section is not rendered anew before it is used.
 */
export function HeaderMenu({
  mobile,
  categories,
  admin,
  signedIn,
}: {
  mobile?: boolean;
  categories: readonly CategoryLink[];
  admin: boolean;
  signedIn: boolean;
}) {
  const shopLinks = shopLinksOf(categories);
  return mobile ? (
    <MobileMenu shopLinks={shopLinks} admin={admin}>
      {signedIn ? <SignOutButton /> : null}
    </MobileMenu>
  ) : (
    <ShopMenu shopLinks={shopLinks} />
  );
}

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

function ShopMenu({ shopLinks }: { shopLinks: NavLinks }) {
  const [open, setOpen] = useState(false);
  const nonce = useNonce();
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
      {/* The links are always in the HTML; without JavaScript, keyboard focus opens the menu.
          Not before this section's code is in (docs/decisions/029): a Tab right then would
          enter a list that closes under it once hydrated. */}
      <noscript>
        <style nonce={nonce}>{'.group:focus-within>[data-shop-menu]{display:block}'}</style>
      </noscript>
      <ul
        id={menuId}
        data-shop-menu=""
        className={clsx(
          'absolute top-full left-0 mt-2 w-64 rounded-xl bg-white p-2 shadow-lg ring-1 ring-stone',
          open ? 'block' : 'hidden',
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
