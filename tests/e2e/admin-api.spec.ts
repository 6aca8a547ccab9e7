/**
 * docs/requirements.md §11: the owner's "API & Webhooks" page on PostgreSQL. The owner makes an API key (shown
 * once, listed, revoked), adds an endpoint on a receiver this test runs, sees the delivery of a
 * contact message with its attempt, resends it, and disables and deletes the endpoint; a customer
 * gets "Access denied". The shop's server allows private addresses (support/admin.ts), as the
 * receiver listens on 127.0.0.1.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { signedInCustomer } from './support/accounts';
import { expect, signedInAdmin, test } from './support/admin';
import { gotoHydrated, toasts } from './support/pages';
import type { Page } from './support/test';
import { expectNoAxeViolations } from './support/axe';

const toastWith = (page: Page, title: string, description: string) =>
  toasts(page).filter({ hasText: title }).filter({ hasText: description }).first();

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on this machine, answering 200 "thanks". */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test.describe('the API & Webhooks page', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ reducedMotion: 'reduce' });

  test('makes, lists and revokes an API key; delivers, logs and resends a webhook', async ({
    shop,
  }) => {
    const receiver = await startReceiver();
    try {
      const { page } = await signedInAdmin(shop);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: shop.url,
      });
      await page.getByRole('link', { name: 'API & Webhooks' }).click();
      await expect(page).toHaveURL(/\/admin\/api$/);
      await expect(page.getByRole('heading', { level: 1, name: 'API & Webhooks' })).toBeVisible();
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
      await expect(page.getByText('No API keys yet.')).toBeVisible();

      // An API key: named, scoped, shown once with "Copy".
      const keys = page.getByRole('region', { name: 'API keys' });
      await keys.getByRole('button', { name: 'Create API key' }).click();
      await expect(keys.getByText('Please enter a name for the key')).toBeVisible();
      await keys.getByLabel('Name').fill('ERP sync');
      await keys.getByRole('checkbox', { name: 'orders:read' }).check();
      await keys.getByRole('checkbox', { name: 'quotations:read' }).check();
      await keys.getByRole('button', { name: 'Create API key' }).click();
      await expect(toastWith(page, 'API Key Created', 'Copy the key "ERP sync" now')).toBeVisible();
      const shown = keys.getByRole('region', { name: 'New API key: ERP sync' });
      await expect(shown.getByText('Copy this key now. It will not be shown again.')).toBeVisible();
      const key = (await shown.locator('code').textContent()) ?? '';
      expect(key).toMatch(/^sk_shop_[A-Za-z0-9_-]{43}$/);
      await shown.getByRole('button', { name: 'Copy' }).click();
      await expect(shown.getByRole('status')).toHaveText('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

      const row = keys.getByRole('row', { name: /ERP sync/ });
      await expect(row.getByRole('cell').nth(1)).toHaveText(`${key.slice(0, 14)}…`);
      await expect(row.getByRole('cell').nth(2)).toHaveText('quotations:readorders:read');
      await expect(row.getByRole('cell').nth(4)).toHaveText('Never');
      await expect(row.getByRole('cell').nth(5)).toHaveText('Active');
      const [stored] = await shop.sql<{ key_hash: string }>(
        "select key_hash from api_keys where name = 'ERP sync'",
      );
      expect(stored?.key_hash).not.toContain(key);

      // Shown once: a fresh load of the page has the key's start only.
      await page.reload();
      await expect(page.getByText(key)).toHaveCount(0);
      await expect(keys.getByRole('row', { name: /ERP sync/ })).toBeVisible();

      await expectNoAxeViolations(page);

      await keys.getByRole('button', { name: 'Revoke ERP sync' }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
      await expect(confirm).toContainText('Integrations that use it stop working at once.');
      await confirm.getByRole('button', { name: 'Revoke' }).click();
      await expect(toastWith(page, 'API Key Revoked', '"ERP sync" no longer works')).toBeVisible();
      await expect(row.getByRole('cell').nth(5)).toHaveText('Revoked');
      await expect(keys.getByRole('button', { name: 'Revoke ERP sync' })).toHaveCount(0);

      // A webhook endpoint on the test's receiver: the secret shown once.
      const webhooks = page.getByRole('region', { name: 'Webhooks' });
      await webhooks.getByLabel('URL').fill(receiver.url);
      await webhooks.getByLabel('Description (optional)').fill('CRM');
      await webhooks.getByRole('checkbox', { name: 'contact.created' }).check();
      await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(toastWith(page, 'Endpoint Added', receiver.url)).toBeVisible();
      const secretBox = webhooks.getByRole('region', {
        name: `Signing secret for ${receiver.url}`,
      });
      await expect(
        secretBox.getByText('Copy this secret now. It will not be shown again.'),
      ).toBeVisible();
      const secret = (await secretBox.locator('code').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      const endpoint = webhooks.getByRole('listitem', { name: `Endpoint ${receiver.url}` });
      await expect(endpoint).toContainText('Events: contact.created');
      await expect(endpoint).toContainText('Status: Enabled');
      await expect(endpoint.getByText('No deliveries yet.')).toBeVisible();

      // An event: a visitor's contact message, delivered by the server's worker, signed.
      const visitor = await shop.newPage();
      await gotoHydrated(visitor, '/contact');
      const form = visitor.getByRole('region', { name: 'Send us a message' });
      await form.getByLabel('Name').fill('Ravi Kumar');
      await form.getByLabel('Email').fill('ravi@example.com');
      await form.getByLabel('Subject').fill('Webhook journey');
      await form.getByLabel('Message').fill('Do you make brass diyas in sets of twelve?');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
      const [first] = receiver.received;
      const payload = new Webhook(secret).verify(
        first!.body,
        first!.headers as Record<string, string>,
      );
      expect(payload).toMatchObject({
        type: 'contact.created',
        data: { subject: 'Webhook journey', email: 'ravi@example.com' },
      });

      // The log: the delivery, its attempt with the answer's status and first KB.
      await expect
        .poll(async () => {
          const [delivery] = await shop.sql<{ status: string }>(
            'select status from webhook_deliveries',
          );
          return delivery?.status;
        })
        .toBe('succeeded');
      await page.reload();
      const delivery = endpoint.getByRole('listitem', { name: 'Delivery of contact.created' });
      await expect(delivery).toContainText('Succeeded · 1 attempt');
      await delivery.getByText('Attempts').click();
      await expect(delivery).toContainText('HTTP 200');
      await expect(delivery.locator('pre')).toHaveText('thanks');
      await expectNoAxeViolations(page);

      // "Resend": the same message again, with the same webhook-id.
      await delivery.getByRole('button', { name: 'Resend' }).click();
      await expect(
        toastWith(page, 'Delivery Queued', `contact.created event will be sent to ${receiver.url}`),
      ).toBeVisible();
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
      expect(receiver.received[1]!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
      await expect
        .poll(async () => {
          const [row] = await shop.sql<{ attempt_count: number }>(
            'select attempt_count from webhook_deliveries',
          );
          return row?.attempt_count;
        })
        .toBe(2);
      await page.reload();
      await expect(delivery).toContainText('Succeeded · 2 attempts');

      // Disable, enable, delete.
      await endpoint.getByRole('button', { name: 'Disable' }).click();
      await expect(toastWith(page, 'Endpoint Disabled', receiver.url)).toBeVisible();
      await expect(endpoint).toContainText('Status: Disabled');
      await endpoint.getByRole('button', { name: 'Enable' }).click();
      await expect(toastWith(page, 'Endpoint Enabled', receiver.url)).toBeVisible();
      await expect(endpoint).toContainText('Status: Enabled');
      await endpoint.getByRole('button', { name: 'Delete' }).click();
      const deleting = page.getByRole('dialog', { name: 'Delete endpoint' });
      await deleting.getByRole('button', { name: 'Delete' }).click();
      await expect(toastWith(page, 'Endpoint Deleted', receiver.url)).toBeVisible();
      await expect(webhooks.getByText('No endpoints yet.')).toBeVisible();
      expect(await shop.sql('select id from webhook_deliveries')).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  test('refuses a customer with what /admin gives', async ({ shop }) => {
    const page = await shop.newPage();
    await signedInCustomer(page, shop.url);
    await gotoHydrated(page, '/admin/api');
    await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
    await expect(page.getByText('API keys')).toHaveCount(0);
  });
});
