/**
 * docs/requirements.md §14: a page on another site, here on another port of the shop's own host
 * (same-site, so SameSite=Lax cookies travel), posts its forms to the shop in a signed-in
 * customer's browser, and both are refused. The walk of every route with every state-changing
 * method, and the shop's own posts, are answers and rows, tested in process:
 * tests/integration/cross-origin.test.ts.
 */
import { allowConsoleErrors, failedResource, type Page } from './support/test';
import { expect, test, type Shop } from './support/admin';
import { signedInCustomer } from './support/accounts';
import { gotoHydrated } from './support/pages';

async function customerPage(shop: Shop): Promise<Page> {
  const page = await shop.newPage();
  await signedInCustomer(page, shop.url);
  return page;
}

test('a page on another port of the same host cannot add to the wishlist or sign the user out', async ({
  shop,
}) => {
  // Both forged posts are refused.
  allowConsoleErrors(failedResource(403, '/wishlist'), failedResource(403, '/auth/sign-out'));
  const customer = await customerPage(shop);
  const attackerUrl = `http://127.0.0.1:${Number(new URL(shop.url).port) + 1}/attack`;
  // The attacker's page, served for that address by the browser context itself.
  await customer.route(attackerUrl, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Win a prize</title>
        <form method="post" action="${shop.url}/wishlist">
          <input type="hidden" name="productId" value="lotus-urli">
          <input type="hidden" name="document" value="1">
          <button>Claim</button>
        </form>
        <form method="post" action="${shop.url}/auth/sign-out"><button>Sign out</button></form>`,
    }),
  );
  for (const button of ['Claim', 'Sign out']) {
    await customer.goto(attackerUrl);
    const [answer] = await Promise.all([
      customer.waitForResponse((response) => response.url().startsWith(`${shop.url}/`)),
      customer.getByRole('button', { name: button }).click(),
    ]);
    expect(answer.status(), button).toBe(403);
  }
  expect(await shop.sql('select * from wishlist_items')).toEqual([]);
  await gotoHydrated(customer, '/dashboard');
  await expect(customer.getByRole('link', { name: 'My account' })).toBeVisible();
});
