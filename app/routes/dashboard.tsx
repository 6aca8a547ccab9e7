import * as Tabs from '@radix-ui/react-tabs';
import { useEffect } from 'react';
import { data, Link, useRevalidator, useSearchParams } from 'react-router';
import { EMAIL_LINK_PARAMETER, emailVerificationState } from '../../core/identity';
import { appContext } from '../../server/http/app-context';
import { callAuth } from '../../server/http/auth-call';
import { dashboardQuerySchema, parseRouteQuery } from '../../core/route-query';
import { readFormData } from '../../server/http/form-content-type';
import {
  createAddress,
  deleteAddress,
  getProfile,
  listAddresses,
  listWishlist,
  removeWishlistItem,
  setDefaultAddress,
  updateAddress,
  updateProfile,
} from '../../server/modules/account';
import { DomainError, httpStatusOf } from '../../server/modules/errors';
import { listOrdersOfUser, reorderAsQuotations } from '../../server/modules/orders';
import { AddressesTab } from '../components/account/addresses-tab';
import type { DashboardAnswer } from '../components/account/dashboard-answer';
import {
  EmailLinkNotice,
  VerifyEmailBanner,
  type EmailLinkOutcome,
} from '../components/account/email-verification';
import { OrdersTab } from '../components/account/orders-tab';
import { ProfileTab } from '../components/account/profile-tab';
import { WishlistTab } from '../components/account/wishlist-tab';
import { pageMeta } from '../components/layout/simple-page';
import type { Route } from './+types/dashboard';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'My Account', undefined, { noindex: true });
}

const tabs = [
  ['profile', 'Profile'],
  ['orders', 'Orders'],
  ['addresses', 'Addresses'],
  ['wishlist', 'Wishlist'],
] as const;

/** issue 14: a verification link lands here; Better Auth adds `error` when it could not be used. */
function emailLinkOutcome(url: URL): EmailLinkOutcome {
  if (!url.searchParams.has(EMAIL_LINK_PARAMETER)) return null;
  return url.searchParams.has('error') ? 'failed' : 'verified';
}

