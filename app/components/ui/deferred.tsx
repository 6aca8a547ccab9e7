import {
  lazy,
  memo,
  Suspense,
  useEffect,
  useLayoutEffect,
  useState,
  type ComponentType,
} from 'react';
import { StreamedContent, useHydrated } from './use-hydrated';

/** The deferred sections on the page whose controls are not switched on yet. */
const pending = new Set<symbol>();
const settledListeners = new Set<() => void>();

function settle(token: symbol) {
  if (!pending.delete(token) || pending.size > 0) return;
  for (const listener of [...settledListeners]) listener();
}

/**
 * Calls `callback` once every deferred section on the page is hydrated and its controls are on
 * (at once when there is none); returns a function that cancels the call. The root's
 * `data-hydrated` marker waits for it, so "interactive" means the whole page.
 */
export function afterDeferredSections(callback: () => void): () => void {
  if (pending.size === 0) {
    callback();
    return () => undefined;
  }
  const listener = () => {
    settledListeners.delete(listener);
    callback();
  };
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

/** Rendered inside the section's boundary: hydrated with it, it reports the section settled. */
function Settled({ token }: { token: symbol }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) settle(token);
  }, [hydrated, token]);
  return null;
}

/**
 * docs/decisions/020: a section of a page whose code is not in the page's first load. The server renders it
 * in place, as any other part of the page (entry.server waits for it), so its HTML is complete,
 * also without JavaScript, and its forms post natively. In the browser its code is fetched as soon
 * as the module that declares it runs, beside the page's hydration: React hydrates the rest of the
 * page without waiting for it, keeps the section's server HTML until its code is in, and then
 * hydrates it (selective hydration). Only a client-side navigation that reaches the section before
 * its code is in renders nothing there for that moment.
 *
 * For a part of the page that works before its code is in, as it does without JavaScript: links,
 * forms that post, buttons that are GET forms until hydrated (useHydrated). If its code cannot be
 * fetched, it stays that way.
 */
export function deferred<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const inBrowser = typeof document !== 'undefined';
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        if (!inBrowser) throw error;
        // Offline, or a new release replaced the file: the section keeps its server HTML, which
        // works as it does without JavaScript, instead of taking the page down with an error.
        return new Promise<never>(() => undefined);
      },
    ));
  if (inBrowser) void start();
  const Section = lazy(start);
  // Memoised: while the section waits for its code, a render of its parent with the same props
  // (the switch of every control to hydrated, useHydrated's transition) must not reach it. New
  // props make React hydrate it at once, and a transition then waits for its code to commit.
  return memo(function Deferred(props: Props) {
    const [token] = useState(() => Symbol('deferred section'));
    // A layout effect: registered before the root's (passive) effect reads the registry.
    useLayoutEffect(() => {
      pending.add(token);
      return () => settle(token);
    }, [token]);
    return (
      // Hydrated after the page, its controls start out as the server rendered them (use-hydrated).
      <StreamedContent value>
        <Suspense fallback={null}>
          <Section {...props} />
          <Settled token={token} />
        </Suspense>
      </StreamedContent>
    );
  });
}
