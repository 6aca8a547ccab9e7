/**
 * docs/requirements.md §12 "Done when": axe (WCAG 2.2 AA) finds nothing on every back-office page, at 1366 px and
 * at 390 px, with rows on each (a quotation with its thread and a sent offer, an order, a message,
 * a subscriber, a failed mail, an activity entry, a user role, an API key), and nothing on them
 * wider than the screen; on the phone the roles and the API keys are cards, not tables.
 */
import { expect, insertOrder, signedInAdmin, test } from './support/admin';
import { gotoHydrated, sidewaysScroll } from './support/pages';
import { expectNoAxeViolations } from './support/axe';

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`every back-office page passes axe at ${viewport.width} px`, async ({ shop }) => {
    test.setTimeout(240_000);
    const [quotation] = await shop.sql<{ id: string }>(
      `insert into quotation_requests (product_name, quantity, customer_name, customer_mobile,
         customer_email, created_at, awaiting_reply_since)
       values ('Marble Elephant', 2, 'Meera Shah', '+91 98290 44444', 'meera@example.com',
         now() - interval '26 hours', now() - interval '26 hours') returning id`,
    );
    // A sent offer with a long line and large sums, the widest the offer's table gets.
    const [offer] = await shop.sql<{ id: string }>(
      `insert into quotation_offers (quotation_request_id, version, status, subtotal_minor,
         gst_rate_basis_points, gst_minor, total_minor, valid_until, sent_at)
       values ($1, 1, 'sent', 1250000000, 1200, 150000000, 1400000000,
         current_date + 14, now()) returning id`,
      [quotation!.id],
    );
    await shop.sql(
      `insert into quotation_offer_lines (offer_id, position, description, quantity,
         unit_price_minor, line_total_minor)
       values ($1, 0, 'Hand-carved white marble temple with inlay, 72 inches', 10, 125000000,
         1250000000)`,
      [offer!.id],
    );
    await insertOrder(shop, {
      userId: null,
      orderNumber: 'ORD-20261124-0001',
      paymentMethod: 'upi',
      paymentStatus: 'pending',
    });
    await shop.sql(
      `insert into contact_messages (name, email, subject, message)
       values ('Kabir Sen', 'kabir@example.com', 'Bulk order', 'Twenty urlis for a hotel lobby.')`,
    );
    await shop.sql(
      `insert into newsletter_subscriptions (email, source) values ('reader@example.com', 'footer')`,
    );
    await shop.sql(
      `insert into pgboss.job (name, data, state, retry_count, retry_limit, output)
       values ('mail', '{"kind":"newsletter-welcome","email":"gone@example.com"}', 'failed', 12, 12,
         '{"message":"550 mailbox unavailable"}')`,
    );
    await shop.sql(
      `insert into api_keys (name, key_hash, key_start, scopes)
       values ('ERP sync', repeat('a', 64), 'sk_shop_AbCdEf', '{orders:read,quotations:read}')`,
    );
    const { page } = await signedInAdmin(shop);
    await page.setViewportSize(viewport);
    // A status change, so the activity log has an entry with its before → after.
    await gotoHydrated(page, '/admin?tab=messages');
    await page.getByRole('button', { name: 'Mark as Read' }).first().click();
    await expect(page.getByText('Message marked as read.').first()).toBeVisible();

    for (const path of [
      '/admin',
      '/admin?tab=orders',
      '/admin?tab=messages',
      '/admin?tab=quotations&waiting=overdue',
      '/admin?tab=roles',
      `/admin/quotations/${quotation!.id}`,
      '/admin/product-media',
      '/admin/subscribers',
      '/admin/activity',
      '/admin/jobs',
      '/admin/settings',
      '/admin/api',
    ]) {
      await gotoHydrated(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page, `axe on ${path}`);
      // docs/requirements.md §12: it works at 390 px: nothing makes the page scroll sideways.
      const overflow = await sidewaysScroll(page);
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    }

    // docs/requirements.md §12: lists become cards at 390 px; the desktop keeps its tables.
    const phone = viewport.width < 768;
    for (const { path, list } of [
      { path: '/admin?tab=roles', list: 'User roles' },
      { path: '/admin/api', list: 'API keys' },
    ]) {
      await gotoHydrated(page, path);
      await expect(page.getByRole('list', { name: list, exact: true })).toBeVisible({
        visible: phone,
      });
      await expect(page.getByRole('table', { name: list, exact: true })).toBeVisible({
        visible: !phone,
      });
    }
    await expect(
      page.getByRole(phone ? 'list' : 'table', { name: 'API keys', exact: true }),
    ).toContainText('orders:read');
  });
}
