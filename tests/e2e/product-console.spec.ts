import path from 'node:path';
import sharp from 'sharp';
import { signedInCustomer } from './support/accounts';
import { expect, openAdminTab, signedInAdmin, test } from './support/admin';
import { gotoHydrated, toastWith } from './support/pages';
import { allowConsoleErrors, failedResource } from './support/test';

test('a visitor is sent to sign in; a customer is told "Access Denied" and sent home', async ({
  shop,
}) => {
  const page = await shop.newPage();
  await page.goto('/admin/product-media');
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fproduct-media$/);
  await signedInCustomer(page, shop.url);
  await gotoHydrated(page, '/admin/product-media');
  await expect(toastWith(page, 'Access Denied')).toContainText("You don't have admin privileges");
  await expect(page).toHaveURL(new URL('/', shop.url).href);
});

test('an admin creates a product, manages its media and deletes it', async ({ shop }) => {
  // The deleted product's page answers 404.
  allowConsoleErrors(failedResource(404, '/product/moonlit-marble-lantern'));
  const { page } = await signedInAdmin(shop);
  await gotoHydrated(page, '/admin/product-media');
  await expect(
    page.getByText('Please select a product above to manage its details and media'),
  ).toBeVisible();

  // spec §5: the required fields
  await page.getByRole('button', { name: 'Create New Product' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Product' });
  await create.getByRole('button', { name: 'Create Product' }).click();
  await expect(toastWith(page, 'Error')).toContainText('Please fill in all required fields');
  await create.getByLabel('Name', { exact: true }).fill('Moonlit Marble Lantern');
  await create.getByLabel('Price (₹)', { exact: true }).fill('2450.50');
  await create.getByLabel('Category', { exact: true }).selectOption({ label: 'Home Elegance' });
  await create.getByLabel('Material', { exact: true }).fill('Marble');
  await create
    .getByLabel('Description', { exact: true })
    .fill('A lantern carved thin enough to glow.');
  // docs/requirements.md §23: the HSN code its tax invoice prints, 4 to 8 digits.
  await create.getByLabel('HSN code').fill('68');
  await create.getByRole('button', { name: 'Create Product' }).click();
  await expect(create.getByText('An HSN code is 4 to 8 digits.')).toBeVisible();
  await create.getByLabel('HSN code').fill('6802');
  await expect(create.getByLabel('Published', { exact: true })).toBeChecked();
  await expect(create.getByLabel('In stock', { exact: true })).toBeChecked();
  await expect(create.getByLabel('Featured', { exact: true })).not.toBeChecked();
  await create.getByRole('button', { name: 'Create Product' }).click();
  await expect(toastWith(page, 'Success')).toContainText('Product created successfully');
  await expect(page).toHaveURL(/product=moonlit-marble-lantern/);
  await expect(page.getByRole('heading', { name: 'Moonlit Marble Lantern' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Product Media (0 images)' })).toBeVisible();
  await expect(page.getByText('6802', { exact: true })).toBeVisible();

  for (const [index, alt] of ['Lantern, front', 'Lantern, lit'].entries()) {
    await page.getByRole('button', { name: 'Add New Media' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Media' });
    await expect(dialog.getByLabel('Sort order')).toHaveValue(String(index));
    await dialog.getByLabel('Media URL').fill(`/images/products/lotus-urli-${index + 1}.svg`);
    await dialog.getByLabel('Alt text').fill(alt);
    await dialog.getByRole('button', { name: 'Add Media' }).click();
    await expect(toastWith(page, 'Success')).toContainText('Media added successfully');
    await expect(dialog).toHaveCount(0);
  }
  await expect(page.getByRole('heading', { name: 'Product Media (2 images)' })).toBeVisible();
  const cards = page.getByRole('region', { name: /Product Media/ }).getByRole('listitem');
  await expect(cards.nth(0)).toHaveAccessibleName('Media 1: Lantern, front');
  await expect(page.getByRole('button', { name: 'Move media 1 up' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Move media 2 down' })).toBeDisabled();

  await cards.nth(1).getByRole('button', { name: 'Set Primary' }).click();
  await expect(toastWith(page, 'Success')).toContainText('Primary image updated');
  await expect(cards.nth(1).getByText('Primary', { exact: true })).toBeVisible();
  await expect(cards.getByText('Primary', { exact: true })).toHaveCount(1);

  await page.getByRole('button', { name: 'Move media 2 up' }).click();
  await expect(toastWith(page, 'Success')).toContainText('Media reordered successfully');
  await expect(cards.nth(0)).toHaveAccessibleName('Media 1: Lantern, lit');

  await cards.nth(1).getByRole('button', { name: 'Delete' }).click();
  const confirmMedia = page.getByRole('dialog', { name: 'Delete Media' });
  await expect(confirmMedia).toContainText('Are you sure you want to delete this media?');
  await confirmMedia.getByRole('button', { name: 'Delete' }).click();
  await expect(toastWith(page, 'Success')).toContainText('Media deleted successfully');
  await expect(page.getByRole('heading', { name: 'Product Media (1 image)' })).toBeVisible();

  // The storefront shows the new product with its primary picture.
  const storefront = await shop.newPage();
  await storefront.goto('/product/moonlit-marble-lantern');
  await expect(storefront.getByRole('heading', { level: 1 })).toHaveText('Moonlit Marble Lantern');

  await page.getByRole('button', { name: 'Delete Product' }).click();
  const confirmProduct = page.getByRole('dialog', { name: 'Delete Product' });
  await expect(confirmProduct).toContainText(
    'Are you sure you want to delete "Moonlit Marble Lantern"? This will also delete all associated media.',
  );
  await confirmProduct.getByRole('button', { name: 'Delete' }).click();
  await expect(toastWith(page, 'Success')).toContainText('Product deleted successfully');
  await expect(
    page.getByText('Please select a product above to manage its details and media'),
  ).toBeVisible();
  expect(
    await shop.sql("select id from product_media where product_id = 'moonlit-marble-lantern'"),
  ).toEqual([]);
  const gone = await storefront.goto('/product/moonlit-marble-lantern');
  expect(gone?.status()).toBe(404);
});

test('an unpublished product is marked in the picker and hidden from the shop', async ({
  shop,
}) => {
  // The unpublished product's page answers 404.
  allowConsoleErrors(failedResource(404, '/product/boat-ganesh'));
  await shop.sql("update products set published = false where id = 'boat-ganesh'");
  const { page } = await signedInAdmin(shop);
  await gotoHydrated(page, '/admin/product-media');
  await expect(
    page.getByLabel('Product').getByRole('option', { name: 'Boat Ganesh (Unpublished)' }),
  ).toHaveCount(1);
  const visitor = await shop.newPage();
  expect((await visitor.goto('/product/boat-ganesh'))?.status()).toBe(404);
});

test('an uploaded image is stored in sizes and shown on the product page', async ({ shop }) => {
  // The file that is not an image is refused.
  allowConsoleErrors(failedResource(400, '/admin/product-media.data'));
  const { page } = await signedInAdmin(shop);
  await gotoHydrated(page, '/admin/product-media?product=lotus-urli');
  const png = await sharp({
    create: { width: 1400, height: 1400, channels: 3, background: '#b08d57' },
  })
    .png()
    .toBuffer();
  await page.getByRole('button', { name: 'Add New Media' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Media' });
  await dialog
    .getByLabel('Or upload an image')
    .setInputFiles({ name: 'urli.png', mimeType: 'image/png', buffer: png });
  await dialog.getByLabel('Alt text').fill('Brass urli, photographed');
  await dialog.getByLabel('Primary image').check();
  await dialog.getByRole('button', { name: 'Add Media' }).click();
  await expect(toastWith(page, 'Success')).toContainText('Media added successfully');

  const [stored] = await shop.sql<{ media_url: string }>(
    "select media_url from product_media where product_id = 'lotus-urli' and is_primary",
  );
  expect(stored!.media_url).toMatch(/^\/media\/[0-9a-f-]{36}-1200\.webp$/);
  const image = await page.request.get(stored!.media_url);
  expect(image.status()).toBe(200);
  expect(image.headers()['cache-control']).toContain('immutable');

  const visitor = await shop.newPage();
  await visitor.goto('/product/lotus-urli');
  const main = visitor.getByRole('region', { name: 'Gallery' }).getByRole('img').first();
  await expect(main).toHaveAttribute('alt', 'Brass urli, photographed');
  await expect(main).toHaveAttribute('srcset', /-400\.webp 400w, .*-1200\.webp 1200w/);

  // A file that is not an image is refused with a clear message.
  await page.getByRole('button', { name: 'Add New Media' }).click();
  await page
    .getByRole('dialog', { name: 'Add New Media' })
    .getByLabel('Or upload an image')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('hello') });
  await page
    .getByRole('dialog', { name: 'Add New Media' })
    .getByRole('button', { name: 'Add Media' })
    .click();
  await expect(toastWith(page, 'Error')).toContainText('Upload a JPEG, PNG, WebP or AVIF image.');
});

test('a CSV import shows its progress, the success toast and the skipped rows', async ({
  shop,
}) => {
  const { page } = await signedInAdmin(shop);
  const panel = await openAdminTab(page, 'Product Media');
  await panel
    .getByLabel('CSV file')
    .setInputFiles(path.join(import.meta.dirname, '../fixtures/csv/media-import-e2e.csv'));
  await panel.getByRole('button', { name: 'Import CSV' }).click();
  await expect(toastWith(page, 'Success')).toContainText('Successfully imported 3 media items!');
  await expect(panel.getByRole('status')).toContainText('Imported 3/3 rows.');
  await expect(panel.getByRole('heading', { name: 'Skipped rows (3)' })).toBeVisible();
  await expect(panel.getByText('Line 5: unknown product "no-such-piece"')).toBeVisible();
  await expect(panel.getByText('Line 6: bad sort order "second"')).toBeVisible();
  await expect(panel.getByText('Line 7: too few columns')).toBeVisible();
  expect(await shop.sql('select id from product_media')).toHaveLength(3);

  // docs/requirements.md §5: addresses the console's form refuses are skipped and named, not stored.
  await panel.getByLabel('CSV file').setInputFiles({
    name: 'hostile-media.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'product_id,media_url,media_type,alt_text,sort_order,is_primary',
        'lotus-urli,javascript:alert(document.cookie),image,Script,0,TRUE',
        'lotus-urli,file:///etc/passwd,image,Local file,1,FALSE',
        'lotus-urli,/images/products/lotus-urli-1.svg,image,Lotus urli,2,FALSE',
      ].join('\n'),
    ),
  });
  await panel.getByRole('button', { name: 'Import CSV' }).click();
  // The first import's toast may still show: this one is found by its own text.
  await expect(toastWith(page, 'Successfully imported 1 media item!')).toBeVisible();
  await expect(panel.getByRole('status')).toContainText('Imported 1/1 row.');
  await expect(panel.getByRole('heading', { name: 'Skipped rows (2)' })).toBeVisible();
  await expect(
    panel.getByText('Line 2: bad media URL "javascript:alert(document.cookie)"'),
  ).toBeVisible();
  await expect(panel.getByText('Line 3: bad media URL "file:///etc/passwd"')).toBeVisible();
  expect(await shop.sql('select media_url from product_media')).toEqual([
    { media_url: '/images/products/lotus-urli-1.svg' },
  ]);

  const download = page.waitForEvent('download');
  await panel.getByRole('link', { name: 'Export media CSV' }).click();
  const file = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(file, 'utf8')).split(/\r?\n/)[0]).toBe(
    'product_id,media_url,media_type,alt_text,sort_order,is_primary',
  );
});
