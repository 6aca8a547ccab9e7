/**
 * docs/requirements.md §18 "Merge Requests", on PostgreSQL at 1366 px: a customer sent three requests for one
 * project, signed in; the owner merges them into the first from its page. A stranger's guest
 * request naming her e-mail and mobile is shown as "Guest request, not verified", with nothing to
 * merge it by. The kept request lists every piece, the two merged pages say "This request was
 * merged into {reference}" and link there (to her account; their private links open nothing any
 * more), the customer gets one mail whose link opens the kept request, and axe finds nothing on
 * the pages. At 390 px the section reads without scrolling sideways.
 */
import { outboxMessages, signedInCustomer, waitForOutbox } from './support/accounts';
import { expect, signedInAdmin, test, type Shop } from './support/admin';
import { gotoHydrated, toastWith } from './support/pages';
import { allowConsoleErrors, failedResource, type Page } from './support/test';
import { axeViolations } from './support/axe';

const LINK = /\/quotes\/(Q-\d{8}-\d{4,6})\?key=([A-Za-z0-9_-]+)/;

interface Sent {
  id: string;
  reference: string;
  key: string;
}

/** A request through the quotation form's own action (as the page's session: a visitor's or a
 * customer's); its id, reference and key. */
async function requestAsVisitor(
  visitor: Page,
  shop: Shop,
  productId: string,
  form: Record<string, string>,
): Promise<Sent> {
  const answer = await visitor.request.post(`/quote/${productId}.data`, { form });
  expect(answer.ok(), `the request for ${productId}`).toBe(true);
  const [, reference = '', key = ''] = LINK.exec(await answer.text()) ?? [];
  expect(key, "the private link in the request's answer").not.toBe('');
  const [row] = await shop.sql<{ id: string }>(
    'select id from quotation_requests where reference = $1',
    [reference],
  );
  return { id: row!.id, reference, key };
}

