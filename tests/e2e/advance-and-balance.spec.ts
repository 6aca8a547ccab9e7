/**
 * docs/requirements.md §21 "Done when": an offer with a 50% advance is accepted; the UPI link carries half the
 * total; the owner confirms the advance and the order shows "Advance paid" and "Balance due"; the
 * customer submits a second reference; the owner confirms the balance and the payment is paid.
 * And an offer above ₹1,00,000 shows no UPI link. On PostgreSQL (the admin journeys' shop).
 */
import type { Page } from './support/test';
import { waitForOutbox } from './support/accounts';
import { expect, signedInAdmin, test, type Shop } from './support/admin';
import { gotoHydrated, toasts } from './support/pages';
import { paymentTermsSentence } from '../../core/orders/payment-terms';
import { expectNoAxeViolations } from './support/axe';

test.describe.configure({ timeout: 180_000 });

const toastWith = (page: Page, title: string) => toasts(page).filter({ hasText: title }).first();

/** A guest asks for two Lotus Urlis; the owner sends an offer; the guest's private link. */
async function offerTo(
  shop: Shop,
  admin: Page,
  offer: { unitPrice: string; advancePercent: string },
): Promise<{ guest: Page; link: string; reference: string }> {
  const guest = await shop.newPage();
  const email = `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  await gotoHydrated(guest, '/product/lotus-urli');
  await guest.getByRole('link', { name: 'Get Quotation' }).click();
  const dialog = guest.getByRole('dialog', { name: 'Request Quotation' });
  await dialog.getByLabel('Quantity').fill('2');
  await dialog.getByLabel('Your name').fill('Leena Rao');
  await dialog.getByRole('textbox', { name: 'Mobile' }).fill('+91 94140 55555');
  await dialog.getByRole('textbox', { name: /Email/ }).fill(email);
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(toastWith(guest, 'Request Submitted!')).toBeVisible();
  const [request] = await shop.sql<{ id: string; reference: string }>(
    'select id, reference from quotation_requests where customer_email = $1',
    [email],
  );

  await gotoHydrated(admin, `/admin/quotations/${request!.id}`);
  const composer = admin.getByRole('region', { name: /offer/i }).filter({
    has: admin.getByRole('button', { name: 'Send Offer' }),
  });
  await composer.getByLabel('Unit price (₹)').first().fill(offer.unitPrice);
  await composer.getByLabel('Shipping (₹)').fill('0');
  await composer.getByLabel('GST rate (%)').fill('0');
  await composer.getByLabel('Advance (%)').fill(offer.advancePercent);
  // The composer shows the sentence the offer's terms will begin with, as the owner types
  const totalMinor = Number(offer.unitPrice) * 2 * 100;
  await expect(composer).toContainText(
    `Terms begin: ${paymentTermsSentence(totalMinor, Number(offer.advancePercent))}`,
  );
  await composer.getByRole('button', { name: 'Send Offer' }).click();
  await expect(toastWith(admin, 'Offer Sent')).toBeVisible();

  const link = await waitForOutbox(
    email,
    new RegExp(`(http://\\S+/quotes/${request!.reference}\\?key=[A-Za-z0-9_-]+)`),
    shop.dataDir,
  );
  return { guest, link, reference: request!.reference };
}

async function acceptPayingBy(
  guest: Page,
  method: 'UPI' | 'Bank transfer' = 'UPI',
): Promise<string> {
  await guest.getByRole('button', { name: 'Accept Offer' }).click();
  const dialog = guest.getByRole('dialog', { name: 'Accept Offer' });
  await expect(dialog.getByRole('group', { name: 'Shipping address' })).toBeVisible();
  await dialog.getByLabel('Street Address').fill('12 Lake Road');
  await dialog.getByLabel('City').fill('Udaipur');
  await dialog.getByLabel('State').fill('Rajasthan');
  await dialog.getByLabel('PIN code').fill('313001');
  await dialog.getByLabel(method, { exact: true }).check();
  await dialog.getByRole('button', { name: 'Accept Offer' }).click();
  const toast = toastWith(guest, 'Offer Accepted');
  await expect(toast).toBeVisible();
  return ((await toast.textContent()) ?? '').match(/ORD-\d{8}-\d{4}/)![0];
}

async function submitReference(guest: Page, reference: string) {
  await guest.getByLabel('Payment reference (UTR)').fill(reference);
  await guest.getByRole('button', { name: 'Submit Reference' }).click();
  await expect(toastWith(guest, 'Reference Received')).toBeVisible();
}

