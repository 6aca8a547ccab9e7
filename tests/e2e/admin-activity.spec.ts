/**
 * docs/requirements.md §12 "Activity log": the owner confirms an order, and /admin/activity shows the status
 * change with its before and after, at 1366 px (a table) and at 390 px (cards); the filters by
 * kind and person narrow the list and live in the address; axe finds nothing at either width.
 * The admin role granted at the command line is an entry too, by "Command line".
 */
import { expect, insertOrder, openAdminTab, signedInAdmin, test } from './support/admin';
import { gotoHydrated, toasts } from './support/pages';
import { expectNoAxeViolations } from './support/axe';

const ORDER = 'ORD-20260101-0001';
const ORDER_SUMMARY = `Order ${ORDER}: Confirm Order`;

test.describe('the activity log', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ reducedMotion: 'reduce' });

  test('shows an order status change with its before and after, filtered by kind and person', async ({
    shop,
  }) => {
    const { page, email } = await signedInAdmin(shop);
    await insertOrder(shop, {
      userId: null,
      orderNumber: ORDER,
      paymentMethod: 'other',
      paymentStatus: null,
    });
    const orders = await openAdminTab(page, 'Orders');
    await orders
      .getByRole('listitem', { name: `Order ${ORDER}` })
      .getByRole('button', { name: 'Confirm Order' })
      .click();
    await expect(
      toasts(page).filter({ hasText: 'Order Status Updated' }).filter({ hasText: 'confirmed' }),
    ).toBeVisible();
    const roleSummary = `Role admin granted to ${email}`;

    // Desktop: a table, newest first.
    await page.setViewportSize({ width: 1366, height: 900 });
    await gotoHydrated(page, '/admin/activity');
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Activity, newest first' });
    const orderRow = table.getByRole('row').filter({ hasText: ORDER_SUMMARY });
    await expect(orderRow.getByRole('cell', { name: 'Devika Admin' })).toBeVisible();
    await expect(orderRow.getByRole('cell', { name: 'Order status' })).toBeVisible();
    await expect(orderRow.getByText('Status: pending → confirmed')).toBeVisible();
    const roleRow = table.getByRole('row').filter({ hasText: roleSummary });
    await expect(roleRow.getByRole('cell', { name: 'Command line' })).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toContainText(ORDER_SUMMARY);
    // Read-only: nothing on the page edits or deletes an entry.
    await expect(page.getByRole('button', { name: /delete|edit|remove/i })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // By kind: the filter is in the address, and the role entry is gone.
    await page.getByLabel('Kind').selectOption({ label: 'Order status' });
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/[?&]kind=order\.status(&|$)/);
    await expect(orderRow).toBeVisible();
    await expect(roleRow).toHaveCount(0);
    await expect(page.getByLabel('Kind')).toHaveValue('order.status');

    // "Clear" brings everything back; by person, only the command line's entry is left.
    await page.getByRole('link', { name: 'Clear' }).click();
    await expect(page).toHaveURL(/\/admin\/activity$/);
    await expect(roleRow).toBeVisible();
    await expect(page.getByLabel('Kind')).toHaveValue('');
    await page.getByLabel('Person').selectOption({ label: 'Command line' });
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/[?&]person=command-line(&|$)/);
    await expect(roleRow).toBeVisible();
    await expect(orderRow).toHaveCount(0);

    // A kind with nothing in it says so.
    await gotoHydrated(page, '/admin/activity?kind=webhook');
    await expect(page.getByText('No activity matches these filters.')).toBeVisible();

    // A phone: the same entries as cards.
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, '/admin/activity?kind=order.status');
    await expect(table).toBeHidden();
    const card = page
      .getByRole('list', { name: 'Activity, newest first' })
      .getByRole('listitem')
      .filter({ hasText: ORDER_SUMMARY });
    await expect(card.getByText('Status: pending → confirmed')).toBeVisible();
    await expect(card.getByText(/Devika Admin · Order status/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
