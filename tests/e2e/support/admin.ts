/**
 * The admin journeys' shop: a server of its own on a fresh PostgreSQL database, so a journey can
 * write rows (orders, messages) and grant the admin role as the shop owner's command line does while
 * the server runs. The shared webServer runs on PGlite, which only one process may open.
 */
import { test as base, expect as baseExpect, type BrowserContext, type Page } from './test';
import { gotoHydrated } from './pages';
import { createScratchDatabase, grantAdminRole, withPostgres } from './postgres';
import { startServerProcess } from './server-process';
import { signUpOverHttp } from './shop-http';
import { addSessionCookie } from './accounts';

export { grantAdminRole } from './postgres';

/**
 * Each journey here starts a server and a database of its own next to the shared one, and the
 * machine often runs several suites at once: answers may take longer than the default 5 s.
 */
export const expect = baseExpect.configure({ timeout: 10_000 });

export interface Shop {
  url: string;
  /** The server's DATA_DIR: its mail is in outbox/ (no SMTP_URL). */
  dataDir: string;
  /** The shop's database, for a second process of the same shop. */
  databaseUrl: string;
  /** Runs SQL on the shop's database and answers the rows. */
  sql<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** A page in a browser context of its own (own cookies) on the shop's server. */
  newPage(): Promise<Page>;
  /** `npm run admin -- grant-admin <email>` against the shop's database. */
  grantAdmin(email: string): Promise<void>;
}

export const test = base.extend<{ shop: Shop; shopEnvironment: Record<string, string> }>({
  /** Variables the shop's server starts with besides its own (docs/requirements.md §12: a setting locked by one). */
  shopEnvironment: [{}, { option: true }],
  shop: async ({ browser, shopEnvironment }, use) => {
    const database = await createScratchDatabase('storefront_admin', { migrated: true });
    const contexts: BrowserContext[] = [];
    let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
    try {
      server = await startServerProcess({
        DATABASE_URL: database.url,
        // docs/requirements.md §11: the journeys' webhook receivers listen on this machine.
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        ...shopEnvironment,
      });
      const url = server.url;
      await use({
        url,
        dataDir: server.dataDir,
        databaseUrl: database.url,
        sql: <T>(text: string, values: unknown[] = []) =>
          withPostgres(
            async (client) => (await client.query(text, values)).rows as T[],
            database.url,
          ),
        async newPage() {
          const context = await browser.newContext({ baseURL: url });
          contexts.push(context);
          return context.newPage();
        },
        grantAdmin: (email) => grantAdminRole(database.url, email),
      });
    } finally {
      // Each step runs even when one before it fails, so no server or database is left behind.
      await Promise.allSettled(contexts.map((context) => context.close()));
      try {
        await server?.stop();
      } finally {
        await database.drop();
      }
    }
  },
});

/**
 * A new account with the admin role, signed in, on /admin. The account signs up and in over
 * Better Auth's endpoints and the page starts with its session cookie: the sign-up and sign-in
 * forms have journeys of their own (auth.spec.ts), and these journeys are about the back office.
 */
export async function signedInAdmin(shop: Shop): Promise<{ page: Page; email: string }> {
  const page = await shop.newPage();
  const { email, cookie } = await signUpOverHttp(shop.url, { name: 'Devika Admin' });
  await shop.grantAdmin(email);
  await addSessionCookie(page, shop.url, cookie);
  await gotoHydrated(page, '/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  return { page, email };
}

/** Opens an admin tab by the start of its label ("Orders" for "Orders (3)"); answers its panel. */
export async function openAdminTab(page: Page, name: string) {
  const tab = page.getByRole('tab', { name: new RegExp(`^${name}( \\(\\d+\\))?$`) });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel');
}

/** A customer's order, written to the database as the shop's order system would. */
export async function insertOrder(
  shop: Pick<Shop, 'sql'>,
  values: {
    userId: string | null;
    orderNumber: string;
    paymentMethod: string | null;
    paymentStatus: string | null;
    status?: string;
  },
): Promise<string> {
  const [order] = await shop.sql<{ id: string }>(
    `insert into orders (user_id, order_number, status, payment_status, payment_method, subtotal_minor,
                         total_amount_minor, shipping_amount_minor, tax_amount_minor, shipping_address)
     values ($1, $2, $3, $4, $5, 250000, 302400, 20000, 32400, $6) returning id`,
    [
      values.userId,
      values.orderNumber,
      values.status ?? 'pending',
      values.paymentStatus,
      values.paymentMethod,
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
  await shop.sql(
    `insert into order_items (order_id, product_id, product_name, quantity, unit_price_minor, total_price_minor)
     values ($1, 'lotus-urli', 'Lotus Urli', 2, 125000, 250000)`,
    [order!.id],
  );
  return order!.id;
}
