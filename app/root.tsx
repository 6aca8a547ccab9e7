import { lazy, Suspense, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useNavigation,
  useRouteLoaderData,
  type LinksFunction,
} from 'react-router';
import { isbot } from 'isbot';
import { defaultShopName } from '../content/shop-name';
import { appContext } from '../server/http/app-context';
import { formConstraints } from '../server/http/form-constraints';
import { quoteListTokenOf, servedOverHttps } from '../server/http/quote-list-cookie';
import { displayRateFor } from '../server/http/display-currency';
import { choiceLabel, RUPEES, type CurrencyChoice } from '../core/money/display-currency';
import { quoteListQuantities } from '../server/modules/quote-lists';
import { getProfile, requestFormDetails } from '../server/modules/account';
import { categories } from '../core/catalog/categories';
import { shopDayOf } from '../core/time/shop-calendar';
import { quotationRequestSchema } from '../core/quotes/quotation';
import type { Route } from './+types/root';
import type { BackOfficeOutletContext } from './routes/admin-shell';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import playfairLatin from '@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2?url';
import stylesheet from './app.css?url';
import { AuthSync } from './components/account/auth-sync';
import { SignOutButton } from './components/account/sign-out-button';
import { useNonce } from './components/layout/nonce';
import { useHydrated } from './components/ui/use-hydrated';

// The welcome pop-up's gate waits seconds before it opens anything, so its code comes after the
// page (docs/decisions/010), not in every page's first load (docs/decisions/020).
const WelcomeGate = lazy(() =>
  import('./components/community/welcome-gate').then((module) => ({ default: module.WelcomeGate })),
);
import { SiteHeader } from './components/layout/site-header';
import { socialLinksOf } from './components/layout/social-links.server';
import { Toaster } from './components/ui/toaster';
import { afterDeferredSections, deferred } from './components/ui/deferred';

// docs/decisions/020 and 029: the header's search (a plain search form until its code is in) and the footer
// (links, and a newsletter form that posts natively) hydrate from their own chunks, fetched on their
// first use or once the reader scrolls near them, not with the page.
// docs/requirements.md §21: with the currency picker beside the search, in the same section.
const HeaderTools = deferred(() =>
  import('./components/currency/header-tools').then((module) => module.HeaderTools),
);
// The 404 page is links only: its code is not in every page's first load.
const NotFound = deferred(() =>
  import('./components/layout/not-found').then((module) => module.NotFound),
);
const PageFooter = deferred(() =>
  import('./components/layout/page-footer').then((module) => module.PageFooter),
);

