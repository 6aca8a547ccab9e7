import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { allowConsoleErrors, expect, failedResource, test, type Page } from './support/test';
import { signedInCustomer } from './support/accounts';
import { gotoHydrated, toastWith } from './support/pages';
import { createScratchDatabase, markEmailVerified, withPostgres } from './support/postgres';
import { startServerProcess } from './support/server-process';

const run = promisify(execFile);

async function openTab(page: Page, name: string) {
  await gotoHydrated(page, '/dashboard');
  await page.getByRole('tab', { name }).click();
  return page.getByRole('tabpanel', { name });
}

test('signed out, the dashboard asks the visitor to sign in', async ({ page }) => {
  await gotoHydrated(page, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
  await expect(page.getByText('Please sign in to access your dashboard.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toHaveAttribute(
    'href',
    /^\/auth/,
  );
});

test('the profile keeps a new display name and phone; the e-mail is read-only', async ({
  page,
  baseURL,
}) => {
  const { email } = await signedInCustomer(page, baseURL);
  const profile = await openTab(page, 'Profile');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(profile.getByLabel('Email')).toHaveValue(email);
  await expect(profile.getByLabel('Email')).toBeDisabled();
  await profile.getByLabel('Display Name').fill('Asha R.');
  await profile.getByLabel('Phone').fill('+91 98290 11111');
  await profile.getByRole('button', { name: 'Update Profile' }).click();
  await expect(
    toastWith(page, 'Profile updated').filter({
      hasText: 'Your profile has been updated successfully.',
    }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Display Name')).toHaveValue('Asha R.');
  await expect(page.getByLabel('Phone')).toHaveValue('+91 98290 11111');
});

test('addresses: add, edit, make default and delete', async ({ page, baseURL }) => {
  await signedInCustomer(page, baseURL);
  const panel = await openTab(page, 'Addresses');
  await expect(panel.getByText('No saved addresses')).toBeVisible();

  const add = async (title: string, city: string) => {
    await panel.getByRole('button', { name: 'Add Address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Address' });
    await expect(dialog.getByLabel('Address Title')).toHaveAttribute(
      'placeholder',
      'Home, Work, etc.',
    );
    await expect(dialog.getByLabel('Country')).toHaveValue('US');
    await dialog.getByLabel('Address Title').fill(title);
    await dialog.getByLabel('Street Address').fill('12 Lake Road');
    await dialog.getByLabel('Apartment/Suite (Optional)').fill('Flat 3');
    await dialog.getByLabel('City').fill(city);
    await dialog.getByLabel('State').fill('Rajasthan');
    // docs/requirements.md §19: the Country select (US by spec §9) and the postal code's label follow it
    await expect(dialog.getByLabel('ZIP code')).toBeVisible();
    await dialog.getByLabel('Country').selectOption('IN');
    await dialog.getByLabel('PIN code').fill('313001');
    await dialog.getByRole('button', { name: 'Save Address' }).click();
    await expect(toastWith(page, 'Address added')).toBeVisible();
    await expect(dialog).toBeHidden();
  };
  await add('Home', 'Udaipur');
  await add('Work', 'Jaipur');

  const home = panel.getByRole('listitem', { name: 'Home' });
  const work = panel.getByRole('listitem', { name: 'Work' });
  // The first address became the default, and the default is listed first.
  await expect(home.getByText('Default', { exact: true })).toBeVisible();
  await expect(panel.getByRole('listitem').first()).toHaveAccessibleName('Home');
  // docs/requirements.md §19: stored as IN, shown as India, and edited as India with its PIN code
  await expect(home).toContainText(/313001\s*India/);

  await work.getByRole('button', { name: 'Edit Work' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Address' });
  await expect(dialog.getByLabel('Country')).toHaveValue('IN');
  await expect(dialog.getByLabel('PIN code')).toHaveValue('313001');
  await dialog.getByLabel('City').fill('Jodhpur');
  await dialog.getByRole('button', { name: 'Update Address' }).click();
  await expect(toastWith(page, 'Address updated')).toBeVisible();
  await expect(work.getByText('Jodhpur')).toBeVisible();

  await work.getByRole('button', { name: 'Set as default' }).click();
  await expect(work.getByText('Default', { exact: true })).toBeVisible();
  await expect(home.getByText('Default', { exact: true })).toBeHidden();
  await expect(panel.getByRole('listitem').first()).toHaveAccessibleName('Work');

  await home.getByRole('button', { name: 'Delete Home' }).click();
  await expect(toastWith(page, 'Address deleted')).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveCount(1);
});

test('a visitor pressing the wishlist button is asked to sign in', async ({ page }) => {
  // The server refuses a visitor's wishlist post.
  allowConsoleErrors(failedResource(401, '/wishlist.data'));
  await gotoHydrated(page, '/product/lotus-urli');
  await page.getByRole('button', { name: /Add .* to wishlist/ }).click();
  await expect(toastWith(page, 'Sign in required')).toBeVisible();
});

test('the wishlist keeps a piece from the product page until it is removed', async ({
  page,
  baseURL,
}) => {
  await signedInCustomer(page, baseURL);
  const empty = await openTab(page, 'Wishlist');
  await expect(empty.getByRole('heading', { name: 'My Wishlist (0)' })).toBeVisible();
  await expect(empty.getByText('Your wishlist is empty')).toBeVisible();
  await expect(empty.getByRole('link', { name: 'Discover Products' })).toHaveAttribute(
    'href',
    '/shop',
  );

  await gotoHydrated(page, '/product/lotus-urli');
  const button = page.getByRole('button', { name: /Add .* to wishlist/ });
  const name = (await button.getAttribute('aria-label'))?.replace(/^Add | to wishlist$/g, '') ?? '';
  await button.click();
  await expect(page.getByRole('button', { name: `Remove ${name} from wishlist` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The button turns at once; the toast is the server's answer. Leaving earlier cancels the post.
  await expect(toastWith(page, 'Added to wishlist')).toBeVisible();

  const panel = await openTab(page, 'Wishlist');
  await expect(panel.getByRole('heading', { name: 'My Wishlist (1)' })).toBeVisible();
  const card = panel.getByRole('listitem', { name });
  await expect(card.getByText(/^Added /)).toBeVisible();
  await expect(card.getByRole('link', { name: 'View Product' })).toHaveAttribute(
    'href',
    '/product/lotus-urli',
  );
  await card.getByRole('button', { name: `Remove ${name} from wishlist` }).click();
  await expect(toastWith(page, 'Removed from wishlist')).toBeVisible();
  await expect(panel.getByText('Your wishlist is empty')).toBeVisible();
});

test('a new customer has no orders yet', async ({ page, baseURL }) => {
  await signedInCustomer(page, baseURL);
  const panel = await openTab(page, 'Orders');
  await expect(panel.getByText('No orders yet')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute(
    'href',
    '/shop',
  );
  await expect(panel.getByText(/^Last updated/)).toBeVisible();
});

test.describe('on PostgreSQL, with changes made in the database', () => {
  test('price drops, live order updates, order details, reorder and the admin bootstrap', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const database = await createScratchDatabase('storefront_dashboard');
    const server = await startServerProcess({ DATABASE_URL: database.url });
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const sql = <T>(text: string, values: unknown[] = []) =>
      withPostgres(async (client) => (await client.query(text, values)).rows as T[], database.url);
    try {
      const { email } = await signedInCustomer(page, server.url);
      const [user] = await sql<{ id: string }>('select id from users where email = $1', [email]);

      // Wishlist at today's price, then the shop lowers it.
      await gotoHydrated(page, '/product/boat-ganesh');
      await page.getByRole('button', { name: /Add .* to wishlist/ }).click();
      await expect(toastWith(page, 'Added to wishlist')).toBeVisible();
      await sql("update products set price_minor = price_minor - 10000 where id = 'boat-ganesh'");
      const wishlist = await openTab(page, 'Wishlist');
      await expect(wishlist.getByText('Price Drop!')).toBeVisible();

      // An order of five pieces, made for this customer.
      const [order] = await sql<{ id: string }>(
        `insert into orders (user_id, order_number, status, payment_method, subtotal_minor, total_amount_minor, shipping_amount_minor, tax_amount_minor, shipping_address)
         values ($1, 'ORD-7001', 'pending', 'upi', 500000, 560000, 20000, 40000, $2) returning id`,
        [
          user!.id,
          JSON.stringify({
            name: 'Asha Rao',
            streetAddress: '12 Lake Road',
            city: 'Udaipur',
            state: 'Rajasthan',
            postalCode: '313001',
            country: 'IN',
          }),
        ],
      );
      const pieces = await sql<{ id: string; name: string }>(
        'select id, name from products order by name limit 5',
      );
      for (const piece of pieces) {
        await sql(
          `insert into order_items (order_id, product_id, product_name, quantity, unit_price_minor, total_price_minor)
           values ($1, $2, $3, 2, 50000, 100000)`,
          [order!.id, piece.id, piece.name],
        );
      }

      // docs/requirements.md §19: the order came from a request whose first piece had notes; its mobile is
      // the buyer's latest (the profile has no phone).
      const [earlier] = await sql<{ id: string }>(
        `insert into quotation_requests (product_id, product_name, quantity, customer_name, customer_mobile, user_id, status)
         values ($1, $2, 2, 'Asha Rao', '+91 98290 55555', $3, 'completed') returning id`,
        [pieces[0]!.id, pieces[0]!.name, user!.id],
      );
      await sql(
        `insert into quotation_request_lines (quotation_request_id, position, product_id, product_name, quantity, notes)
         values ($1, 0, $2, $3, 2, 'Green marble, 12 inch')`,
        [earlier!.id, pieces[0]!.id, pieces[0]!.name],
      );
      await sql('update orders set quotation_request_id = $1 where id = $2', [
        earlier!.id,
        order!.id,
      ]);

      const orders = await openTab(page, 'Orders');
      const card = orders.getByRole('listitem', { name: 'Order ORD-7001' });
      await expect(card.getByText('Pending', { exact: true })).toBeVisible();
      await expect(card.getByText('₹5,600')).toBeVisible();
      await expect(card.getByText('2 × ₹500')).toHaveCount(3);
      await expect(card.getByText('+2 more items')).toBeVisible();

      // An admin's change reaches the open page without a reload (LISTEN/NOTIFY → SSE).
      await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
      await sql("update orders set status = 'shipped' where id = $1", [order!.id]);
      await expect(card.getByText('Shipped', { exact: true })).toBeVisible({ timeout: 5000 });
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
        'same page',
      );

      await card.getByRole('button', { name: 'View Details' }).click();
      const details = page.getByRole('dialog', { name: 'Order ORD-7001' });
      await expect(details.getByRole('listitem')).toHaveCount(5);
      const address = details.getByText('Udaipur, Rajasthan 313001');
      await expect(address).toBeVisible();
      // The country by its name, not the code the order stores.
      await expect(address).toContainText('India');
      await expect(address).not.toContainText(/\bIN\b/);
      await expect(details.getByText('Method: UPI')).toBeVisible();
      await expect(details.getByText('Status: Pending')).toBeVisible();
      await page.keyboard.press('Escape');

      await card.getByRole('button', { name: 'Reorder' }).click();
      const reorder = page.getByRole('dialog', { name: 'Reorder' });
      await expect(reorder.getByRole('spinbutton')).toHaveCount(5);
      await reorder.getByRole('spinbutton').first().fill('7');
      await reorder.getByLabel('Your Name *').fill('Asha Rao');
      // docs/requirements.md §19: the mobile of the latest request, as the profile has none
      await expect(reorder.getByLabel('Mobile Number *')).toHaveValue('+91 98290 55555');
      await expect(reorder.getByLabel('Email')).toHaveValue(email);
      await reorder.getByRole('button', { name: 'Request Quotation' }).click();
      await expect(toastWith(page, 'Request Submitted!')).toBeVisible();
      // docs/requirements.md §18: one request with the five pieces, not one request per piece; docs/requirements.md §19: the
      // piece that had notes keeps them
      const requests = await sql<{ quantities: number[]; user_id: string; notes: string[] }>(
        `select r.user_id, r.customer_mobile, array_agg(l.quantity order by l.quantity desc) as quantities,
           array_remove(array_agg(l.notes), null) as notes
         from quotation_requests r join quotation_request_lines l on l.quotation_request_id = r.id
         where r.id <> $1 group by r.id`,
        [earlier!.id],
      );
      expect(requests).toEqual([
        {
          user_id: user!.id,
          customer_mobile: '+91 98290 55555',
          quantities: [7, 2, 2, 2, 2],
          notes: ['Green marble, 12 inch'],
        },
      ]);

      // docs/requirements.md §19: the quotation whose order is not paid says so, and not
      // "Completed"
      const quotations = await openTab(page, 'Quotations');
      const unpaid = quotations.getByRole('listitem').filter({ hasText: 'ORD-7001' });
      await expect(unpaid).toContainText('Accepted, awaiting payment');
      await expect(unpaid).not.toContainText('Completed');

      // The admin bootstrap: the command line grants the role, and /admin opens.
      await gotoHydrated(page, '/admin');
      await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
      const grantAdmin = () =>
        run(process.execPath, ['--import', 'tsx', 'server/admin-cli.ts', 'grant-admin', email], {
          env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
        });
      // docs/requirements.md §15: not before the account has verified its address.
      await expect(grantAdmin()).rejects.toMatchObject({
        stderr: expect.stringContaining('has not verified its e-mail address yet'),
      });
      await markEmailVerified(database.url, email);
      const granted = await grantAdmin();
      expect(granted.stdout).toContain(`${email} is now an admin.`);
      await gotoHydrated(page, '/admin');
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    } finally {
      await context.close();
      await server.stop();
      await database.drop();
    }
  });
});

test('without JavaScript: sign in, the open tab is in the page, and the profile form answers', async ({
  page,
  browser,
  baseURL,
}) => {
  const { email, password } = await signedInCustomer(page, baseURL);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  try {
    await plain.goto('/auth?redirectTo=%2Fdashboard');
    const signInForm = plain.getByRole('tabpanel', { name: 'Sign In' });
    await signInForm.getByLabel('Email').fill(email);
    await signInForm.getByLabel('Password', { exact: true }).fill(password);
    await signInForm.getByRole('button', { name: 'Sign In', exact: true }).click();
    // The post comes back as the page: the same words as the toast, and the way on.
    await expect(plain.getByRole('status').filter({ hasText: 'Welcome back!' })).toBeVisible();
    await plain.getByRole('link', { name: 'Continue' }).click();
    await expect(plain.getByRole('heading', { name: 'My Account' })).toBeVisible();

    // docs/requirements.md §13: the open tab's data is awaited, so it is in the HTML, not behind a fallback.
    await plain.goto('/dashboard?tab=orders');
    const orders = plain.getByRole('tabpanel', { name: 'Orders' });
    await expect(orders.getByText('No orders yet')).toBeVisible();
    await expect(orders.getByText(/^Loading/)).toHaveCount(0);
    // Decision 010 holds with the streamed tabs: the scripts still wait for the page's load.
    const html = await (await plain.request.get('/dashboard')).text();
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]* type="module"/);
    expect(html).toContain('addEventListener("load",start');

    await plain.goto('/dashboard');
    const profile = plain.getByRole('tabpanel', { name: 'Profile' });
    await profile.getByLabel('Display Name').fill('Asha Without Script');
    await profile.getByRole('button', { name: 'Update Profile' }).click();
    await expect(
      plain.getByRole('status').filter({ hasText: 'Your profile has been updated successfully.' }),
    ).toBeVisible();
    await expect(plain.getByLabel('Display Name')).toHaveValue('Asha Without Script');
  } finally {
    await context.close();
  }
});
