import { createContext, startTransition, useContext, useEffect, useState } from 'react';

/** Set once the first hydration has committed: controls mounted later start out hydrated. */
let pageHydrated = false;

/**
 * True inside content the server streamed (a loader's deferred data behind `<Suspense>`): React
 * hydrates it after the page's first hydration has committed, against the server's HTML, which
 * was rendered not hydrated. Such controls start out not hydrated too, or their first render
 * would not match the HTML (React error 418). `StreamedContent` provides it.
 */
export const StreamedContentContext = createContext(false);
export const StreamedContent = StreamedContentContext.Provider;

/**
 * False in the server HTML and during hydration, true once React runs in the browser. Controls
 * that only make sense with JavaScript (or only without it) switch on this.
 *
 * The switch after hydration is a transition, so React renders it in slices between other work.
 * (`useSyncExternalStore` with a different server snapshot forces a synchronous re-render of every
 * control right after the hydration commit: one long task on a slow phone, docs/decisions/010.)
 */
export function useHydrated(): boolean {
  const streamed = useContext(StreamedContentContext);
  const [hydrated, setHydrated] = useState(pageHydrated && !streamed);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
