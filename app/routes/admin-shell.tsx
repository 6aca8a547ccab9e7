import { clsx } from 'clsx';
import { AlignJustify, Store } from '../components/ui/icons';
import type { ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useMatches, useOutletContext } from 'react-router';
import { siteDefaults } from '../../content/site';
import {
  demoSettingsSentence,
  settingsStillDemo,
  shopContentStillDemo,
  type DemoCheckedSetting,
  type DemoShopContent,
} from '../../core/admin/demo-settings';
import { adminAccessContext, decideAdminAccess } from '../../server/http/admin-access';
import { displayRatesOf, staleRateWarning } from '../../core/money/display-currency';
import { appContext } from '../../server/http/app-context';
import { AdminAccessNotice, type BackOfficeHandle } from '../components/admin/admin-access-notice';
import type { Route } from './+types/admin-shell';

/**
 * docs/requirements.md §12: the back office's own shell around every /admin page: the shop's name, View shop, who
 * is signed in, sign out and the navigation; no storefront header, footer, newsletter or welcome
 * pop-up (app/root.tsx leaves them out under this route). Anyone without the admin role gets the
 * name and View shop only, and the access notice in place of the page (spec §6).
 */
/** What app/root.tsx hands the shell: the storefront's sign-out button. */
export interface BackOfficeOutletContext {
  signOut: ReactNode;
}

// spec §6: the admin role, checked here once for every page in the shell (docs/decisions/019)
export const middleware: Route.MiddlewareFunction[] = [decideAdminAccess];

export function loader({ context }: Route.LoaderArgs) {
  const { site, config, clock } = context.get(appContext);
  const decided = context.get(adminAccessContext);
  const { access, person } =
    decided.access === 'admin'
      ? {
          access: { access: 'admin' as const },
          person: { name: decided.viewer.name, email: decided.viewer.email },
        }
      : { access: decided, person: null };
  // docs/requirements.md §19: while an offer's payment or contact details are the demo ones, every page says so.
  const demoSettings =
    access.access === 'admin' ? settingsStillDemo(site, siteDefaults, config.siteLockedBy) : [];
  // docs/requirements.md §19: and while the address, the Instagram link, the home page's figures
  // or its newsletter line are the demo's.
  const demoContent =
    access.access === 'admin' ? shopContentStillDemo(site, siteDefaults, config.siteLockedBy) : [];
  // docs/requirements.md §21: "Every admin page warns the owner" while a display rate is older than 60 days.
  const staleRates =
    access.access === 'admin' ? displayRatesOf(site, clock()).stale.map(staleRateWarning) : [];
  return {
    shopName: site.shopName,
    person,
    access,
    demoSettings,
    demoContent,
    staleRates,
  };
}

const sections = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/product-media', label: 'Products', end: false },
  { to: '/admin/invoices', label: 'Invoices', end: false },
  { to: '/admin/subscribers', label: 'Subscribers', end: false },
  { to: '/admin/searches', label: 'Searches', end: false },
  { to: '/admin/activity', label: 'Activity', end: false },
  { to: '/admin/jobs', label: 'Failed Work', end: false },
  { to: '/admin/settings', label: 'Settings', end: false },
  { to: '/admin/api', label: 'API & Webhooks', end: false },
];