// spec §7 Dashboard calls: every read is the signed-in user's own (server/modules/account, orders)
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, actor, viewer } = context.get(appContext);
  const emailLink = emailLinkOutcome(new URL(request.url));
  if (!actor || !viewer) return { signedIn: false as const, emailLink };
  const [profile, orders, addresses, wishlist] = await Promise.all([
    getProfile(db, actor),
    listOrdersOfUser(db, actor),
    listAddresses(db, actor),
    listWishlist(db, actor),
  ]);
  const emailVerification = emailVerificationState(viewer);
  return {
    signedIn: true as const,
    // "Verified" only when it is: the banner stays for a link of another account, say.
    emailLink: emailLink === 'verified' && emailVerification !== 'verified' ? null : emailLink,
    // issue 14: unverified users see a banner to resend the link (not phone accounts: no address)
    emailVerification,
    profile,
    orders,
    addresses,
    wishlist,
    loadedAt: new Date().toISOString(),
  };
}

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** The reorder form sends `quantity:<productId>` for each piece it lists. */
function reorderItems(form: FormData) {
  return [...form.keys()]
    .filter((key) => key.startsWith('quantity:'))
    .map((key) => ({ productId: key.slice('quantity:'.length), quantity: field(form, key) }));
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { db, actor, logger } = app;
  // issue 14 finding 1: a visitor is refused before the body is read (the modules check again).
  if (!actor) {
    return data<DashboardAnswer>(
      { status: 'error', intent: '', message: 'Please sign in to continue.' },
      { status: 401 },
    );
  }
  const form = await readFormData(request);
  const intent = field(form, 'intent');
  if (intent === 'resend-verification') {
    // issue 14: a new link for the signed-in user's own unverified address, rate-limited with
    // the other identity mails (Better Auth's hooks in server/auth).
    const fail = (message: string, status: number, headers?: Headers) =>
      data<DashboardAnswer>({ status: 'error', intent, message }, { status, headers });
    if (!app.viewer) return fail('Please sign in to continue.', 401);
    const state = emailVerificationState(app.viewer);
    if (state === 'verified') return fail('Your e-mail address is already verified.', 409);
    if (state === 'no-address') return fail('This account has no e-mail address to verify.', 400);
    const result = await callAuth(app, () =>
      app.auth.api.sendVerificationEmail({
        body: { email: app.viewer!.email },
        headers: request.headers,
        returnHeaders: true,
      }),
    );
    if (!result.ok) return fail(result.message, result.status, result.headers);
    return data<DashboardAnswer>({ status: 'ok', intent }, { headers: result.headers });
  }
  const values = Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const id = field(form, 'id');
  const done = (answer: DashboardAnswer) => data<DashboardAnswer>(answer);
  try {
    switch (intent) {
      case 'update-profile':
        await updateProfile(db, actor, values);
        return done({ status: 'ok', intent });
      case 'add-address':
        await createAddress(db, actor, values);
        return done({ status: 'ok', intent });
      case 'edit-address':
        await updateAddress(db, actor, { ...values, id });
        return done({ status: 'ok', intent });
      case 'default-address':
        await setDefaultAddress(db, actor, { id });
        return done({ status: 'ok', intent });
      case 'delete-address':
        await deleteAddress(db, actor, { id });
        return done({ status: 'ok', intent });
      case 'remove-wishlist':
        await removeWishlistItem(db, actor, { id });
        return done({ status: 'ok', intent });
      case 'reorder': {
        const { created } = await reorderAsQuotations(db, actor, {
          ...values,
          orderId: field(form, 'orderId'),
          items: reorderItems(form),
        });
        return done({ status: 'ok', intent, created });
      }
      default:
        // issue 14 (finding 9): an unknown intent is not echoed back (it may be megabytes).
        return data<DashboardAnswer>(
          { status: 'error', intent: 'unknown', message: 'Unknown action' },
          { status: 400 },
        );
    }
  } catch (error) {
    if (error instanceof DomainError) {
      return data<DashboardAnswer>(
        { status: 'error', intent, message: error.message },
        { status: httpStatusOf[error.code] },
      );
    }
    logger.error({ err: error, intent }, 'dashboard action failed');
    return data<DashboardAnswer>(
      { status: 'error', intent, message: 'An unexpected error occurred. Please try again.' },
      { status: 500 },
    );
  }
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  if (!loaderData.signedIn) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        {/* spec §2: the signed-out dashboard */}
        <h1 className="text-3xl font-semibold">Sign in required</h1>
        <EmailLinkNotice outcome={loaderData.emailLink} signedIn={false} />
        <p className="mt-4 text-ink-muted">Please sign in to access your dashboard.</p>
        <Link
          to="/auth?redirectTo=%2Fdashboard"
          className="mt-8 inline-block rounded-full bg-ink px-6 py-3 text-ivory hover:bg-brass-800"
        >
          Sign In
        </Link>
      </section>
    );
  }
  const { tab } = parseRouteQuery(dashboardQuerySchema, searchParams);
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-12">
      <LiveReload />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-display text-4xl font-semibold">My Account</h1>
        <Link to="/dashboard/security" className="text-sm underline">
          Password and security
        </Link>
      </div>
      <EmailLinkNotice outcome={loaderData.emailLink} signedIn />
      {loaderData.emailVerification === 'unverified' ? (
        <VerifyEmailBanner email={loaderData.profile.email} />
      ) : null}
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setSearchParams({ tab: value }, { replace: true, preventScrollReset: true })
        }
        className="mt-8"
      >
        <Tabs.List
          aria-label="My Account"
          className="flex flex-wrap gap-1 rounded-full bg-sand p-1 sm:inline-flex"
        >
          {tabs.map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="rounded-full px-5 py-2 font-medium data-[state=active]:bg-white data-[state=active]:shadow"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="profile" className="mt-8">
          <ProfileTab profile={loaderData.profile} />
        </Tabs.Content>
        <Tabs.Content value="orders" className="mt-8">
          <OrdersTab
            orders={loaderData.orders}
            loadedAt={loaderData.loadedAt}
            customer={loaderData.profile}
          />
        </Tabs.Content>
        <Tabs.Content value="addresses" className="mt-8">
          <AddressesTab addresses={loaderData.addresses} />
        </Tabs.Content>
        <Tabs.Content value="wishlist" className="mt-8">
          <WishlistTab items={loaderData.wishlist} />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}

/**
 * spec §4: the dashboard reloads on window focus, when the page becomes visible, and when one of
 * the user's orders changes (the server's event stream of LISTEN/NOTIFY).
 */
function LiveReload() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const reload = () => void revalidate();
    const whenVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    window.addEventListener('focus', reload);
    document.addEventListener('visibilitychange', whenVisible);
    const events = new EventSource('/api/orders/events');
    events.addEventListener('order-changed', reload);
    // The server lost its database connection for a while: changes made then were not announced.
    events.addEventListener('resync', reload);
    return () => {
      window.removeEventListener('focus', reload);
      document.removeEventListener('visibilitychange', whenVisible);
      events.close();
    };
  }, [revalidate]);
  return null;
}
