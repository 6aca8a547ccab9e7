import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { seenBefore } from './welcome-seen';

// issue 28: the pop-up, its form and their code load only for a visitor who will see it.
const WelcomePopup = lazy(() =>
  import('./welcome-popup').then((module) => ({ default: module.WelcomePopup })),
);

/**
 * The first-visit welcome (spec §2), decided in the browser once the page has hydrated: the
 * server HTML and the hydration render nothing, and only a first visit loads the pop-up. The
 * root leaves it out for crawlers.
 */
export function WelcomeGate({ shopName }: { shopName: string }) {
  const [due, setDue] = useState(false);
  useEffect(() => {
    // A transition: React fits the render in between other work after hydration (issue 8).
    if (!seenBefore()) startTransition(() => setDue(true));
  }, []);
  return due ? (
    <Suspense fallback={null}>
      <WelcomePopup shopName={shopName} />
    </Suspense>
  ) : null;
}
