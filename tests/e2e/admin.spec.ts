import { allowConsoleErrors, failedResource, type Page } from './support/test';
import { signedInCustomer } from './support/accounts';
import { expect, insertOrder, openAdminTab, signedInAdmin, test, type Shop } from './support/admin';
import { gotoHydrated, toasts } from './support/pages';

/** A toast with this title and, when given, this description. */
const toastWith = (page: Page, title: string, description?: string | RegExp) =>
  toasts(page)
    .filter({ hasText: title })
    .filter({ hasText: description ?? title })
    .first();

/** The customer's own account and their dashboard's Orders tab, in a browser context of its own. */
async function customerWithDashboard(shop: Shop) {
  const page = await shop.newPage();
  const { email } = await signedInCustomer(page, shop.url, { name: 'Asha Rao' });
  const [user] = await shop.sql<{ id: string }>('select id from users where email = $1', [email]);
  return { page, email, userId: user!.id };
}

async function openOrdersTab(page: Page) {
  await gotoHydrated(page, '/dashboard');
  await page.getByRole('tab', { name: 'Orders' }).click();
  return page.getByRole('tabpanel', { name: 'Orders' });
}

test.describe('without the admin role', () => {
  test.describe.configure({ timeout: 120_000 });

  /** Admin data that must not reach anyone else: an order and a quotation request. */
  async function seedAdminData(shop: Shop) {
    await insertOrder(shop, {
      userId: null,
      orderNumber: 'ORD-20260101-0099',
      paymentMethod: 'upi',
      paymentStatus: null,
    });
    await shop.sql(
      `insert into quotation_requests (product_id, product_name, quantity, customer_name, customer_mobile)
       values ('lotus-urli', 'Lotus Urli', 2, 'Zoravar Secretname', '+91 98290 44444')`,
    );
  }

  /** Neither the page nor the route's data, as the client fetches it, holds any admin data. */
  async function expectNoAdminData(page: Page, access: string) {
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await expect(page.getByRole('tab')).toHaveCount(0);
    const html = await page.content();
    const routeData = await (await page.request.get('/admin.data')).text();
    // docs/decisions/019: the back-office shell decides access once and says which; the page sends nothing
    expect(routeData).toContain('"routes/admin-shell"');
    expect(routeData).toContain(`"${access}"`);
    for (const text of [html, routeData]) {
      expect(text).not.toContain('ORD-20260101-0099');
      expect(text).not.toContain('Zoravar Secretname');
      expect(text).not.toMatch(/"counts"|"loadedAt"|Admin Dashboard/);
    }
  }

  test('a signed-out visitor is asked to sign in and gets no admin data', async ({ shop }) => {
    await seedAdminData(shop);
    const page = await shop.newPage();
    await gotoHydrated(page, '/admin');
    await expect(page.getByText('Please sign in to access the admin area.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/auth?redirectTo=%2Fadmin',
    );
    await expectNoAdminData(page, 'signed-out');
  });

  test('a signed-in customer is denied, sees their own user id and no admin data', async ({
    shop,
  }) => {
    await seedAdminData(shop);
    const customer = await customerWithDashboard(shop);
    const page = customer.page;
    await gotoHydrated(page, '/admin');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(
      page.getByText('Access denied. You do not have administrator privileges.'),
    ).toBeVisible();
    await expect(page.getByText(`Your user id: ${customer.userId}`)).toBeVisible();
    await expectNoAdminData(page, 'denied');
  });
});

test.describe('an admin, on PostgreSQL', () => {
  test.describe.configure({ timeout: 120_000 });

  test('moves an order from pending to delivered, and the customer sees each step live', async ({
    shop,
  }) => {
    const customer = await customerWithDashboard(shop);
    await insertOrder(shop, {
      userId: customer.userId,
      orderNumber: 'ORD-20260101-0001',
      // another method, payment status absent: "Confirm Order" and not "Confirm Payment Received"
      // (which decision 014 offers for UPI and bank transfers)
      paymentMethod: 'other',
      paymentStatus: null,
    });
    const dashboard = await openOrdersTab(customer.page);
    const customerCard = dashboard.getByRole('listitem', { name: 'Order ORD-20260101-0001' });
    await expect(customerCard.getByText('Pending', { exact: true })).toBeVisible();
    await customer.page.evaluate(() => ((window as unknown as { marker: string }).marker = 'kept'));

    const { page } = await signedInAdmin(shop);
    const orders = await openAdminTab(page, 'Orders');
    const card = orders.getByRole('listitem', { name: 'Order ORD-20260101-0001' });
    await expect(card.getByText('Lotus Urli')).toBeVisible();
    await expect(card.getByText('2 × ₹1,250 = ₹2,500')).toBeVisible();
    await expect(
      card.getByText('Asha Rao, 12 Lake Road, Udaipur, Rajasthan 313001, India'),
    ).toBeVisible();
    // spec §3: payment status pending when absent
    await expect(card.getByText('OTHER · Pending')).toBeVisible();
    await expect(card.getByRole('button')).toHaveText(['Confirm Order', 'Cancel Order']);

    const steps = [
      { press: 'Confirm Order', status: 'confirmed', next: ['Start Processing', 'Cancel Order'] },
      {
        press: 'Start Processing',
        status: 'processing',
        next: ['Mark as Shipped', 'Cancel Order'],
      },
      // docs/decisions/028: no Cancel Order once it has shipped.
      { press: 'Mark as Shipped', status: 'shipped', next: ['Mark as Delivered'] },
      { press: 'Mark as Delivered', status: 'delivered', next: [] },
    ];
    for (const step of steps) {
      const label = step.status.charAt(0).toUpperCase() + step.status.slice(1);
      await card.getByRole('button', { name: step.press }).click();
      if (step.status === 'shipped') {
        // docs/requirements.md §24: the shipment's carrier and tracking number, every piece by default.
        const shipment = card.getByRole('group', { name: 'Mark as Shipped' });
        await shipment.getByLabel('Carrier').selectOption({ label: 'Blue Dart' });
        await shipment.getByLabel('Tracking number').fill('12345678901');
        await expect(shipment.getByLabel('Lotus Urli (2 left)')).toHaveValue('2');
        await shipment.getByRole('button', { name: 'Mark as Shipped' }).click();
      }
      await expect(
        toastWith(page, 'Order Status Updated', `Order status has been updated to ${step.status}.`),
      ).toBeVisible();
      if (step.status === 'shipped') {
        // docs/requirements.md §23: goods leave with their tax invoice, issued by the shipping itself.
        await expect(
          toastWith(page, 'Order Status Updated', /Invoice KK\/\d{2}-\d{2}\/\d{4} issued\./),
        ).toBeVisible();
        await expect(card.getByRole('link', { name: /^Download Invoice KK\// })).toBeVisible();
        await expect(card.getByRole('link', { name: 'Track Shipment' })).toHaveAttribute(
          'href',
          'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=12345678901',
        );
      }
      await expect(card.getByText(label, { exact: true })).toBeVisible();
      await expect(card.getByRole('button')).toHaveText(step.next);
      // The customer's open dashboard follows without a reload.
      await expect(customerCard.getByText(label, { exact: true })).toBeVisible();
    }
    expect(
      await customer.page.evaluate(() => (window as unknown as { marker?: string }).marker),
    ).toBe('kept');
    const [stored] = await shop.sql<{ status: string; payment_status: string | null }>(
      "select status, payment_status from orders where order_number = 'ORD-20260101-0001'",
    );
    expect(stored).toEqual({ status: 'delivered', payment_status: null });
  });

  test('confirms the payment of a UPI order with its reference', async ({ shop }) => {
    const customer = await customerWithDashboard(shop);
    await insertOrder(shop, {
      userId: customer.userId,
      orderNumber: 'ORD-20260101-0002',
      paymentMethod: 'upi',
      paymentStatus: 'pending',
    });
    const { page } = await signedInAdmin(shop);
    const orders = await openAdminTab(page, 'Orders');
    const card = orders.getByRole('listitem', { name: 'Order ORD-20260101-0002' });
    await expect(card.getByText('UPI · Pending')).toBeVisible();
    // A pending payment: no "Confirm Order", only the payment confirmation (spec §4).
    await expect(card.getByRole('button')).toHaveText(['Confirm Payment Received', 'Cancel Order']);

    await card.getByLabel('UPI or bank reference').fill('UPI-428810993311');
    await card.getByRole('button', { name: 'Confirm Payment Received' }).click();
    await expect(
      toastWith(
        page,
        'Payment Confirmed',
        'Payment has been confirmed and order status updated to confirmed.',
      ),
    ).toBeVisible();
    await expect(card.getByText('UPI · Paid · Reference UPI-428810993311')).toBeVisible();
    await expect(card.getByText('Confirmed', { exact: true })).toBeVisible();
    // docs/requirements.md §23: a paid order can have its tax invoice issued now.
    // docs/requirements.md §24: and its making-of updates begin.
    await expect(card.getByRole('button')).toHaveText([
      'Add Production Update',
      'Issue Invoice',
      'Start Processing',
      'Cancel Order',
    ]);
    const [stored] = await shop.sql(
      "select status, payment_status, payment_id from orders where order_number = 'ORD-20260101-0002'",
    );
    expect(stored).toEqual({
      status: 'confirmed',
      payment_status: 'paid',
      payment_id: 'UPI-428810993311',
    });
  });

  test('moves a quotation from pending to processing to completed', async ({ shop }) => {
    await shop.sql(
      `insert into quotation_requests (product_id, product_name, quantity, customization_notes,
                                       customer_name, customer_company, customer_mobile, customer_email)
       values ('boat-ganesh', 'Boat Ganesh', 12, 'Gold leaf finish', 'Kabir Mehta', 'Mehta Interiors',
               '+91 98290 22222', 'kabir@example.com')`,
    );
    const { page } = await signedInAdmin(shop);
    // Quotations are the default tab.
    await expect(page.getByRole('tab', { name: /^Quotation Requests/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const card = page
      .getByRole('tabpanel')
      .getByRole('listitem', { name: 'Quotation from Kabir Mehta for Boat Ganesh' });
    await expect(card.getByRole('heading', { name: 'Boat Ganesh × 12' })).toBeVisible();
    await expect(card.getByText('Mehta Interiors')).toBeVisible();
    await expect(card.getByText('Gold leaf finish')).toBeVisible();
    await expect(card.getByRole('link', { name: '+91 98290 22222' })).toHaveAttribute(
      'href',
      'tel:+91 98290 22222',
    );
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    await expect(card.getByRole('button')).toHaveText([
      'Mark as Processing',
      'Mark as Completed',
      'Create Order',
    ]);

    await card.getByRole('button', { name: 'Mark as Processing' }).click();
    await expect(
      toastWith(page, 'Status Updated', 'Quotation status updated to processing.'),
    ).toBeVisible();
    await expect(card.getByText('Processing', { exact: true })).toBeVisible();
    await expect(card.getByRole('button')).toHaveText(['Mark as Completed', 'Create Order']);

    await card.getByRole('button', { name: 'Mark as Completed' }).click();
    await expect(
      toastWith(page, 'Status Updated', 'Quotation status updated to completed.'),
    ).toBeVisible();
    await expect(card.getByText('Completed', { exact: true })).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(0);
    const [stored] = await shop.sql<{ status: string }>('select status from quotation_requests');
    expect(stored!.status).toBe('completed');
  });

  test('marks a contact message read, then replied', async ({ shop }) => {
    await shop.sql(
      `insert into contact_messages (name, email, subject, message)
       values ('Ira Sen', 'ira@example.com', 'Custom urli size', 'Can the urli be made 60 cm wide?')`,
    );
    const { page } = await signedInAdmin(shop);
    const messages = await openAdminTab(page, 'Contact Messages');
    const card = messages.getByRole('listitem', { name: 'Message from Ira Sen' });
    await expect(card.getByText('Can the urli be made 60 cm wide?')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
      'href',
      'mailto:ira@example.com?subject=Re%3A%20Custom%20urli%20size',
    );
    await expect(card.getByText('Unread', { exact: true })).toBeVisible();
    await expect(card.getByRole('button')).toHaveText(['Mark as Read', 'Mark as Replied']);

    await card.getByRole('button', { name: 'Mark as Read' }).click();
    await expect(toastWith(page, 'Status Updated', 'Message marked as read.')).toBeVisible();
    await expect(card.getByText('Read', { exact: true })).toBeVisible();
    await expect(card.getByRole('button')).toHaveText(['Mark as Replied']);

    await card.getByRole('button', { name: 'Mark as Replied' }).click();
    await expect(toastWith(page, 'Status Updated', 'Message marked as replied.')).toBeVisible();
    await expect(card.getByText('Replied', { exact: true })).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(0);
    const [stored] = await shop.sql<{ status: string }>('select status from contact_messages');
    expect(stored!.status).toBe('replied');
  });

  test("turns a customer's quotation into an order in their dashboard", async ({ shop }) => {
    const customer = await customerWithDashboard(shop);
    await gotoHydrated(customer.page, '/product/lotus-urli');
    await customer.page.getByRole('link', { name: 'Get Quotation' }).click();
    const request = customer.page.getByRole('dialog', { name: 'Request Quotation' });
    await request.getByLabel('Quantity').fill('3');
    await request.getByLabel('Your name').fill('Asha Rao');
    await request.getByRole('textbox', { name: 'Mobile' }).fill('+91 98290 11111');
    await request.getByRole('button', { name: 'Submit Request' }).click();
    await expect(toastWith(customer.page, 'Request Submitted!')).toBeVisible();

    const { page } = await signedInAdmin(shop);
    await expect(page.getByRole('tab', { name: 'Orders (0)' })).toBeVisible();
    const card = page
      .getByRole('tabpanel')
      .getByRole('listitem', { name: 'Quotation from Asha Rao for Lotus Urli' });
    await card.getByRole('button', { name: 'Create Order' }).click();
    const form = page.getByRole('dialog', { name: 'Create Order' });
    // Prefilled from the quotation.
    await expect(form.getByText('Lotus Urli for Asha Rao')).toBeVisible();
    await expect(form.getByLabel('Quantity')).toHaveValue('3');
    await expect(form.getByLabel('Name')).toHaveValue('Asha Rao');
    await form.getByLabel('Unit price (₹)').fill('1499.50');
    await form.getByLabel('Shipping (₹)').fill('250');
    await form.getByLabel('Payment method').selectOption('bank transfer');
    await form.getByLabel('Street Address').fill('4 Fateh Sagar Road');
    await form.getByLabel('City').fill('Udaipur');
    await form.getByLabel('State').fill('Rajasthan');
    await form.getByLabel('ZIP Code').fill('313004');
    await form.getByRole('button', { name: 'Create Order' }).click();

    const created = toastWith(
      page,
      'Order Created',
      /Order ORD-\d{8}-\d{4} is pending and in the customer's dashboard\./,
    );
    await expect(created).toBeVisible();
    const orderNumber = (await created.textContent())?.match(/ORD-\d{8}-\d{4}/)?.[0] ?? '';
    expect(orderNumber).toMatch(/^ORD-\d{8}-0001$/);
    await expect(form).toBeHidden();
    await expect(card.getByText('Completed', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Create Order' })).toHaveCount(0);

    const orders = await openAdminTab(page, 'Orders');
    await expect(page.getByRole('tab', { name: 'Orders (1)' })).toBeVisible();
    const adminCard = orders.getByRole('listitem', { name: `Order ${orderNumber}` });
    await expect(adminCard.getByText('3 × ₹1,499.50 = ₹4,498.50')).toBeVisible();
    await expect(adminCard.getByText('BANK TRANSFER · Pending')).toBeVisible();

    const dashboard = await openOrdersTab(customer.page);
    const customerCard = dashboard.getByRole('listitem', { name: `Order ${orderNumber}` });
    await expect(customerCard.getByText('Pending', { exact: true })).toBeVisible();
    await expect(customerCard.getByText('₹4,748.50')).toBeVisible();
  });

  test('the server refuses a move the page no longer offers, and the alert says so', async ({
    shop,
  }) => {
    // Each refused move answers 409.
    allowConsoleErrors(failedResource(409, '/admin.data'));
    await shop.sql(
      `insert into quotation_requests (product_id, product_name, quantity, customer_name, customer_mobile)
       values ('boat-ganesh', 'Boat Ganesh', 1, 'Kabir Mehta', '+91 98290 22222')`,
    );
    const orderId = await insertOrder(shop, {
      userId: null,
      orderNumber: 'ORD-20260101-0021',
      paymentMethod: 'bank transfer',
      paymentStatus: null,
    });
    const { page } = await signedInAdmin(shop);
    const quotation = page
      .getByRole('tabpanel')
      .getByRole('listitem', { name: 'Quotation from Kabir Mehta for Boat Ganesh' });
    await expect(quotation.getByRole('button', { name: 'Mark as Processing' })).toBeVisible();
    // Someone else completes it while this page still offers "Mark as Processing".
    await shop.sql("update quotation_requests set status = 'completed'");
    await quotation.getByRole('button', { name: 'Mark as Processing' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to update quotation status' }),
    ).toBeVisible();
    const [quotationRow] = await shop.sql<{ status: string }>(
      'select status from quotation_requests',
    );
    expect(quotationRow!.status).toBe('completed');

    const orders = await openAdminTab(page, 'Orders');
    const order = orders.getByRole('listitem', { name: 'Order ORD-20260101-0021' });
    await expect(order.getByRole('button', { name: 'Confirm Order' })).toBeVisible();
    await shop.sql("update orders set status = 'cancelled' where id = $1", [orderId]);
    await order.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText:
          'Failed to update order status: This action is not available for a cancelled order',
      }),
    ).toBeVisible();
    const [orderRow] = await shop.sql<{ status: string }>('select status from orders');
    expect(orderRow!.status).toBe('cancelled');
  });

  test('the tab labels count the rows, and empty lists say so', async ({ shop }) => {
    const { page, email } = await signedInAdmin(shop);
    await expect(page.getByRole('tablist', { name: 'Admin' }).getByRole('tab')).toHaveText([
      'Quotation Requests (0)',
      'Orders (0)',
      'Contact Messages (0)',
      'User Roles (1)',
      'Product Media',
    ]);
    await expect(page.getByText('No quotation requests found.')).toBeVisible();
    await expect((await openAdminTab(page, 'Orders')).getByText('No orders found.')).toBeVisible();
    await expect(
      (await openAdminTab(page, 'Contact Messages')).getByText('No contact messages found.'),
    ).toBeVisible();
    const roles = await openAdminTab(page, 'User Roles');
    await expect(roles.getByRole('row', { name: new RegExp(email) })).toContainText('admin');

    for (const name of ['Meera', 'Kabir', 'Anita']) {
      await shop.sql(
        `insert into quotation_requests (product_id, product_name, quantity, customer_name, customer_mobile)
         values ('lotus-urli', 'Lotus Urli', 1, $1, '+91 98290 33333')`,
        [name],
      );
    }
    for (const number of ['ORD-20260101-0011', 'ORD-20260101-0012']) {
      await insertOrder(shop, {
        userId: null,
        orderNumber: number,
        paymentMethod: 'upi',
        paymentStatus: null,
      });
    }
    for (const subject of ['Bulk order', 'Shipping to Pune', 'Gift wrap', 'Care of brass']) {
      await shop.sql(
        `insert into contact_messages (name, email, subject, message)
         values ('Ira Sen', 'ira@example.com', $1, 'A question.')`,
        [subject],
      );
    }
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('tablist', { name: 'Admin' }).getByRole('tab')).toHaveText([
      'Quotation Requests (3)',
      'Orders (2)',
      'Contact Messages (4)',
      'User Roles (1)',
      'Product Media',
    ]);
    const orders = await openAdminTab(page, 'Orders');
    // Newest first.
    await expect(orders.getByRole('listitem', { name: /^Order / })).toHaveText([
      /ORD-20260101-0012/,
      /ORD-20260101-0011/,
    ]);
  });
});

test.describe('the console forms, on PostgreSQL', () => {
  test.describe.configure({ timeout: 120_000 });

  test('without JavaScript, a status move posts as a document and the page says what happened', async ({
    shop,
    browser,
  }) => {
    await shop.sql(
      `insert into quotation_requests (product_id, product_name, quantity, customer_name, customer_mobile)
       values ('boat-ganesh', 'Boat Ganesh', 4, 'Kabir Mehta', '+91 98290 22222')`,
    );
    const { page: signedIn } = await signedInAdmin(shop);
    // docs/design.md §1: the same admin, in a browser that runs no script.
    const context = await browser.newContext({
      baseURL: shop.url,
      javaScriptEnabled: false,
      storageState: await signedIn.context().storageState(),
    });
    try {
      const page = await context.newPage();
      await page.goto('/admin');
      const card = page.getByRole('listitem', {
        name: 'Quotation from Kabir Mehta for Boat Ganesh',
      });
      await card.getByRole('button', { name: 'Mark as Processing' }).click();
      await expect(page.getByRole('status')).toHaveText(
        'Status Updated Quotation status updated to processing.',
      );
      await expect(card.getByText('Processing', { exact: true })).toBeVisible();
      const [stored] = await shop.sql<{ status: string }>('select status from quotation_requests');
      expect(stored!.status).toBe('processing');
    } finally {
      await context.close();
    }
  });

  test('Create Order is checked with the server’s schema before anything is sent', async ({
    shop,
  }) => {
    await shop.sql(
      `insert into quotation_requests (product_id, product_name, quantity, customer_name, customer_mobile)
       values ('lotus-urli', 'Lotus Urli', 2, 'Asha Rao', '+91 98290 11111')`,
    );
    const { page } = await signedInAdmin(shop);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page
      .getByRole('tabpanel')
      .getByRole('listitem', { name: 'Quotation from Asha Rao for Lotus Urli' })
      .getByRole('button', { name: 'Create Order' })
      .click();
    const form = page.getByRole('dialog', { name: 'Create Order' });
    await form.getByLabel('Quantity').fill('0');
    await form.getByRole('button', { name: 'Create Order' }).click();
    // core/orders/orders.ts messages, under their fields
    await expect(form.getByText('Quantity must be at least 1')).toBeVisible();
    await expect(form.getByText('Unit price must be a number')).toBeVisible();
    await expect(form.getByText('Street address is required')).toBeVisible();
    await expect(form.getByLabel('Unit price (₹)')).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([]);
    expect(await shop.sql('select id from orders')).toEqual([]);

    await form.getByLabel('Quantity').fill('2');
    await form.getByLabel('Unit price (₹)').fill('900');
    await form.getByLabel('Street Address').fill('12 Lake Road');
    await form.getByLabel('City').fill('Udaipur');
    await form.getByLabel('State').fill('Rajasthan');
    await form.getByLabel('ZIP Code').fill('313001');
    await expect(form.getByText('Unit price must be a number')).toHaveCount(0);
    await form.getByRole('button', { name: 'Create Order' }).click();
    await expect(toastWith(page, 'Order Created', /is pending\./)).toBeVisible();
    expect(await shop.sql('select total_amount_minor from orders')).toEqual([
      { total_amount_minor: 180_000 },
    ]);
  });
});
