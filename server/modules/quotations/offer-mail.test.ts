/**
 * The offer mail as the worker renders it from the database: the same offer the page and the PDF
 * show, with the payment sentence made from the offer's own advance, the shop's free-text terms
 * and, on a revision, the shop's note saying what changed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { mailQueueFrom } from '../../../tests/support/queued-mail';
import { DEFAULT_SHOP_TIME_ZONE } from '../../../core/time/shop-calendar';
import { returnTexts } from '../../../core/orders/return-status';
import { loadConfig } from '../../config';
import type { Database, DatabaseHandle } from '../../db/client';
import * as schema from '../../db/schema';
import { shopSettings } from '../../db/schema';
import { JOB_SCHEMA } from '../jobs';
import { mailOfNotice, shopAtDelivery } from '../../worker';
import type { Notice } from '../../../core/admin/notices';
import type { Actor } from '../actor';
import { createQuotationRequest, sendOffer } from '.';

const config = loadConfig({ AUTH_SECRET: 'offer-mail-test-secret-offer-mail-test-secret' });
const owner: Actor = { userId: 'offer-mail-owner', roles: ['admin'] };
// 10:00 in India on November 24, 2026
const monday = new Date('2026-11-24T04:30:00Z');

const terms = 'Prices include packing.\nReturns within 7 days of delivery.';

/** 4 tealight sets at the unit price, no shipping, no GST. */
function offerForm(unitPrice: string, overrides: { advancePercent?: string; note?: string } = {}) {
  return {
    lines: [{ productId: '', description: 'Tealight set', quantity: '4', unitPrice }],
    shipping: '0',
    discount: '0',
    gstRate: '0',
    validUntil: '2026-12-08',
    leadTimeDays: '',
    terms,
    note: '',
    advancePercent: '50',
    ...overrides,
  };
}

/**
 * The same database, through a connection that notes every statement it runs: what one mail reads
 * is then counted in its SQL, whichever query builder a module uses.
 */
function countingDatabase(handle: DatabaseHandle): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const db =
    handle.driver.kind === 'pglite'
      ? drizzlePglite(handle.driver.client, { schema, logger })
      : drizzleNodePg(handle.driver.pool, { schema, logger });
  return { db: db as unknown as Database, statements };
}

/** How many of `statements` read `table`. */
const readsOf = (statements: string[], table: string) =>
  statements.filter((statement) => new RegExp(`(from|join) "${table}"`, 'i').test(statement))
    .length;

/** A mail's plain-text part as one line of words. */
const wordsOf = (text: string) => text.replaceAll(/\s+/g, ' ');

