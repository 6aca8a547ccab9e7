import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * False in the server HTML and during hydration, true once React runs in the browser. Controls
 * that only make sense with JavaScript (or only without it) switch on this.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
