/**
 * docs/design.md §3 "One shop calendar": every time and date a page shows is on the shop's clock
 * (SHOP_TIME_ZONE, here the default Asia/Kolkata), drawn alike by the server (in UTC) and by a
 * browser in a third zone, so React keeps the server's page: no hydration error (#418) throws it
 * away, and a tap during the second render is not lost. The support fixture fails a journey on any
 * console error or uncaught error.
 */
import type { Page } from '@playwright/test';
import { expect, insertOrder, signedInAdmin, test } from './support/admin';
import { signedInCustomer } from './support/accounts';
import { gotoHydrated } from './support/pages';

// New York is neither the server's zone (UTC) nor the shop's (India).
test.use({ timezoneId: 'America/New_York' });

// 20:00 UTC on 23 November is 01:30 on the 24th in India, and 15:00 on the 23rd in New York.
const LATE_EVENING_UTC = '2026-11-23T20:00:00Z';
const SHOP_DAY = 'November 24, 2026';

/** Opens each path hydrated and checks the browser really is in New York. */
async function visitEach(page: Page, paths: string[]): Promise<void> {
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
    'America/New_York',
  );
  for (const path of paths) {
    await gotoHydrated(page, path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
  }
}

test('every page with a time or date hydrates in a browser in another time zone, on the shop calendar', async ({
  shop,
}) => {
  test.setTimeout(180_000);
  const customer = await shop.newPage();
  const { email } = await signedInCustomer(customer, shop.url);
  const [user] = await shop.sql<{ id: string }>('select id from users where email = $1', [email]);
  const [quotation] = await shop.sql<{ id: string; reference: string }>(
    `insert into quotation_requests (product_name, quantity, customer_name, customer_mobile,
       customer_email, user_id, created_at)
     values ('Marble Elephant', 2, 'Asha Rao', '+91 98290 44444', $1, $2, $3)
     returning id, reference`,
    [email, user!.id, LATE_EVENING_UTC],
  );
  const [offer] = await shop.sql<{ id: string }>(
    `insert into quotation_offers (quotation_request_id, version, status, subtotal_minor,
       gst_rate_basis_points, gst_minor, total_minor, valid_until, sent_at)
     values ($1, 1, 'sent', 250000, 1200, 30000, 280000, current_date + 14, $2) returning id`,
    [quotation!.id, LATE_EVENING_UTC],
  );
  await shop.sql(
    `insert into quotation_offer_lines (offer_id, position, description, quantity,
       unit_price_minor, line_total_minor)
     values ($1, 0, 'Marble Elephant, 12 inches', 2, 125000, 250000)`,
    [offer!.id],
  );
  await shop.sql(
    `insert into quotation_messages (quotation_request_id, author, body, created_at)
     values ($1, 'shop', 'The pair can leave the workshop next week.', $2)`,
    [quotation!.id, LATE_EVENING_UTC],
  );
  const orderId = await insertOrder(shop, {
    userId: user!.id,
    orderNumber: 'ORD-20261124-0001',
    paymentMethod: 'upi',
    paymentStatus: 'pending',
  });
  await shop.sql('update orders set created_at = $2 where id = $1', [orderId, LATE_EVENING_UTC]);

  // The customer: orders with "Last updated", quotations, the quote page with its offer.
  await visitEach(customer, [
    '/dashboard?tab=orders',
    '/dashboard?tab=quotations',
    `/quotes/${quotation!.reference}`,
  ]);
  await gotoHydrated(customer, '/dashboard?tab=orders');
  const order = customer.getByRole('listitem', { name: 'Order ORD-20261124-0001' });
  await expect(order.getByText(SHOP_DAY, { exact: true })).toBeVisible();
  await expect(customer.getByText(/^Last updated \d{2}:\d{2}:\d{2} IST$/)).toBeVisible();

  // The owner: the console's tabs and every back-office page that lists times or dates.
  const { page: owner } = await signedInAdmin(shop);
  await visitEach(owner, [
    '/admin',
    '/admin?tab=orders',
    '/admin?tab=quotations',
    '/admin?tab=roles',
    `/admin/quotations/${quotation!.id}`,
    '/admin/activity',
    '/admin/jobs',
    '/admin/api',
    '/admin/subscribers',
  ]);
  await gotoHydrated(owner, '/admin');
  await expect(owner.getByText(/^Last updated \d{2}:\d{2}:\d{2} IST$/)).toBeVisible();

  // A visitor: the pages that show today's date or a story's.
  const visitor = await shop.newPage();
  await visitEach(visitor, ['/terms', '/privacy', '/blog']);
});
