/**
 * issue 30: the welcome pop-up never covers a page the visitor came to for something else:
 * signing in, setting the shop up, a quotation, the quote list or a quote form, the dashboard,
 * the back office, leaving the newsletter. (The 404 and error pages, the root's or a route's own
 * boundary, are not known by their path; WelcomeGate asks the router for those itself.)
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
  // issue 32: the price-drop mail's unsubscribe link
  '/price-drop-alerts',
];

/** Whether the pop-up may open over the page at `pathname`: a task page and its subpages never. */
export function welcomeMayCover(pathname: string): boolean {
  return !TASK_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`));
}