function SectionLinks({ className }: { className: string }) {
  return (
    <ul className={className}>
      {sections.map((section) => (
        <li key={section.to}>
          <NavLink
            to={section.to}
            end={section.end}
            className={({ isActive }) =>
              clsx(
                'block rounded-lg px-3 py-2 text-sm font-medium hover:bg-sand',
                isActive && 'bg-sand text-brass-800 underline underline-offset-4',
              )
            }
          >
            {section.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

const DEMO_SETTINGS_REGION = 'Shop details to set';

/** docs/requirements.md §19: "Your offers still show the demo UPI id, GSTIN … Set your own in Settings." */
function DemoSettingsBanner({
  keys,
  content,
}: {
  keys: readonly DemoCheckedSetting[];
  content: readonly DemoShopContent[];
}) {
  const sentence = demoSettingsSentence(keys, content);
  if (!sentence) return null;
  return (
    // A named region, not a live one: it is there on arrival, and a page's own status messages
    // stay the only role="status" of the page.
    <section aria-label={DEMO_SETTINGS_REGION} className="mx-auto max-w-6xl px-4 pt-4">
      <p className="rounded-xl border border-brass-800/30 bg-sand px-4 py-3 text-sm">
        {sentence} Set your own in{' '}
        <Link to="/admin/settings" className="font-medium underline underline-offset-4">
          Settings
        </Link>
        .
      </p>
    </section>
  );
}

/** docs/requirements.md §21: "The US$ rate was set on …, more than 60 days ago: … Update it in Settings." */
function StaleRatesBanner({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <section aria-label="Display currency rates to update" className="mx-auto max-w-6xl px-4 pt-4">
      {warnings.map((warning) => (
        <p
          key={warning}
          className="mt-2 rounded-xl border border-brass-800/30 bg-sand px-4 py-3 text-sm first:mt-0"
        >
          {warning.replace(/Settings\.$/, '')}
          <Link to="/admin/settings" className="font-medium underline underline-offset-4">
            Settings
          </Link>
          .
        </p>
      ))}
    </section>
  );
}

/** spec §6: what a page of the shell shows anyone without the admin role, instead of itself. */
function AccessNotice({
  access,
}: {
  access: { access: 'denied'; userId: string } | { access: 'signed-out' };
}) {
  const { pathname } = useLocation();
  const DeniedNotice = (useMatches().at(-1)?.handle as BackOfficeHandle | undefined)?.DeniedNotice;
  if (access.access === 'denied' && DeniedNotice) return <DeniedNotice />;
  return (
    <AdminAccessNotice
      access={access.access === 'denied' ? access : { access: 'signed-out', path: pathname }}
    />
  );
}

export default function AdminShell({ loaderData }: Route.ComponentProps) {
  const { shopName, person, access, demoSettings, demoContent, staleRates } = loaderData;
  const { signOut } = useOutletContext<BackOfficeOutletContext>();
  // The folded menu closes on every move: its <details> is keyed by the page's path.
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col bg-ivory">
      <header className="border-b border-stone/70 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <p className="font-display text-lg font-semibold">
            {shopName} <span className="text-sm font-normal text-ink-muted">Admin</span>
          </p>
          <Link
            to="/"
            className="inline-flex items-center gap-1 rounded px-2 py-2 text-sm font-medium text-brass-800 underline underline-offset-4"
          >
            <Store aria-hidden="true" className="h-4 w-4" />
            View shop
          </Link>
          {person ? (
            <div className="ml-auto flex items-center gap-2 text-sm">
              <p className="max-w-[14rem] truncate" title={person.email}>
                <span className="sr-only">Signed in as </span>
                {person.name || person.email}
              </p>
              {signOut}
            </div>
          ) : null}
        </div>
        {person ? (
          <div className="mx-auto max-w-6xl px-4 pb-2">
            {/* Wide screens: the sections in a row. */}
            <nav aria-label="Back office" className="hidden md:block">
              <SectionLinks className="flex flex-wrap gap-1" />
            </nav>
            {/* docs/requirements.md §12: at phone width the navigation folds behind Menu (no script needed). */}
            <details key={pathname} className="md:hidden">
              <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium hover:bg-sand [&::-webkit-details-marker]:hidden">
                <AlignJustify aria-hidden="true" className="h-5 w-5" />
                Menu
              </summary>
              <nav aria-label="Back office">
                <SectionLinks className="grid gap-1 pb-2" />
              </nav>
            </details>
          </div>
        ) : null}
      </header>
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {access.access === 'admin' ? (
          <>
            <DemoSettingsBanner keys={demoSettings} content={demoContent} />
            <StaleRatesBanner warnings={staleRates} />
            <Outlet />
          </>
        ) : (
          <AccessNotice access={access} />
        )}
      </main>
    </div>
  );
}
