/** React Router's `navigate()` rejects with this when the navigation is left before it finishes. */
export function isInterruptedNavigation(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Starts a client-side navigation from code (after a sign-in, a chosen suggestion…) and lets it
 * be interrupted: the visitor, or a newer navigation, leaving before it finishes is no failure.
 * Any other error still surfaces as an unhandled rejection.
 */
export function followNavigation(navigation: Promise<void> | void): void {
  void Promise.resolve(navigation).catch((error: unknown) => {
    if (!isInterruptedNavigation(error)) throw error;
  });
}
