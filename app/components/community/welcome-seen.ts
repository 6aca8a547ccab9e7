/**
 * Whether this browser has seen the welcome pop-up, kept apart from the pop-up so that every page
 * can ask without loading it (docs/decisions/020).
 */

// spec §9: the welcome pop-up is recorded once in local storage as seen
export const WELCOME_SEEN_KEY = 'welcome-popup-seen';

export function seenBefore(): boolean {
  try {
    return window.localStorage.getItem(WELCOME_SEEN_KEY) !== null;
  } catch {
    return true; // storage disabled: do not pester on every page
  }
}

export function markSeen(): void {
  try {
    window.localStorage.setItem(WELCOME_SEEN_KEY, new Date().toISOString());
  } catch {
    // storage disabled: the pop-up may come back, which is better than an error
  }
}
