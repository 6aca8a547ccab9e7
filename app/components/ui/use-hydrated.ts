import { startTransition, useEffect, useState } from 'react';

/** Set once the first hydration has committed: controls mounted later start out hydrated. */
let pageHydrated = false;

/**
 * False in the server HTML and during hydration, true once React runs in the browser. Controls
 * that only make sense with JavaScript (or only without it) switch on this.
 *
 * The switch after hydration is a transition, so React renders it in slices between other work.
 * (`useSyncExternalStore` with a different server snapshot forces a synchronous re-render of every
 * control right after the hydration commit: one long task on a slow phone, issue 8.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
