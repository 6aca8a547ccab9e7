import { updateProfile } from '../../server/flows/update-profile';
import * as Tabs from '../components/ui/tabs';
import { Link, useSearchParams } from 'react-router';
import { addressEditSchema, addressSchema, profileSchema } from '../../core/identity/account';
import { accountToasts, reorderItemsOf } from '../../core/identity/account-texts';
import {
  EMAIL_LINK_PARAMETER,
  emailVerificationState,
  LINK_EMAIL_PARAMETER,
  linkEmailOf,
} from '../../core/identity/identity';
import { emailVerificationTexts } from '../../core/identity/security-texts';
import { quotationToasts } from '../../core/quotes/quotation-texts';
import { dashboardQuerySchema, parseRouteQuery } from '../../core/forms/route-query';
import { dashboardTabField, readQueryField } from '../../core/forms/route-query-fields';
import { intentConstraints } from '../../server/http/form-constraints';
import {
  REQUEST_RETURN_INTENT,
  RETURN_MAX_PHOTOS,
  returnOfferOf,
  returnProblems,
  returnRequestSchema,
  returnTexts,
} from '../../core/orders/returns';
import { requestReturn } from '../../server/modules/returns';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../server/media-storage';
import { answerAction, intent, type FormFields } from '../../server/http/answer';
import { reorderAsQuotations, reorderContact } from '../../server/flows/reorder';
import { submitPaymentReference } from '../../server/flows/submit-payment-reference';
import { PAYMENT_REFERENCE_LIMIT } from '../../server/http/form-guard';
import { appContext, type AppContext } from '../../server/http/app-context';
import type { Logger } from '../../server/logger';
import {
  createAddress,
  deleteAddress,
  getProfile,
  listAddresses,
  listWishlist,
  removeWishlistItem,
  setDefaultAddress,
  updateAddress,
} from '../../server/modules/account';
import { requireUser } from '../../server/modules/kernel';
import { sendVerificationEmail } from '../../server/modules/identity';
import {
  confirmDeliveryAsBuyer,
  listOrdersOfUser,
  type OrderView,
} from '../../server/modules/orders';
import { CONFIRM_DELIVERY_INTENT, orderDeliveryTexts } from '../../core/identity/account-texts';
import type { TypedSettings } from '../../server/modules/settings';
import { listQuotationsOfUser } from '../../server/modules/quotations';
import type { SiteSettings } from '../../content/site';
import { paymentReferenceSubmissionSchema } from '../../core/quotes/quote-forms';
import { quoteToasts } from '../../core/quotes/quote-texts';
import { QuotationsTab } from '../components/account/quotations-tab';
import { PAYMENT_REFERENCE_INTENT } from '../components/quotes/payment-intent';
import { payableOrderOf, paymentPanelFor } from '../components/quotes/payment-panel.server';
import { AddressesTab } from '../components/account/addresses-tab';
import {
  EmailLinkNotice,
  VerifyEmailBanner,
  type EmailLinkOutcome,
} from '../components/account/email-verification';
import { OrdersTab } from '../components/account/orders-tab';
import { ProfileTab } from '../components/account/profile-tab';
import {
  PRICE_DROP_ALERTS_INTENT,
  PriceDropAlertsForm,
} from '../components/account/price-drop-alerts-form';
import { priceDropToasts } from '../../core/catalog/price-drop';
import { priceDropAlertsSchema } from '../../core/catalog/price-drop-schema';
import { readPriceDropAlerts, setPriceDropAlerts } from '../../server/modules/account';
import { WishlistTab } from '../components/account/wishlist-tab';
import { pageMeta } from '../components/layout/simple-page';
import { LiveReload } from '../components/account/live-reload';
import { Streamed, type Section } from '../components/account/streamed-section';
import type { Route } from './+types/dashboard';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'My Account', undefined, { noindex: true });
}

const tabs = [
  ['profile', 'Profile'],
  ['orders', 'Orders'],
  // docs/requirements.md §10: the customer's quotations, each opening its quote page
  ['quotations', 'Quotations'],
  ['addresses', 'Addresses'],
  ['wishlist', 'Wishlist'],
] as const;

