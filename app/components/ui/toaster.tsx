/**
 * The toaster every page has (spec §9; notifications.tsx draws it). Its live regions are in the
 * server HTML from the start, so a screen reader hears the first toast; its code is a deferred
 * section (docs/decisions/029), not in any page's first load, and is asked for with the first
 * toast (or the first focus inside it, which needs one too).
 */
import { deferred } from './deferred';
import { subscribeToasts } from './toast-store';

export const Toaster = deferred(() =>
  import('./notifications').then((module) => module.Notifications),
);

// Asked for once; each later toast finds it asked for already.
subscribeToasts(Toaster.load);
