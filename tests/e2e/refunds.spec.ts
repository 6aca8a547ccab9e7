/**
 * docs/requirements.md §24 at 390 px: the owner cancels a paid order, which asks for its refund first; a part
 * goes back by UPI ("Partly Refunded"), then the rest by bank transfer with "Record Refund"
 * ("Refunded"); the buyer reads both refunds and "Refunded" on her order. axe on each page.
 */
import { signedInCustomer } from './support/accounts';
import { expect, insertOrder, signedInAdmin, test } from './support/admin';
import { gotoHydrated } from './support/pages';
import { expectNoAxeViolations } from './support/axe';
import { expectNoSidewaysScroll, PHONE } from './support/phone-checks';

test('the owner cancels a paid order with its refund, in two parts, and the buyer reads "Refunded"', async ({
  shop,
}) => {
  test.setTimeout(180_000);
  const buyer = await shop.newPage();
  await buyer.setViewportSize(PHONE);
  const { email } = await signedInCustomer(buyer, shop.url, { name: 'Asha Rao' });
  const [user] = await shop.sql<{ id: string }>('select id from users where email = $1', [email]);
  await insertOrder(shop, {
    userId: user!.id,
    orderNumber: 'ORD-20261201-0001',
    paymentMethod: 'upi',
    paymentStatus: 'paid',
    status: 'processing',
  });

  const { page: owner } = await signedInAdmin(shop);
  await owner.setViewportSize(PHONE);
  await gotoHydrated(owner, '/admin?tab=orders');
  const card = owner.getByRole('listitem', { name: 'Order ORD-20261201-0001' });
  await card.getByRole('button', { name: 'Cancel Order' }).click();
  const form = card.getByRole('group', { name: 'Cancel Order' });
  await expect(
    form.getByText('₹3,024 was received for this order. Record its refund to cancel it.'),
  ).toBeVisible();
  // By default all of it, by the order's own method; the reference is asked for.
  await expect(form.getByLabel('Amount refunded (₹)')).toHaveValue('3024');
  await expect(form.getByLabel('Refunded by')).toHaveValue('upi');
  await form.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(form.getByText('Give the refund’s UPI or bank reference.')).toBeVisible();
  // More than was received is refused by the server, with what is left.
  await form.getByLabel('Refund reference').fill('UTR612345678901');
  await form.getByLabel('Amount refunded (₹)').fill('3025');
  await form.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(
    owner.getByText('At most ₹3,024 is left to refund for this order.').first(),
  ).toBeVisible();
  await expect(card.getByText('Processing', { exact: true })).toBeVisible();

  await form.getByLabel('Amount refunded (₹)').fill('1,000');
  await form.screenshot({ path: 'test-results/refund-form-390.png' });
  await expectNoSidewaysScroll(owner);
  await expectNoAxeViolations(owner);
  await form.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(
    owner.getByText(
      'Refund of ₹1,000 recorded. The order is cancelled; its payment is partly refunded.',
    ),
  ).toBeVisible();
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(card.getByText('UPI · Partly Refunded', { exact: false })).toBeVisible();
  const refunds = card.getByRole('list', { name: 'Refunds' });
  await expect(refunds.getByText(/^Refunded ₹1,000 by UPI on /)).toBeVisible();

  // The rest, by bank transfer: "Record Refund" offers what is left.
  await card.getByRole('button', { name: 'Record Refund' }).click();
  const rest = card.getByRole('group', { name: 'Record Refund' });
  await expect(rest.getByLabel('Amount refunded (₹)')).toHaveValue('2024');
  await rest.getByLabel('Refunded by').selectOption({ label: 'Bank transfer' });
  await rest.getByLabel('Refund reference').fill('NEFT000123');
  await rest.getByRole('button', { name: 'Record Refund' }).click();
  await expect(card.getByText('UPI · Refunded', { exact: false })).toBeVisible();
  await expect(refunds.getByRole('listitem')).toHaveCount(2);
  await expect(card.getByRole('button')).toHaveCount(0);

  // The buyer: her order is cancelled, both refunds listed, the payment "Refunded".
  await gotoHydrated(buyer, '/dashboard?tab=orders');
  const orders = buyer.getByRole('tabpanel', { name: 'Orders' });
  await expect(orders.getByText('Cancelled', { exact: true })).toBeVisible();
  const buyerRefunds = orders.getByRole('list', { name: 'Refunds' });
  await expect(buyerRefunds.getByText(/^Refunded ₹1,000 by UPI on /)).toBeVisible();
  await expect(buyerRefunds.getByText(/^Refunded ₹2,024 by bank transfer on /)).toBeVisible();
  await expect(buyerRefunds.getByText('Reference NEFT000123')).toBeVisible();
  await orders.getByRole('button', { name: 'View Details' }).click();
  const details = buyer.getByRole('dialog', { name: 'Order ORD-20261201-0001' });
  await expect(details.getByText('Status: Refunded')).toBeVisible();
  await buyer.screenshot({ path: 'test-results/refunds-buyer-390.png', fullPage: true });
  await expectNoSidewaysScroll(buyer);
  await expectNoAxeViolations(buyer);
});