type DashboardTab = (typeof tabs)[number][0];

/** docs/requirements.md §14: a verification link lands here; Better Auth adds `error` when it could not be used. */
function emailLinkOutcome(url: URL): EmailLinkOutcome {
  if (!url.searchParams.has(EMAIL_LINK_PARAMETER)) return null;
  return url.searchParams.has('error') ? 'failed' : 'verified';
}

/**
 * docs/requirements.md §17: the reads the open tab shows first are awaited (the page renders them on the
 * server, so they show without JavaScript too); the others stream in behind the page as promises
 * that never reject: a failure is logged and becomes a "could not load" note in its tab.
 */
const criticalSections: Record<DashboardTab, ReadonlySet<string>> = {
  profile: new Set(['profile']),
  // The reorder dialog fills in the customer's name, phone and e-mail (docs/requirements.md §19: the phone
  // of the profile, else of the latest request).
  orders: new Set(['orders', 'reorderContact']),
  quotations: new Set(['quotations']),
  addresses: new Set(['addresses']),
  wishlist: new Set(['wishlist']),
};

/**
 * Boxed, because an async function's result that is itself a promise is awaited with it: the box
 * keeps a streamed section a promise.
 */
async function readSection<T>(
  name: string,
  read: () => Promise<T>,
  critical: ReadonlySet<string>,
  logger: Logger,
): Promise<{ section: Section<T> | Promise<Section<T>> }> {
  if (critical.has(name)) return { section: { status: 'loaded', data: await read() } };
  const streamed = read().then(
    (data): Section<T> => ({ status: 'loaded', data }),
    (error: unknown): Section<T> => {
      logger.error({ err: error, section: name }, 'dashboard section could not be loaded');
      return { status: 'failed' };
    },
  );
  return { section: streamed };
}

// spec §7 Dashboard calls: every read is the signed-in user's own (server/modules/account, orders)
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, actor, viewer, logger, site, settings, clock } = context.get(appContext);
  const url = new URL(request.url);
  const emailLink = emailLinkOutcome(url);
  if (!actor || !viewer) {
    // A verification link that could not sign in: its address fills in the sign-in form.
    const email = emailLink ? linkEmailOf(url.searchParams) : '';
    const signIn = new URLSearchParams({ redirectTo: '/dashboard' });
    if (email) signIn.set(LINK_EMAIL_PARAMETER, email);
    return { signedIn: false as const, emailLink, signInLink: `/auth?${signIn}` };
  }
  const { tab } = parseRouteQuery(dashboardQuerySchema, url.searchParams);
  const critical = criticalSections[tab];
  const [profile, reorderCustomer, orders, quotations, addresses, wishlist] = await Promise.all([
    readSection(
      'profile',
      // docs/requirements.md §21: the price-drop setting is shown with the profile, read alongside it
      async () => {
        const [details, priceDropAlerts] = await Promise.all([
          getProfile(db, actor),
          readPriceDropAlerts(db, actor),
        ]);
        return { ...details, priceDropAlerts };
      },
      critical,
      logger,
    ),
    readSection('reorderContact', () => reorderContact(db, actor), critical, logger),
    readSection(
      'orders',
      async () => withPaymentPanels(await listOrdersOfUser(db, actor), site, settings, clock()),
      critical,
      logger,
    ),
    readSection(
      'quotations',
      () => listQuotationsOfUser(db, actor, clock(), site.shopTimeZone),
      critical,
      logger,
    ),
    readSection('addresses', () => listAddresses(db, actor), critical, logger),
    readSection('wishlist', () => listWishlist(db, actor), critical, logger),
  ]);
  const emailVerification = emailVerificationState(viewer);
  return {
    signedIn: true as const,
    // "Verified" only when it is: the banner stays for a link of another account, say.
    emailLink: emailLink === 'verified' && emailVerification !== 'verified' ? null : emailLink,
    // docs/requirements.md §15: unverified users see a banner to resend the link (not phone accounts: no address)
    emailVerification,
    email: viewer.email,
    profile: profile.section,
    reorderContact: reorderCustomer.section,
    orders: orders.section,
    quotations: quotations.section,
    addresses: addresses.section,
    wishlist: wishlist.section,
    loadedAt: clock().toISOString(),
    formConstraints: intentConstraints(dashboardIntents),
  };
}

