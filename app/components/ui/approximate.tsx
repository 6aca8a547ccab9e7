/**
 * docs/requirements.md §21 "Where the shop shows a rupee amount, it adds the approximate amount": the one
 * component every page uses, " (≈ US$41)" after a rupee amount, nothing for rupees only. The rate
 * is the root's (app/root.tsx): the buyer's choice, or their browser's region, when fresh.
 *
 * A deferred section (docs/decisions/020): the server renders it in place and the browser fetches its code
 * after the page, so the pages' first-load JavaScript does not grow with it.
 */
import { deferred } from './deferred';

export const Approximate = deferred(() =>
  import('../currency/approximate-amount').then((module) => module.ApproximateAmount),
);
