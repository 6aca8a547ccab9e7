/**
 * docs/requirements.md §23 at 390 px: the owner issues a tax invoice from the order's card, the buyer downloads it
 * from her dashboard and the PDF (read back with pdftotext) says what Rule 46 asks; an export
 * under the LUT carries IGST 0 and the LUT's endorsement, and the owner finds it on the Invoices
 * page. axe on each page.
 */
import { execFileSync } from 'node:child_process';
import { financialYearOf } from '../../core/tax/financial-year';
import { LUT_EXPORT_TEXT } from '../../core/tax/place-of-supply';
import { DEFAULT_SHOP_TIME_ZONE } from '../../core/time/shop-calendar';
import { signedInCustomer } from './support/accounts';
import { expect, insertOrder, signedInAdmin, test, type Shop } from './support/admin';
import { gotoHydrated } from './support/pages';
import { allowConsoleErrors, failedResource, type Locator, type Page } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { expectNoSidewaysScroll, PHONE } from './support/phone-checks';

const YEAR = financialYearOf(new Date(), DEFAULT_SHOP_TIME_ZONE).label;

/** The text of the PDF a link downloads, as pdftotext reads it. */
async function downloadedPdfText(page: Page, link: Locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return {
    name: download.suggestedFilename(),
    text: execFileSync('pdftotext', ['-layout', (await download.path())!, '-'], {
      encoding: 'utf8',
    }),
  };
}

/** An order to the United States priced without GST (₹2,700), paid in full. */
async function insertExportOrder(shop: Shop, orderNumber: string) {
  const [order] = await shop.sql<{ id: string }>(
    `insert into orders (order_number, status, payment_status, payment_method, subtotal_minor,
                         total_amount_minor, shipping_amount_minor, tax_amount_minor, shipping_address)
     values ($1, 'confirmed', 'paid', 'bank transfer', 250000, 270000, 20000, 0, $2) returning id`,
    [
      orderNumber,
      JSON.stringify({
        name: 'Emily Carter',
        streetAddress: '200 Congress Avenue',
        city: 'Austin',
        state: 'Texas',
        postalCode: '78701',
        country: 'US',
      }),
    ],
  );
  await shop.sql(
    `insert into order_items (order_id, product_id, product_name, quantity, unit_price_minor, total_price_minor)
     values ($1, 'lotus-urli', 'Lotus Urli', 2, 125000, 250000)`,
    [order!.id],
  );
}