describe(`the offer mail on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('says the payment sentence, the terms and, on a revision, the shop’s note, as the page does', async () => {
    const { db } = database;
    const product = await insertProduct(db, { name: 'Tealight Set', priceMinor: 65_000 });
    const request = await createQuotationRequest(db, null, {
      productId: product.id,
      quantity: '4',
      customizationNotes: '',
      customerName: 'Ira Sen',
      customerCompany: '',
      customerMobile: '98290 55555',
      customerEmail: 'ira@example.com',
    });
    const offerMail = async (form: ReturnType<typeof offerForm>) => {
      const queue = await mailQueueFrom(db, config);
      await sendOffer(
        db,
        owner,
        { quotationId: request.id, ...form },
        monday,
        DEFAULT_SHOP_TIME_ZONE,
      );
      const mails = (await queue.mails()).filter((mail) => mail.to === 'ira@example.com');
      expect(mails).toHaveLength(1);
      return wordsOf(mails[0]!.text);
    };

    const first = await offerMail(offerForm('650'));
    // ₹2,600 at 50%: ₹1,300 on acceptance, the balance of ₹1,300 before dispatch
    expect(first).toContain(
      'Terms 50% advance on acceptance, the balance of ₹1,300 before dispatch. Prices include packing. Returns within 7 days of delivery.',
    );
    expect(first).not.toContain('A note from the shop');

    // The revision: 4 sets at ₹1,300, paid in full, with a note saying what changed.
    const note = 'Revised: tealight sets at ₹1,300 each, with the brass holders you asked for.';
    const revision = await offerMail(offerForm('1300', { advancePercent: '100', note }));
    expect(revision).toContain('Our offer v2');
    expect(revision).toContain(
      'Terms Payment in full on acceptance. Prices include packing. Returns within 7 days of delivery.',
    );
    expect(revision).not.toContain('advance');
    expect(revision).toContain(`A note from the shop ${note}`);
  });

  it('reads the offer and the settings once, and shows the rate its delivery’s clock finds fresh', async () => {
    const { db } = database;
    const product = await insertProduct(db, { name: 'Brass Diya', priceMinor: 65_000 });
    // docs/requirements.md §21: a rate set on September 1 is fresh for 60 days, stale long before today.
    await db
      .insert(shopSettings)
      .values({ key: 'displayCurrencies', value: 'USD 83.50 2026-09-01' })
      .onConflictDoUpdate({ target: shopSettings.key, set: { value: 'USD 83.50 2026-09-01' } });
    const request = await createQuotationRequest(
      db,
      null,
      {
        productId: product.id,
        quantity: '4',
        customizationNotes: '',
        customerName: 'Maya Rao',
        customerCompany: '',
        customerMobile: '98290 66666',
        customerEmail: 'maya@example.com',
      },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
      'USD',
    );
    await sendOffer(
      db,
      owner,
      { quotationId: request.id, ...offerForm('650') },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const [job] = (
      await db.execute(
        sql`select data from ${sql.raw(JOB_SCHEMA)}.job where name = 'mail' and data->>'event' = 'offer-sent' and data->>'to' = 'customer' and data->>'quotationId' = ${request.id}`,
      )
    ).rows as unknown as { data: Notice }[];
    const shop = await shopAtDelivery(db, config);
    const counting = countingDatabase(database);

    const fresh = await mailOfNotice(
      counting.db,
      job!.data,
      shop,
      new Date('2026-09-02T06:00:00Z'),
    );
    expect(readsOf(counting.statements, 'quotation_offers')).toBe(1);
    expect(readsOf(counting.statements, 'quotation_requests')).toBe(1);
    expect(readsOf(counting.statements, 'shop_settings')).toBe(0);
    // 4 × ₹650 at ₹83.50 a dollar
    expect(wordsOf(fresh!.text)).toContain('₹2,600 (≈ US$31)');
    expect(fresh!.attachments).toHaveLength(1);

    // 61 days after the rate was set, the same mail is in rupees alone.
    const stale = await mailOfNotice(db, job!.data, shop, new Date('2026-11-01T06:00:00Z'));
    expect(wordsOf(stale!.text)).toContain('₹2,600');
    expect(stale!.text).not.toContain('≈');
  });

  it('marks a ticked piece and a custom line “Made to order (not returnable)”, in the mail and its PDF (§24)', async () => {
    const { db } = database;
    const engraved = await insertProduct(db, { name: 'Engraved Diya', priceMinor: 90_000 });
    const stock = await insertProduct(db, { name: 'Lotus Urli', priceMinor: 50_000 });
    const request = await createQuotationRequest(db, null, {
      productId: engraved.id,
      quantity: '1',
      customizationNotes: '',
      customerName: 'Tara Das',
      customerCompany: '',
      customerMobile: '98290 77777',
      customerEmail: 'tara@example.com',
    });
    const queue = await mailQueueFrom(db, config);
    await sendOffer(
      db,
      owner,
      {
        quotationId: request.id,
        ...offerForm('0'),
        lines: [
          {
            productId: engraved.id,
            description: 'Engraved diya',
            quantity: '1',
            unitPrice: '900',
            madeToOrder: 'on',
          },
          { productId: stock.id, description: 'Lotus urli', quantity: '1', unitPrice: '500' },
          { productId: '', description: 'Carved teak stand', quantity: '1', unitPrice: '700' },
        ],
      },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const [mail] = (await queue.mails()).filter((sent) => sent.to === 'tara@example.com');
    const text = mail!.text.split('\n').map((line) => line.trim());
    const mark = ` · ${returnTexts.madeToOrder}`;
    expect(text).toContain(`Engraved diya — 1 × ₹900 = ₹900${mark}`);
    expect(text).toContain('Lotus urli — 1 × ₹500 = ₹500');
    expect(text).toContain(`Carved teak stand — 1 × ₹700 = ₹700${mark}`);
    // Shown under the two pieces, as a line of its own (not only in the plain-text attribute)
    expect(mail!.html!.split(`>${returnTexts.madeToOrder}<`)).toHaveLength(3);

    // The attached PDF, read back as a customer's viewer would: the mark under the two pieces.
    const folder = mkdtempSync(path.join(tmpdir(), 'offer-mail-'));
    try {
      const file = path.join(folder, 'offer.pdf');
      writeFileSync(file, mail!.attachments![0]!.content);
      const pdf = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(pdf).toMatch(/Engraved diya +1 +₹900 +₹900\n +Made to order \(not returnable\)\n/);
      expect(pdf).toMatch(/Lotus urli +1 +₹500 +₹500\n(?! +Made to order)/);
      expect(pdf).toMatch(/Carved teak stand +1 +₹700 +₹700\n +Made to order \(not returnable\)\n/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