export const links: LinksFunction = () => [
  // `precedence` makes React place the stylesheet first in the head, ahead of the font preloads.
  // The scripts are not preloaded at all: they load after the page (decision 010).
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  // The two faces every page shows above the fold (body text and headings), fetched with the
  // stylesheet instead of after it; app.css declares the same files, so they are fetched once.
  ...[interLatin, playfairLatin].map((href) => ({
    rel: 'preload',
    href,
    as: 'font',
    type: 'font/woff2',
    crossOrigin: 'anonymous' as const,
  })),
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

const BACK_OFFICE_SHELL = 'routes/admin-shell';

const zodWithoutEval = 'globalThis.__zod_globalConfig={jitless:true}';

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { config, site, viewer, db, actor } = app;
  const display = await displayRateFor(app, request.headers);
  const { shopName, tagline, shopTimeZone } = site;
  const quoteList = await quoteListQuantities(db, {
    actor: actor?.apiKey ? null : actor,
    token: quoteListTokenOf(request.headers, servedOverHttps(config.publicUrl)),
  });
  return {
    site: {
      shopName,
      // docs/decisions/019: every page's times and dates are on the shop's clock,
      // drawn alike in the server and the browser (app/components/layout/shop-time.ts).
      shopTimeZone,
      // The footer's year is the shop's, not the reader's: on 31 December they may differ.
      year: shopDayOf(app.clock(), shopTimeZone).slice(0, 4),
      tagline,
      // docs/requirements.md §2: the footer's social buttons, their glyphs as data.
      socialLinks: socialLinksOf(site),
      publicUrl: config.publicUrl,
      // The header's and footer's category links, as data: the catalogue's table stays out of
      // every page's JavaScript (docs/decisions/020).
      categories: categories.map(({ slug, name }) => ({ slug, name })),
    },
    user: viewer,
    // docs/requirements.md §18: the header's "Quote List" link shows the count of pieces, hidden
    // at none, and each "Add to Quote List" the quantity of its piece.
    quoteList,
    quoteListCount: Object.keys(quoteList).length,
    // spec §2: the welcome pop-up is never shown to crawlers
    showWelcome: !isbot(request.headers.get('user-agent') ?? ''),
    // The Request Quotation dialog opens from any page that lists a product (docs/decisions/020).
    formConstraints: formConstraints({ quotation: quotationRequestSchema }),
    // docs/requirements.md §15: signed in, the dialog starts from the profile's details
    quotationDefaults:
      actor && !actor.apiKey ? requestFormDetails(await getProfile(db, actor)) : null,
    // docs/decisions/026: the picker and the rate of the approximate amounts; null while no rate is fresh,
    // and then nothing changes for the shop.
    currency:
      display.fresh.length === 0
        ? null
        : {
            rate: display.rate,
            current: display.rate?.currency ?? RUPEES,
            choices: [RUPEES as CurrencyChoice, ...display.fresh.map((rate) => rate.currency)].map(
              (value) => ({
                value,
                label: choiceLabel(value),
              }),
            ),
          },
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>('root');
  // Without the root's data (its loader failed) the pages still name the shop; the rest of the
  // settings are not shipped to the browser for that case.
  const site = data?.site ?? {
    shopName: defaultShopName,
    tagline: '',
    socialLinks: [],
    categories: [],
    year: null,
  };
  const hydrated = useHydrated();
  // docs/requirements.md §12: the back office draws its own shell (app/routes/admin-shell.tsx), its <main>
  // included, without the storefront's header, footer, newsletter and welcome pop-up.
  const backOffice = useMatches().some((match) => match.id === BACK_OFFICE_SHELL);
  useEffect(() => {
    // A marker for anything that must wait for the page to be interactive (the browser tests).
    // Set here, not in App, so error pages (the 404 is an ErrorBoundary) get it too; set with the
    // same transition that switches the controls on (useHydrated), not before it.
    // Deferred sections (docs/decisions/029) asked for by then are waited for too; the others keep
    // their server HTML until they are used or neared.
    if (!hydrated) return undefined;
    return afterDeferredSections(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
  }, [hydrated]);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#faf7f2" />
        {/* Zod probes for eval when its first schema is built; under our CSP the probe is reported
            as a violation (Lighthouse best practices). This runs before any module script. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: zodWithoutEval }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-ivory text-ink antialiased">
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-ink focus:px-4 focus:py-2 focus:text-ivory"
        >
          Skip to content
        </a>
        <AuthSync />
        {backOffice ? (
          children
        ) : (
          <>
            <HeaderTools bar />
            <SiteHeader
              shopName={site.shopName}
              signedIn={Boolean(data?.user)}
              admin={Boolean(data?.user?.isAdmin)}
              quoteListCount={data?.quoteListCount ?? 0}
              categories={site.categories}
              search={<HeaderTools />}
              signOut={data?.user ? <SignOutButton /> : null}
            />
            <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
              {children}
            </main>
            <PageFooter
              shopName={site.shopName}
              categories={site.categories}
              tagline={site.tagline}
              socialLinks={site.socialLinks}
              year={site.year}
            />
            {hydrated && data?.showWelcome ? (
              <Suspense fallback={null}>
                <WelcomeGate shopName={site.shopName} signedIn={Boolean(data.user)} />
              </Suspense>
            ) : null}
          </>
        )}
        <Toaster />
        {/* spec §2: scroll to the top on every path change, a revisit included; back/forward
            still restores, and in-page changes (filters, tabs) pass preventScrollReset. */}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const navigation = useNavigation();
  // spec §2 Product detail: "Loading product..." while a product's data loads on a client-side
  // navigation (a server-rendered first load arrives complete).
  const loadingProduct =
    navigation.state === 'loading' &&
    navigation.location.pathname.startsWith('/product/') &&
    navigation.formMethod === undefined;
  if (loadingProduct) {
    return (
      <p role="status" className="mx-auto max-w-6xl px-4 py-24 text-center text-ink-muted">
        Loading product...
      </p>
    );
  }
  // docs/requirements.md §12: the back office's shell signs out with the storefront's own button, handed down
  // rather than imported, so the button stays in this chunk instead of a chunk of its own that
  // every storefront page would load (the pages' JavaScript budget, decision 008).
  const shell: BackOfficeOutletContext = { signOut: <SignOutButton /> };
  return <Outlet context={shell} />;
}

/**
 * The 404 and error pages are drawn by this route's ErrorBoundary, so their title comes from here:
 * the meta of the route that threw is not used once the boundary above it renders.
 */
export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: notFound ? 'Oops! Page not found' : 'Unexpected Application Error!' }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound />;
  }
  // spec §8: a route render failure shows this heading.
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-semibold">Unexpected Application Error!</h1>
      <p className="mt-4 text-ink-muted">
        {isRouteErrorResponse(error)
          ? `${error.status} ${error.statusText}`
          : 'An unexpected error occurred. Please try again.'}
      </p>
      <Link to="/" className="mt-8 inline-block text-brass-700 underline underline-offset-4">
        Return to Home
      </Link>
    </section>
  );
}