test.describe('GST invoices on a phone', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the owner issues an invoice, the buyer downloads it, and an export under the LUT carries no IGST', async ({
    shop,
  }) => {
    const buyer = await shop.newPage();
    await buyer.setViewportSize(PHONE);
    const { email } = await signedInCustomer(buyer, shop.url, { name: 'Asha Rao' });
    const [user] = await shop.sql<{ id: string }>('select id from users where email = $1', [email]);
    await insertOrder(shop, {
      userId: user!.id,
      orderNumber: 'ORD-20261129-0001',
      paymentMethod: 'bank transfer',
      paymentStatus: null,
      status: 'pending',
    });
    const [lotus] = await shop.sql<{ hsn_code: string }>(
      `select hsn_code from products where id = 'lotus-urli'`,
    );

    // Accepted and not paid yet: the buyer's proforma invoice, to pay from.
    await gotoHydrated(buyer, '/dashboard?tab=orders');
    const orders = buyer.getByRole('tabpanel', { name: 'Orders' });
    const proforma = await downloadedPdfText(
      buyer,
      orders.getByRole('link', { name: 'Download Proforma Invoice' }),
    );
    expect(proforma.name).toBe('Proforma-Invoice-ORD-20261129-0001.pdf');
    expect(proforma.text).toContain('Proforma Invoice');
    expect(proforma.text).toContain('This is not a tax invoice');
    expect(proforma.text).not.toContain('Invoice number');
    expect(proforma.text).toMatch(/Total\s+₹3,024/);
    expect(proforma.text).toMatch(/Balance due: ₹3,024/);

    // The owner, on a phone, confirms the transfer before any invoice: its receipt voucher.
    const { page: owner } = await signedInAdmin(shop);
    await owner.setViewportSize(PHONE);
    await gotoHydrated(owner, '/admin?tab=orders');
    const card = owner.getByRole('listitem', { name: 'Order ORD-20261129-0001' });
    await card.getByLabel('UPI or bank reference').fill('UTR000123456');
    await card.getByRole('button', { name: 'Confirm Payment Received' }).click();
    const voucherNumber = `KKR/${YEAR}/0001`;
    await expect(owner.getByText(`Receipt voucher ${voucherNumber} issued.`)).toBeVisible();
    await expect(
      card.getByRole('link', { name: `Download Receipt Voucher ${voucherNumber}` }),
    ).toBeVisible();

    // Then "Issue Invoice" on the paid order's card.
    await card.getByRole('button', { name: 'Issue Invoice' }).click();
    const number = `KK/${YEAR}/0001`;
    await expect(owner.getByText(`Invoice ${number} has been issued.`)).toBeVisible();
    await expect(card.getByRole('link', { name: `Download Invoice ${number}` })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Issue Invoice' })).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await owner.screenshot({ path: 'test-results/invoices-owner-card-390.png' });
    await expectNoSidewaysScroll(owner);
    await expectNoAxeViolations(owner);

    // The buyer downloads it from her orders, beside the voucher and her payment's receipt; the
    // proforma invoice is gone with the tax invoice.
    await gotoHydrated(buyer, '/dashboard?tab=orders');
    const link = orders.getByRole('link', { name: `Download Invoice ${number}` });
    await expect(link).toBeVisible();
    await expect(
      orders.getByRole('list', { name: 'Invoices and receipts' }).getByRole('link'),
    ).toHaveText([
      `Download Receipt Voucher${voucherNumber}`,
      `Download Invoice${number}`,
      'Download ReceiptPayment in full',
    ]);
    const receipt = await downloadedPdfText(
      buyer,
      orders.getByRole('link', { name: 'Download Receipt Payment in full' }),
    );
    expect(receipt.text.replace(/\s+/g, ' ')).toContain(
      'Received from Asha Rao ₹3,024 (Payment in full, reference UTR000123456)',
    );
    await buyer.screenshot({ path: 'test-results/invoices-buyer-orders-390.png', fullPage: true });
    await expectNoSidewaysScroll(buyer);
    await expectNoAxeViolations(buyer);
    const invoice = await downloadedPdfText(buyer, link);
    expect(invoice.name).toBe(`Tax-Invoice-KK-${YEAR}-0001.pdf`);
    for (const text of [
      'Tax Invoice',
      `Invoice number: ${number}`,
      'Order: ORD-20261129-0001',
      'GSTIN: 08AAAAA0000A1Z2',
      'Bill to',
      'Ship to',
      'Asha Rao',
      'Place of supply: Rajasthan (08)',
      'Reverse charge: No',
      'Shipping and packing',
      'Rupees Three Thousand Twenty-Four Only',
      'Authorised signatory',
    ]) {
      expect(invoice.text, text).toContain(text);
    }
    // Each line: its HSN code, the quantity, the rate and CGST and SGST at 6% each.
    expect(invoice.text).toMatch(new RegExp(`Lotus Urli\\s+${lotus!.hsn_code}\\s+2\\s+₹1,250`));
    expect(invoice.text).toMatch(/CGST\s+₹162/);
    expect(invoice.text).toMatch(/SGST\s+₹162/);
    expect(invoice.text).toMatch(/Total\s+₹3,024/);

    // An export priced without GST, with this year's LUT in Settings: IGST 0 and the endorsement.
    await shop.sql(
      `insert into shop_settings (key, value) values ('lutArn', 'AD0804260001234'), ('lutFinancialYear', $1)
       on conflict (key) do update set value = excluded.value`,
      [YEAR],
    );
    await insertExportOrder(shop, 'ORD-20261129-0002');
    await gotoHydrated(owner, '/admin?tab=orders');
    await owner
      .getByRole('listitem', { name: 'Order ORD-20261129-0002' })
      .getByRole('button', { name: 'Issue Invoice' })
      .click();
    await expect(owner.getByText(`Invoice KK/${YEAR}/0002 has been issued.`)).toBeVisible();

    // The owner's Invoices page lists them, each opening its PDF.
    await gotoHydrated(owner, '/admin/invoices');
    await expect(owner.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
    const documents = owner.getByRole('list', { name: 'Documents' });
    // The two invoices and the first order's receipt voucher.
    await expect(documents.getByRole('listitem')).toHaveCount(3);
    await expect(documents.getByText('United States')).toBeVisible();
    await expect(documents.getByText('Rajasthan (08)')).toHaveCount(2);
    await expect(documents.getByRole('link', { name: voucherNumber })).toBeVisible();
    await expect(owner.getByRole('link', { name: /^Export GSTR-1 for / })).toHaveCount(2);
    await owner.screenshot({ path: 'test-results/invoices-page-390.png', fullPage: true });
    await expectNoSidewaysScroll(owner);
    await expectNoAxeViolations(owner);
    const exported = await downloadedPdfText(
      owner,
      documents.getByRole('link', { name: `KK/${YEAR}/0002` }),
    );
    const oneLine = exported.text.replace(/\s+/g, ' ');
    expect(oneLine).toContain(LUT_EXPORT_TEXT);
    expect(oneLine).toContain('LUT ARN AD0804260001234');
    expect(oneLine).toContain('Place of supply: United States');
    expect(exported.text).toMatch(/IGST\s+₹0\b/);
    expect(exported.text).toMatch(/Total\s+₹2,700/);
  });
});

