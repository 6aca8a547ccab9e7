/**
 * docs/requirements.md §18 "What the owner does", on PostgreSQL: a request of 4 pieces, 20 of each, is one row of
 * the owner's list ("… and 3 more pieces"), found by its 3rd piece's name; its page lists every
 * piece with its quantity and notes, the request's notes and the buyer's GSTIN, and the composer
 * starts with the 4 pieces × 20 at their catalogue prices. At 390 px and at 1366 px, with axe.
 */
import { expect, signedInAdmin, test, type Shop } from './support/admin';
import { gotoHydrated, sidewaysScroll } from './support/pages';
import { expectNoAxeViolations } from './support/axe';

/** The catalogue's pieces the designer asks for, in her order (the 3rd is searched for). */
const PIECE_IDS = [
  'floral-inlay-marble-urli',
  'brass-tealight-trio',
  'pierced-brass-lantern',
  'jaali-candle-holder',
];

/** Paise as the composer's field holds them: 340000 → "3400", 125050 → "1250.50". */
function rupeesAsTyped(minor: number): string {
  const paise = minor % 100;
  return paise === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}

interface Piece {
  id: string;
  name: string;
  priceMinor: number;
}

/**
 * A guest's request of 4 pieces, 20 of each, a note on the 2nd, as the quote list stores it: spec
 * §3's columns repeat the first line (docs/decisions/021).
 */
async function seedFourPieceRequest(
  shop: Shop,
): Promise<{ id: string; reference: string; pieces: Piece[] }> {
  const found = await shop.sql<{ id: string; name: string; price_minor: number }>(
    'select id, name, price_minor from products where id = any($1)',
    [PIECE_IDS],
  );
  const pieces = PIECE_IDS.map((id) => {
    const row = found.find((product) => product.id === id);
    if (!row) throw new Error(`the demo catalogue has no ${id}`);
    return { id, name: row.name, priceMinor: Number(row.price_minor) };
  });
  const [first] = pieces;
  const [request] = await shop.sql<{ id: string; reference: string }>(
    `insert into quotation_requests (product_id, product_name, quantity, customization_notes,
                                     customer_name, customer_company, customer_mobile, customer_email,
                                     customer_gstin, awaiting_reply_since)
     values ($1, $2, 20, 'For a hotel lobby in Udaipur', 'Nisha Kapoor', 'Kapoor Interiors',
             '98290 77777', 'nisha@example.com', '08AAAAA0000A1Z2', now())
     returning id, reference`,
    [first!.id, first!.name],
  );
  for (const [position, piece] of pieces.entries()) {
    await shop.sql(
      `insert into quotation_request_lines (quotation_request_id, position, product_id, product_name,
                                            quantity, notes)
       values ($1, $2, $3, $4, 20, $5)`,
      [request!.id, position, piece.id, piece.name, position === 1 ? 'Antique finish' : null],
    );
  }
  return { ...request!, pieces };
}

test.describe("the owner's page of a request of 4 pieces", () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ reducedMotion: 'reduce' });

  test('lists every piece and starts the composer with them, at 390 and 1366 px', async ({
    shop,
  }, testInfo) => {
    const request = await seedFourPieceRequest(shop);
    const { page } = await signedInAdmin(shop);
    const [first, , third] = request.pieces;

    // The list: one row, its pieces in one line; found by its 3rd piece's name.
    const summary = `${first!.name} × 20 and 3 more pieces`;
    await gotoHydrated(page, `/admin?q=${encodeURIComponent(third!.name.split(' ').at(-1)!)}`);
    const row = page
      .getByRole('tabpanel')
      .getByRole('listitem', { name: `Quotation from Nisha Kapoor for ${summary}` });
    await expect(row).toHaveCount(1);
    await row.getByRole('link', { name: summary, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/quotations/${request.id}$`));

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await gotoHydrated(page, `/admin/quotations/${request.id}`);
      await expect(
        page.getByRole('heading', { level: 1, name: `Quotation ${request.reference}` }),
      ).toBeVisible();

      // Every piece, its quantity and its notes, in the buyer's order.
      const listed = page.getByRole('list', { name: '4 pieces' }).getByRole('listitem');
      await expect(listed).toHaveCount(4);
      for (const [index, piece] of request.pieces.entries()) {
        const item = listed.nth(index);
        await expect(item.getByRole('link', { name: piece.name })).toHaveAttribute(
          'href',
          `/product/${piece.id}`,
        );
        await expect(item).toContainText('Quantity: 20');
      }
      await expect(listed.nth(1)).toContainText('Notes: Antique finish');
      await expect(page.getByText('For a hotel lobby in Udaipur')).toBeVisible();
      await expect(page.getByText('08AAAAA0000A1Z2')).toBeVisible();

      // The composer starts with the 4 pieces × 20 at their catalogue prices.
      await expect(page.getByRole('heading', { name: 'Compose Offer v1' })).toBeVisible();
      await expect(page.getByRole('group', { name: /^Line \d+$/ })).toHaveCount(4);
      for (const [index, piece] of request.pieces.entries()) {
        const line = page.getByRole('group', { name: `Line ${index + 1}`, exact: true });
        await expect(line.getByLabel('Description')).toHaveValue(piece.name);
        await expect(line.getByLabel('Quantity')).toHaveValue('20');
        await expect(line.getByLabel('Unit price (₹)')).toHaveValue(
          rupeesAsTyped(piece.priceMinor),
        );
      }

      // It reads at 390 px: nothing scrolls sideways.
      expect(await sidewaysScroll(page), `sideways scroll at ${viewport.width} px`).toBe(0);
      await expectNoAxeViolations(page, `axe at ${viewport.width} px`);
      await page.screenshot({
        path: testInfo.outputPath(`owner-page-${viewport.width}.png`),
        fullPage: true,
      });
    }
  });
});