test('an order with a 50% advance is paid in two parts, each confirmed by the owner', async ({
  shop,
}) => {
  const { page: admin } = await signedInAdmin(shop);
  // 2 × ₹1,500, no shipping, no GST: ₹3,000, half of it on acceptance
  const { guest, link } = await offerTo(shop, admin, { unitPrice: '1500', advancePercent: '50' });
  await gotoHydrated(guest, link);
  // The terms' payment sentence, made from the offer's own advance
  await expect(
    guest.getByText('50% advance on acceptance, the balance of ₹1,500 before dispatch.'),
  ).toBeVisible();
  const orderNumber = await acceptPayingBy(guest);

  await gotoHydrated(guest, link);
  await expect(guest.getByText('Pay the advance')).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Pay with UPI' })).toHaveAttribute(
    'href',
    new RegExp(`&am=1500\\.00&cu=INR&tn=${orderNumber}$`),
  );
  await submitReference(guest, '111122223333');

  await gotoHydrated(admin, '/admin?tab=orders');
  const card = admin.getByRole('listitem').filter({ hasText: orderNumber });
  await expect(card.getByLabel('UPI or bank reference')).toHaveValue('111122223333');
  await card.getByRole('button', { name: 'Confirm Payment Received' }).click();
  await expect(toastWith(admin, 'Payment Confirmed')).toBeVisible();
  const amounts = card.getByRole('definition');
  await expect(card.getByText('Advance paid', { exact: true })).toBeVisible();
  await expect(card.getByText('Balance due', { exact: true })).toBeVisible();
  await expect(amounts.filter({ hasText: '₹1,500' })).toHaveCount(2);

  // The quote page asks for the balance, with the UPI link of the balance.
  await gotoHydrated(guest, link);
  await expect(guest.getByText('Advance paid', { exact: true })).toBeVisible();
  await expect(guest.getByText('Balance due', { exact: true })).toBeVisible();
  await expect(guest.getByText('Pay the balance')).toBeVisible();
  await expect(guest.getByText('Status: Advance paid, balance due')).toBeVisible();
  await expectNoAxeViolations(guest);
  await expect(guest.getByRole('link', { name: 'Pay with UPI' })).toHaveAttribute(
    'href',
    new RegExp(`&am=1500\\.00&cu=INR&tn=${orderNumber}$`),
  );
  await submitReference(guest, '444455556666');

  // Shipping with the balance due asks first, and waits for the answer.
  await gotoHydrated(admin, '/admin?tab=orders');
  await card.getByRole('button', { name: 'Start Processing' }).click();
  await expect(card.getByRole('button', { name: 'Mark as Shipped' })).toBeVisible();
  await card.getByRole('button', { name: 'Mark as Shipped' }).click();
  await expect(card.getByText('The balance of ₹1,500 is not yet paid. Ship anyway?')).toBeVisible();
  await expectNoAxeViolations(admin);
  await card.getByRole('button', { name: 'Not yet' }).click();

  await expect(card.getByText("Customer's balance reference: 444455556666")).toBeVisible();
  await expect(card.getByLabel('Balance UPI or bank reference')).toHaveValue('444455556666');
  await card.getByRole('button', { name: 'Confirm Balance Received' }).click();
  await expect(card.getByText('Balance paid')).toBeVisible();
  const [order] = await shop.sql<{ status: string; payment_status: string }>(
    'select status, payment_status from orders where order_number = $1',
    [orderNumber],
  );
  // Confirming the balance does not move the order (spec §4's transitions are unchanged).
  expect(order).toEqual({ status: 'processing', payment_status: 'paid' });
});

test('an amount above the UPI limit is paid by bank transfer only', async ({ shop }) => {
  const { page: admin } = await signedInAdmin(shop);
  // 2 × ₹60,000 = ₹1,20,000 in one payment: above UPI's ₹1,00,000
  const { guest, link } = await offerTo(shop, admin, { unitPrice: '60000', advancePercent: '100' });
  await gotoHydrated(guest, link);
  // The accept form does not offer UPI for it.
  await guest.getByRole('button', { name: 'Accept Offer' }).click();
  const dialog = guest.getByRole('dialog', { name: 'Accept Offer' });
  await expect(dialog.getByRole('radio')).toHaveCount(1);
  await expect(dialog.getByLabel('UPI', { exact: true })).toHaveCount(0);
  await guest.keyboard.press('Escape');
  await acceptPayingBy(guest, 'Bank transfer');
  await gotoHydrated(guest, link);
  await expect(
    guest.getByText(
      'UPI takes at most ₹1,00,000 in one payment, so please pay this amount by bank transfer.',
    ),
  ).toBeVisible();
  await expect(guest.getByRole('heading', { name: 'Bank Transfer' })).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Pay with UPI' })).toHaveCount(0);
  await expect(guest.getByRole('img', { name: /QR code/ })).toHaveCount(0);
  await expectNoAxeViolations(guest);
});