test('an order whose piece has no HSN code links the owner to it, and its invoice is issued once it has one', async ({
  shop,
}) => {
  test.setTimeout(180_000);
  // The refused Issue Invoice answers 409, as a refused order action does.
  allowConsoleErrors(failedResource(409, '/admin.data'));
  await shop.sql(`update products set hsn_code = null where id = 'boat-ganesh'`);
  const [order] = await shop.sql<{ id: string }>(
    `insert into orders (order_number, status, payment_status, payment_method, subtotal_minor,
                         total_amount_minor, shipping_amount_minor, tax_amount_minor, shipping_address)
     values ('ORD-20261129-0003', 'confirmed', 'paid', 'upi', 240000, 268800, 0, 28800, $1) returning id`,
    [
      JSON.stringify({
        name: 'Ravi Kumar',
        streetAddress: '4 Fort Road',
        city: 'Jaipur',
        state: 'Rajasthan',
        postalCode: '302001',
        country: 'IN',
      }),
    ],
  );
  await shop.sql(
    `insert into order_items (order_id, product_id, product_name, quantity, unit_price_minor, total_price_minor)
     values ($1, 'boat-ganesh', 'Boat Ganesh', 1, 240000, 240000)`,
    [order!.id],
  );
  const { page: owner } = await signedInAdmin(shop);
  await owner.setViewportSize(PHONE);
  await gotoHydrated(owner, '/admin?tab=orders');
  const card = owner.getByRole('listitem', { name: 'Order ORD-20261129-0003' });
  await expect(
    card.getByText(
      'Its tax invoice needs the HSN code of each piece before it is issued or the order ships.',
    ),
  ).toBeVisible();
  // Refused, with what to fix, and nothing issued.
  await card.getByRole('button', { name: 'Issue Invoice' }).click();
  await expect(
    owner
      .getByText(
        'Failed to issue the invoice: Set the HSN code of “Boat Ganesh” before issuing an invoice.',
      )
      .first(),
  ).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await owner.screenshot({ path: 'test-results/invoices-hsn-missing-390.png' });
  await expectNoAxeViolations(owner);

  await card.getByRole('link', { name: 'Set the HSN code of Boat Ganesh' }).click();
  await expect(owner).toHaveURL(/\/admin\/product-media\?product=boat-ganesh$/);
  await expect(owner.getByText('Not set: needed before a tax invoice')).toBeVisible();
  await owner.getByRole('button', { name: 'Edit Product' }).click();
  const edit = owner.getByRole('dialog', { name: 'Edit Product' });
  await edit.getByLabel('HSN code').fill('8306');
  await edit.getByRole('button', { name: 'Save Product' }).click();
  await expect(owner.getByText('8306', { exact: true })).toBeVisible();

  await gotoHydrated(owner, '/admin?tab=orders');
  await card.getByRole('button', { name: 'Issue Invoice' }).click();
  await expect(card.getByRole('link', { name: /^Download Invoice KK\// })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Set the HSN code of Boat Ganesh' })).toHaveCount(0);
});
