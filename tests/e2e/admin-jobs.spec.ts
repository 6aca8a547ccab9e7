/**
 * docs/requirements.md §12 "Failed work": /admin/jobs lists a mail the queue gave up on, with its last error and
 * Retry; Retry puts it back and the worker delivers it (the outbox gets the mail), after which the
 * list is empty. At 1366 px and 390 px, with axe.
 */
import { waitForOutbox } from './support/accounts';
import { expect, signedInAdmin, test } from './support/admin';
import { gotoHydrated, toasts } from './support/pages';
import { expectNoAxeViolations } from './support/axe';

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a failed mail shows its last error, and Retry delivers it (${viewport.width} px)`, async ({
    shop,
  }) => {
    test.setTimeout(120_000);
    const email = `reader-${viewport.width}@example.com`;
    // What pg-boss leaves of a mail after its last retry failed.
    await shop.sql(
      `insert into pgboss.job (name, data, state, retry_count, retry_limit, output)
       values ('mail', $1, 'failed', 12, 12, '{"message":"550 mailbox unavailable"}')`,
      [JSON.stringify({ kind: 'newsletter-welcome', email })],
    );
    const { page } = await signedInAdmin(shop);
    await page.setViewportSize(viewport);
    await gotoHydrated(page, '/admin/jobs');
    await expect(page.getByRole('heading', { name: 'Failed Work', level: 1 })).toBeVisible();
    const item = page.getByRole('listitem', { name: `Mail: Newsletter welcome to ${email}` });
    await expect(item.getByText('Failed', { exact: true })).toBeVisible();
    await expect(item.getByText('550 mailbox unavailable')).toBeVisible();
    await expect(item.getByText(/13 tries/)).toBeVisible();
    await expectNoAxeViolations(page);

    await item.getByRole('button', { name: /^Retry/ }).click();
    await expect(toasts(page).filter({ hasText: 'Queued Again' })).toContainText(
      `Mail: Newsletter welcome to ${email} will be tried again now.`,
    );
    // The worker takes it up at once and delivers it.
    await waitForOutbox(email, /(Welcome)/i, shop.dataDir);
    await expect(async () => {
      await gotoHydrated(page, '/admin/jobs');
      await expect(
        page.getByText('Nothing has failed: every mail and webhook so far was delivered.'),
      ).toBeVisible({ timeout: 1000 });
    }).toPass();
  });
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a mail its limit held says why, and Send Now delivers it (${viewport.width} px)`, async ({
    shop,
  }, testInfo) => {
    const email = `held-${viewport.width}@example.com`;
    // What the worker keeps of a guest's confirmation beyond its address's hourly limit.
    await shop.sql(`insert into pgboss.job (name, data) values ('mail-held', $1)`, [
      JSON.stringify({
        kind: 'newsletter-welcome',
        email,
        cause: {
          by: 'stranger',
          address: email,
          purpose: 'newsletter-welcome',
          countedAt: 'delivery',
        },
        held: { address: email, perHour: 5, heldAt: new Date().toISOString() },
      }),
    ]);
    const { page } = await signedInAdmin(shop);
    await page.setViewportSize(viewport);
    await gotoHydrated(page, '/admin/jobs');
    const item = page.getByRole('listitem', { name: `Mail: Newsletter welcome to ${email}` });
    await expect(item.getByText('Held', { exact: true })).toBeVisible();
    await expect(
      item.getByText(`Held: ${email} reached the limit of 5 mails an hour`),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await page.screenshot({ path: testInfo.outputPath(`held-mail-${viewport.width}.png`) });

    await item.getByRole('button', { name: /^Send Now/ }).click();
    await expect(toasts(page).filter({ hasText: 'Sending Now' })).toContainText(
      `Mail: Newsletter welcome to ${email} is on its way.`,
    );
    await waitForOutbox(email, /(Welcome)/i, shop.dataDir);
    await expect(async () => {
      await gotoHydrated(page, '/admin/jobs');
      await expect(item).toHaveCount(0, { timeout: 1000 });
    }).toPass();
  });
}
