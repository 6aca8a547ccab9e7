import { lazy, startTransition, Suspense, useContext, useEffect, useState } from 'react';
import { UNSAFE_DataRouterStateContext, useLocation } from 'react-router';
import { welcomeMayOpen } from '../../../core/catalog/welcome-pages';
import { seenBefore } from './welcome-seen';

// docs/decisions/020: the pop-up, its form and their code load only for a visitor who will see it.
const WelcomePopup = lazy(() =>
  import('./welcome-popup').then((module) => ({ default: module.WelcomePopup })),
);

/**
 * The first-visit welcome (spec §2), decided in the browser once the page has hydrated: the
 * server HTML and the hydration render nothing, and only a first visit loads the pop-up. The
 * root leaves it out for crawlers.
 *
 * It waits while the visitor is signed in, on a task page (core/catalog/welcome-pages.ts) or on the 404 or
 * error page, and opens on the next page that is none of these; it leaves with them if they go
 * back to one, or sign in.
 */
export function WelcomeGate({ shopName, signedIn }: { shopName: string; signedIn: boolean }) {
  const [due, setDue] = useState(false);
  const { pathname } = useLocation();
  // The 404 and error pages, the root's boundary or a route's own ("Product not found", "Story
  // Not Found"), are the router state's errors, which React Router exposes only through this
  // context (its useRouteError reads the same, for one route); none is null.
  const pageFailed = useContext(UNSAFE_DataRouterStateContext)?.errors != null;
  useEffect(() => {
    // A transition: React fits the render in between other work after hydration (docs/decisions/010).
    if (!seenBefore()) startTransition(() => setDue(true));
  }, []);
  return due && !pageFailed && welcomeMayOpen({ pathname, signedIn }) ? (
    <Suspense fallback={null}>
      <WelcomePopup shopName={shopName} />
    </Suspense>
  ) : null;
}
