/**
 * docs/requirements.md §2 Welcome pop-up: the pop-up greets a signed-out visitor, and never covers
 * a page they came to for something else: signing in, setting the shop up, a quotation (its
 * private link or its request form), the quote list, the dashboard, the back office, leaving the
 * newsletter or the price-drop alerts. Zod-free: every storefront page asks it.
 * (The 404 and error pages are not known by their path; WelcomeGate asks the router for those.)
 */
const TASK_PAGES = [
  '/auth',
  '/setup',
  '/quotes',
  '/quote',
  '/quote-list',
  '/dashboard',
  '/admin',
  '/newsletter/unsubscribe',
  '/price-drop-alerts',
];

/** Whether the page at `pathname` is a task page or one of its subpages. */
function isTaskPage(pathname: string): boolean {
  return TASK_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`));
}

/**
 * Whether the pop-up may open for this viewer over the page at `pathname`: only for a visitor who
 * is not signed in (an owner or a customer has an account already), and never over a task page.
 */
export function welcomeMayOpen({
  pathname,
  signedIn,
}: {
  pathname: string;
  signedIn: boolean;
}): boolean {
  return !signedIn && !isTaskPage(pathname);
}
