/**
 * docs/requirements.md §24 "Returns" at 390 px: the buyer asks to return the pieces of her delivered order with
 * a photo; the owner approves with the return's instructions, which the buyer reads; once the
 * pieces are back the owner records the refund of everything received, and both sides read
 * "Returned" and "Refunded". axe on each page. (A made-to-order piece, never returnable, is the returns
 * module's test, server/modules/returns/returns.test.ts.)
 */
import sharp from 'sharp';
import { signedInCustomer } from './support/accounts';
import { expect, insertOrder, signedInAdmin, test } from './support/admin';
import { gotoHydrated } from './support/pages';
import { expectNoAxeViolations } from './support/axe';
import { expectNoSidewaysScroll, PHONE } from './support/phone-checks';

const INSTRUCTIONS = 'Send them to Kalakriti, 4 Tripolia Bazar, Jaipur 302002, by India Post.';

test('the buyer returns her pieces, the owner approves and refunds, and both read "Refunded"', async ({
  shop,
}) => {
  test.setTimeout(180_000);
  const buyer = await shop.newPage();
  await buyer.setViewportSize(PHONE);
  const { email } = await signedInCustomer(buyer, shop.url, { name: 'Asha Rao' });
  const [user] = await shop.sql<{ id: string }>('select id from users where email = $1', [email]);
  // Two Lotus Urlis, delivered yesterday.
  const orderId = await insertOrder(shop, {
    userId: user!.id,
    orderNumber: 'ORD-20261202-0001',
    paymentMethod: 'upi',
    paymentStatus: 'paid',
    status: 'delivered',
  });
  await shop.sql(
    `update orders set delivered_at = now() - interval '1 day', paid_at = now() - interval '20 days'
      where id = $1`,
    [orderId],
  );

  await gotoHydrated(buyer, '/dashboard?tab=orders');
  const orders = buyer.getByRole('tabpanel', { name: 'Orders' });
  await orders.getByRole('button', { name: 'Request a Return' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Request a Return: ORD-20261202-0001' });
  await expect(dialog.getByText(/^You can ask to return it until /)).toBeVisible();
  await expect(dialog.getByLabel('Lotus Urli (up to 2)')).toHaveValue('2');
  // The reason and the spec's condition are asked for.
  await dialog.getByRole('button', { name: 'Send Return Request' }).click();
  await expect(dialog.getByText('Tell us why you are returning the pieces.')).toBeVisible();
  await dialog.getByLabel('Reason for the return').fill('The glaze of both urlis is cracked.');
  await dialog.getByLabel('Photos (up to 4)').setInputFiles({
    name: 'cracked-urli.png',
    mimeType: 'image/png',
    buffer: await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 90, g: 120, b: 160 } },
    })
      .png()
      .toBuffer(),
  });
  await dialog
    .getByRole('checkbox', { name: 'The pieces are unused and in their original packaging.' })
    .check();
  await dialog.screenshot({ path: 'test-results/return-request-390.png' });
  await expectNoAxeViolations(buyer);
  await dialog.getByRole('button', { name: 'Send Return Request' }).click();
  await expect(buyer.getByText('Return Requested', { exact: true })).toBeVisible();
  const buyerReturns = orders.getByRole('list', { name: 'Returns' });
  await expect(buyerReturns.getByText(/^Return requested · asked on /)).toBeVisible();
  await expect(buyerReturns.getByText('2 × Lotus Urli')).toBeVisible();
  await expect(orders.getByRole('button', { name: 'Request a Return' })).toHaveCount(0);

  // The owner, on a phone: the orders waiting on a return, then the answer.
  const { page: owner } = await signedInAdmin(shop);
  await owner.setViewportSize(PHONE);
  await gotoHydrated(owner, '/admin?tab=orders&status=return_requested');
  const card = owner.getByRole('listitem', { name: 'Order ORD-20261202-0001' });
  await expect(card).toBeVisible();
  await gotoHydrated(owner, '/admin?tab=orders');
  const ownerReturns = card.getByRole('list', { name: 'Returns' });
  await expect(ownerReturns.getByText('Reason: The glaze of both urlis is cracked.')).toBeVisible();
  await expect(
    ownerReturns.getByRole('img', { name: 'The pieces to return, 1 of 1' }),
  ).toBeVisible();
  await ownerReturns.getByRole('button', { name: 'Approve Return' }).click();
  const approve = ownerReturns.getByRole('group', { name: 'Approve Return' });
  await approve.getByRole('button', { name: 'Approve Return' }).click();
  await expect(
    approve.getByText('Tell the buyer where and how to send the pieces back.'),
  ).toBeVisible();
  await approve.getByLabel('Return instructions').fill(INSTRUCTIONS);
  await approve.screenshot({ path: 'test-results/return-approve-390.png' });
  await expectNoAxeViolations(owner);
  await approve.getByRole('button', { name: 'Approve Return' }).click();
  await expect(owner.getByText('Return Approved', { exact: true })).toBeVisible();
  await expect(ownerReturns.getByText(/^Return approved · asked on /)).toBeVisible();

  // The buyer reads how to send them back.
  await gotoHydrated(buyer, '/dashboard?tab=orders');
  await expect(buyerReturns.getByText(`How to send them back: ${INSTRUCTIONS}`)).toBeVisible();

  // The pieces are back: "Record Refund", by default what they cost (₹2,800 with GST); the owner
  // gives back all ₹3,024, shipping too.
  await card.getByRole('button', { name: 'Record Refund' }).click();
  const refund = card.getByRole('group', { name: 'Record Refund' });
  await expect(refund.getByText(/^The returned 2 × Lotus Urli cost ₹2,800; ₹3,024 /)).toBeVisible();
  await expect(refund.getByLabel('Amount refunded (₹)')).toHaveValue('2800');
  await refund.getByLabel('Amount refunded (₹)').fill('3024');
  await refund.getByLabel('Refund reference').fill('UTR612345678909');
  await refund.getByRole('button', { name: 'Record Refund' }).click();
  await expect(
    owner.getByText('Refund of ₹3,024 recorded. The order is returned; its payment is refunded.', {
      exact: false,
    }),
  ).toBeVisible();
  await gotoHydrated(owner, '/admin?tab=orders&status=refunded');
  await expect(card.getByText('Returned', { exact: true })).toBeVisible();
  await expect(card.getByText('UPI · Refunded', { exact: false })).toBeVisible();
  await expect(ownerReturns.getByText(/^Returned · Refunded · asked on /)).toBeVisible();
  await owner.screenshot({ path: 'test-results/return-owner-390.png', fullPage: true });
  await expectNoSidewaysScroll(owner);
  await expectNoAxeViolations(owner);

  // Both sides read it: the buyer's order is returned and refunded.
  await gotoHydrated(buyer, '/dashboard?tab=orders');
  await expect(orders.getByText('Returned', { exact: true })).toBeVisible();
  await expect(buyerReturns.getByText(/^Returned · Refunded · asked on /)).toBeVisible();
  await expect(
    orders.getByRole('list', { name: 'Refunds' }).getByText(/^Refunded ₹3,024 by UPI on /),
  ).toBeVisible();
  await orders.getByRole('button', { name: 'View Details' }).click();
  await expect(
    buyer.getByRole('dialog', { name: 'Order ORD-20261202-0001' }).getByText('Status: Refunded'),
  ).toBeVisible();
  await buyer.screenshot({ path: 'test-results/return-buyer-390.png', fullPage: true });
  await expectNoSidewaysScroll(buyer);
  await expectNoAxeViolations(buyer);
});