/**
 * docs/requirements.md §10 "Paying … in the order's details": an order paid by UPI or bank transfer that is still
 * pending carries its payment panel, the QR code drawn here on the server.
 */
async function withPaymentPanels(
  orders: OrderView[],
  site: SiteSettings,
  settings: TypedSettings,
  now: Date,
) {
  return Promise.all(
    orders.map(async (order) => ({
      ...order,
      payment: await paymentPanelFor(payableOrderOf(order), site, settings),
      // docs/requirements.md §24: "Request a Return", worked out here with the shop's clock so both sides agree
      returnOffer: returnOfferOf(order, now, site.shopTimeZone),
    })),
  );
}

/** The row a button form acts on (a missing id is "not found" in the module). */
const rowId = (fields: FormFields) => ({ id: fields.id ?? '' });

// spec §8: the dashboard toasts; a refusal is "Error" with the server's message
const dashboardIntents = {
  // docs/requirements.md §15: a new link for the signed-in user's own unverified address
  'resend-verification': intent({
    run: (_fields, { app, request, replyHeaders }) =>
      sendVerificationEmail(app.auth, { headers: request.headers, replyHeaders }, app.viewer),
    success: ({ email }) => emailVerificationTexts.sent(email),
  }),
  'update-profile': intent({
    schema: profileSchema,
    run: (fields, { app }) => updateProfile(app.db, app.actor, fields),
    success: accountToasts.profileUpdated,
    // The form shows the saved values, which are the loader's again after the update.
    resetForm: false,
  }),
  // docs/requirements.md §21: "E-mail me when a wished piece's price drops"
  [PRICE_DROP_ALERTS_INTENT]: intent({
    schema: priceDropAlertsSchema,
    run: (fields, { app }) => setPriceDropAlerts(app.db, app.actor, fields),
    success: ({ priceDropAlerts }) => (priceDropAlerts ? priceDropToasts.on : priceDropToasts.off),
    resetForm: false,
  }),
  'add-address': intent({
    schema: addressSchema,
    run: (fields, { app }) => createAddress(app.db, app.actor, fields),
    success: accountToasts.addressAdded,
  }),
  'edit-address': intent({
    schema: addressEditSchema,
    run: (fields, { app }) => updateAddress(app.db, app.actor, { ...fields, id: fields.id ?? '' }),
    success: accountToasts.addressUpdated,
  }),
  'default-address': intent({
    run: (fields, { app }) => setDefaultAddress(app.db, app.actor, rowId(fields)),
    success: accountToasts.defaultAddressSet,
  }),
  'delete-address': intent({
    run: (fields, { app }) => deleteAddress(app.db, app.actor, rowId(fields)),
    success: accountToasts.addressDeleted,
  }),
  'remove-wishlist': intent({
    run: (fields, { app }) => removeWishlistItem(app.db, app.actor, rowId(fields)),
    success: accountToasts.wishlistRemoved,
  }),
  // docs/requirements.md §24: "I Have Received It" on her own shipped order
  [CONFIRM_DELIVERY_INTENT]: intent({
    run: (fields, { app }) =>
      confirmDeliveryAsBuyer(app.db, app.actor, { orderId: fields.orderId ?? '' }, app.clock()),
    success: () => orderDeliveryTexts.confirmed,
  }),
  // docs/requirements.md §24: "Request a Return" of her own delivered order, with up to four photos (the module
  // finds her order before it decodes or stores them)
  [REQUEST_RETURN_INTENT]: intent({
    schema: returnRequestSchema,
    run: async (_fields, { app, formData, payload }) => {
      const photos: Uint8Array[] = [];
      for (const photo of formData.getAll('photos')) {
        if (photo instanceof File && photo.size > 0) {
          photos.push(new Uint8Array(await photo.arrayBuffer()));
        }
      }
      return requestReturn(
        app.db,
        app.actor,
        app.mediaStorage,
        { orderId: formData.get('orderId'), request: payload, photos },
        { now: app.clock(), timeZone: app.site.shopTimeZone },
      );
    },
    success: () => returnTexts.requested,
  }),
  // docs/design.md §5: "Reorder" asks for a quotation of the order's pieces, quantities editable;
  // docs/requirements.md §14: counted on the quote form's own limit, like every path that makes a request.
  reorder: intent({
    rateLimit: 'quotation',
    run: (fields, { app }) =>
      reorderAsQuotations(
        app.db,
        app.actor,
        { ...fields, orderId: fields.orderId ?? '', items: reorderItemsOf(fields) },
        app.clock(),
        app.site.shopTimeZone,
      ),
    success: quotationToasts.success,
    data: (result) => result,
  }),
  // docs/requirements.md §10: the UTR or bank reference of an order the customer has paid
  // A payment reference counts on the thread's message limit, on every path that takes one
  // (docs/requirements.md, payments).
  [PAYMENT_REFERENCE_INTENT]: intent({
    schema: paymentReferenceSubmissionSchema,
    rateLimit: PAYMENT_REFERENCE_LIMIT,
    run: (fields, { app, formData }) => {
      const orderId = formData.get('orderId');
      return submitPaymentReference(
        app.db,
        app.actor,
        {
          orderId: typeof orderId === 'string' ? orderId : '',
          // The form's own method only shaped the browser's check; the module uses the order's.
          paymentReference: fields.reference ?? '',
        },
        app.clock(),
        app.settings.upiLimitMinor,
      );
    },
    success: quoteToasts.referenceReceived,
  }),
};