test.describe('the owner merges a customer’s requests', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ reducedMotion: 'reduce', viewport: { width: 1366, height: 900 } });

  test('three requests become one with every piece; the two closed pages point to it', async ({
    shop,
  }) => {
    // One customer, signed in: the account, not the mobile (written three ways here), is who she is.
    const visitor = await shop.newPage();
    const { email } = await signedInCustomer(visitor, shop.url, { name: 'Kavya Rao' });
    await shop.sql('update users set email_verified = true where email = $1', [email]);
    const customer = { customerName: 'Kavya Rao', customerEmail: email, quantity: '20' };
    const pieces = ['Lotus Urli', 'Floral Inlay Marble Urli', 'Boat Ganesh'];
    const kept = await requestAsVisitor(visitor, shop, 'lotus-urli', {
      ...customer,
      customerMobile: '+91 98290 77777',
      customizationNotes: 'For a hotel lobby',
    });
    const second = await requestAsVisitor(visitor, shop, 'floral-inlay-marble-urli', {
      ...customer,
      customerMobile: '9829077777',
      customizationNotes: 'Darker polish',
    });
    const third = await requestAsVisitor(visitor, shop, 'boat-ganesh', {
      ...customer,
      customerMobile: '098290 77777',
    });
    // A stranger, not signed in, types her e-mail and mobile.
    const strangerPage = await shop.newPage();
    const strangers = await requestAsVisitor(strangerPage, shop, 'brass-nandi', {
      customerName: 'Kavya R',
      customerEmail: email.toUpperCase(),
      customerMobile: '+919829077777',
      quantity: '1',
      customizationNotes: 'Stranger notes',
    });
    const merged = [second, third];

    const { page } = await signedInAdmin(shop);
    await gotoHydrated(page, `/admin/quotations/${kept.id}`);
    const section = page.getByRole('region', { name: 'Merge Requests' });
    await expect(section).toBeVisible();
    // The stranger's request is a hint, with no checkbox to merge it.
    const hint = section.getByRole('listitem').filter({ hasText: strangers.reference });
    await expect(hint).toContainText('Guest request, not verified');
    await expect(
      section.getByRole('checkbox', { name: new RegExp(strangers.reference) }),
    ).toHaveCount(0);
    expect(await axeViolations(page), 'axe on the owner’s page with Merge Requests').toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('merge-requests-390.png') });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      'no sideways scrolling at 390 px',
    ).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 900 });
    for (const request of merged) {
      await section.getByRole('checkbox', { name: new RegExp(request.reference) }).check();
    }
    await section.getByRole('button', { name: 'Merge Requests' }).click();
    await expect(
      toastWith(
        page,
        `${second.reference} and ${third.reference} are now part of ${kept.reference}`,
      ),
    ).toBeVisible();
    await expect(toastWith(page, 'Requests merged')).toBeVisible();
    // Nothing left to merge: the form is gone; the stranger's request stays a hint.
    await expect(section.getByRole('button', { name: 'Merge Requests' })).toHaveCount(0);
    await expect(hint).toContainText('Guest request, not verified');

    // The kept request lists every piece, and the composer starts with each at 20.
    const request = page.getByRole('region', { name: 'Request', exact: true });
    for (const piece of pieces) {
      await expect(request.getByText(piece, { exact: true }).first()).toBeVisible();
    }
    await expect(request.getByText(`${second.reference}: Darker polish`)).toBeVisible();
    for (const [index, piece] of pieces.entries()) {
      const line = page.getByRole('group', { name: `Line ${index + 1}` });
      await expect(line.getByLabel('Description')).toHaveValue(piece);
      await expect(line.getByLabel('Quantity')).toHaveValue('20');
    }
    expect(await axeViolations(page), 'axe on the owner’s page of the merged request').toEqual([]);
    const rows = await shop.sql<{ reference: string; status: string; merged_into_id: string }>(
      'select reference, status, merged_into_id from quotation_requests where id = any($1) order by reference',
      [merged.map((row) => row.id)],
    );
    expect(rows).toEqual(
      merged.map((row) => ({
        reference: row.reference,
        status: 'completed',
        merged_into_id: kept.id,
      })),
    );

    // The merged requests' pages say where they went, and link there, to her account; their
    // private links open nothing any more.
    const reader = await shop.newPage();
    allowConsoleErrors(failedResource(404, /\/quotes\/Q-\d{8}-\d{4,6}\?key=/));
    for (const request of merged) {
      await gotoHydrated(visitor, `/quotes/${request.reference}`);
      await expect(
        visitor.getByText(`This request was merged into ${kept.reference}`, { exact: true }),
      ).toBeVisible();
      await expect(
        visitor.getByRole('link', { name: kept.reference, exact: true }),
      ).toHaveAttribute('href', `/quotes/${kept.reference}`);
      expect(await axeViolations(visitor), `axe on ${request.reference}'s page`).toEqual([]);
      const old = await reader.goto(`/quotes/${request.reference}?key=${request.key}`);
      expect(old?.status(), `${request.reference}'s old private link`).toBe(404);
    }
    // The stranger's own link shows his request alone, untouched.
    await gotoHydrated(strangerPage, `/quotes/${strangers.reference}?key=${strangers.key}`);
    await expect(strangerPage.getByText('Stranger notes')).toBeVisible();
    await expect(strangerPage.getByText('Darker polish')).toHaveCount(0);

    // One mail to the customer, whose link opens the kept request.
    const link = await waitForOutbox(
      email,
      /Subject: Your requests are merged into[\s\S]*?(\/quotes\/Q-\d{8}-\d{4,6}\?key=[A-Za-z0-9_-]+)/,
      shop.dataDir,
    );
    expect(link.startsWith(`/quotes/${kept.reference}?key=`)).toBe(true);
    expect(
      outboxMessages(shop.dataDir).filter((mail) =>
        mail.includes('Subject: Your requests are merged into'),
      ),
    ).toHaveLength(1);
    await gotoHydrated(reader, link);
    await expect(
      reader.getByRole('heading', { level: 1, name: `Your Quotation ${kept.reference}` }),
    ).toBeVisible();
  });

  test('without JavaScript, Merge Requests is a plain form post', async ({ shop, browser }) => {
    const visitor = await shop.newPage();
    const { email } = await signedInCustomer(visitor, shop.url, { name: 'Irfan Sheikh' });
    const customer = {
      customerName: 'Irfan Sheikh',
      customerMobile: '+91 94140 66666',
      customerEmail: email,
      quantity: '3',
    };
    const kept = await requestAsVisitor(visitor, shop, 'lotus-urli', customer);
    const other = await requestAsVisitor(visitor, shop, 'brass-nandi', customer);
    const { page } = await signedInAdmin(shop);
    const context = await browser.newContext({
      baseURL: shop.url,
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    try {
      const plain = await context.newPage();
      await plain.goto(`/admin/quotations/${kept.id}`);
      const section = plain.getByRole('region', { name: 'Merge Requests' });
      await section.getByRole('checkbox', { name: new RegExp(other.reference) }).check();
      await section.getByRole('button', { name: 'Merge Requests' }).click();
      await expect(
        plain.getByRole('status').filter({
          hasText: `Requests merged ${other.reference} is now part of ${kept.reference}.`,
        }),
      ).toBeVisible();
      await expect(section).toHaveCount(0);
      await expect(
        plain
          .getByRole('region', { name: 'Request', exact: true })
          .getByText('Brass Nandi')
          .first(),
      ).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