/** docs/requirements.md §14: a visitor is refused before the body is read (the modules check again). */
function signedInOnly(app: AppContext) {
  requireUser(app.actor);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerAction(
    { request, params, context },
    {
      guard: signedInOnly,
      // docs/requirements.md §24: a return request carries up to four photos of 10 MB each.
      bodyLimit: {
        bytes: RETURN_MAX_PHOTOS * IMAGE_UPLOAD_MAX_BYTES + 64 * 1024,
        message: returnProblems.photosTooLarge,
      },
      intents: dashboardIntents,
    },
    context.get(appContext),
  );
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
          to={loaderData.signInLink}
          className="mt-8 inline-block rounded-full bg-ink px-6 py-3 text-ivory hover:bg-brass-800"
        >
          Sign In
        </Link>
      </section>
    );
  }
  const tab = readQueryField(searchParams, 'tab', dashboardTabField);
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-12">
      <LiveReload />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-display text-4xl font-semibold">My Account</h1>
        <Link to="/dashboard/security" className="py-0.5 text-sm underline">
          Password and security
        </Link>
      </div>
      <EmailLinkNotice outcome={loaderData.emailLink} signedIn />
      {loaderData.emailVerification === 'unverified' ? (
        <VerifyEmailBanner email={loaderData.email} />
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
          <Streamed section={loaderData.profile} what="your profile">
            {(profile) => (
              <>
                <ProfileTab profile={profile} />
                <PriceDropAlertsForm enabled={profile.priceDropAlerts} />
              </>
            )}
          </Streamed>
        </Tabs.Content>
        <Tabs.Content value="orders" className="mt-8">
          <Streamed section={loaderData.orders} what="your orders">
            {(orders) => (
              <Streamed section={loaderData.reorderContact} what="your profile">
                {(customer) => (
                  <OrdersTab orders={orders} loadedAt={loaderData.loadedAt} customer={customer} />
                )}
              </Streamed>
            )}
          </Streamed>
        </Tabs.Content>
        <Tabs.Content value="quotations" className="mt-8">
          <Streamed section={loaderData.quotations} what="your quotations">
            {(quotations) => <QuotationsTab quotations={quotations} />}
          </Streamed>
        </Tabs.Content>
        <Tabs.Content value="addresses" className="mt-8">
          <Streamed section={loaderData.addresses} what="your addresses">
            {(addresses) => <AddressesTab addresses={addresses} />}
          </Streamed>
        </Tabs.Content>
        <Tabs.Content value="wishlist" className="mt-8">
          <Streamed section={loaderData.wishlist} what="your wishlist">
            {(items) => <WishlistTab items={items} />}
          </Streamed>
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
