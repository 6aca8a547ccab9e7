/**
 * docs/requirements.md §21 "A rate older than 60 days is not shown to buyers", against a real database: the
 * owner's rate is dated by the server on the shop's day, kept when saved unchanged, and hidden
 * from buyers (and the picker) once it is more than 60 days old, while the owner is warned.
 */
import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import type { MailMessage } from '../../server/mail';
import type { DisplayCurrency } from '../../core/money/display-amount';
import { shopSettings } from '../../server/db/schema';
import { displayRateFor } from '../../server/http/display-currency';
import { displayRatesOf } from '../../core/money/display-currency';
import { setDisplayCurrencyChoice } from '../../server/modules/account';
import type { Actor } from '../../server/modules/actor';
import {
  invalidateSettings,
  readSiteSettings,
  updateSettings,
} from '../../server/modules/settings';
import { insertProduct, insertUser } from '../factories';
import { mailQueueFrom } from '../support/queued-mail';
import { createQuotationRequest, sendOffer } from '../../server/modules/quotations';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';

const config = loadConfig({ AUTH_SECRET: 'display-currency-test-secret-display-currency' });
// 20:00 UTC is already the next day in the shop's zone (Asia/Kolkata).
const setAt = new Date('2026-09-27T20:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const US = new Headers({ 'accept-language': 'en-US,en;q=0.9' });

/** The text of a mail's attached offer PDF, read back with poppler's pdftotext (.ci/run installs it). */
function pdfText(mail: MailMessage): string {
  const attachment = mail.attachments?.[0];
  if (!attachment) throw new Error(`no PDF attached to "${mail.subject}"`);
  return execFileSync('pdftotext', ['-', '-'], { input: attachment.content, encoding: 'utf8' });
}

describe(`display currency rates, on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let owner: Actor;
  let buyer: Actor;

  const rateSeen = async (now: Date, actor: Actor = null, headers: Headers = US) => {
    const site = await readSiteSettings(database.db, config);
    return displayRateFor({ db: database.db, actor, site, clock: () => now }, headers);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    owner = {
      userId: (await insertUser(database.db, { name: 'Devika Owner' })).id,
      roles: ['admin'],
    };
    buyer = { userId: (await insertUser(database.db, { name: 'Emily Carter' })).id, roles: [] };
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(shopSettings);
    });
    invalidateSettings(database.db);
  });

  it('dates a rate on the shop’s day and keeps the date when it is saved unchanged', async () => {
    const saved = await updateSettings(
      database.db,
      owner,
      { displayCurrencies: 'USD 83.5' },
      config,
      setAt,
    );
    expect(saved.values.displayCurrencies).toBe('USD 83.50 2026-09-28');
    const later = new Date(setAt.getTime() + 10 * DAY);
    const again = await updateSettings(
      database.db,
      owner,
      { displayCurrencies: 'USD 83.50\nGBP 110' },
      config,
      later,
    );
    expect(again.values.displayCurrencies).toBe('USD 83.50 2026-09-28\nGBP 110.00 2026-10-08');
  });

  it('shows a rate for 60 days, then hides it from buyers and warns the owner', async () => {
    await updateSettings(database.db, owner, { displayCurrencies: 'USD 83.50' }, config, setAt);
    const sixtyDays = new Date(setAt.getTime() + 60 * DAY);
    expect((await rateSeen(sixtyDays)).rate).toMatchObject({ currency: 'USD', rate: 835_000 });
    const sixtyOneDays = new Date(setAt.getTime() + 61 * DAY);
    const stale = await rateSeen(sixtyOneDays);
    expect(stale.rate).toBeNull();
    // No fresh rate at all: no picker either.
    expect(stale.fresh).toEqual([]);
    const site = await readSiteSettings(database.db, config);
    expect(displayRatesOf(site, sixtyOneDays).stale.map((rate) => rate.currency)).toEqual(['USD']);
    // Set again, it shows again.
    await updateSettings(database.db, owner, { displayCurrencies: 'USD 84' }, config, sixtyOneDays);
    expect((await rateSeen(sixtyOneDays)).rate?.currency).toBe('USD');
  });

  it('follows the buyer’s choice kept in the profile over the browser’s region', async () => {
    await updateSettings(database.db, owner, { displayCurrencies: 'USD 83.50' }, config, setAt);
    expect((await rateSeen(setAt, buyer)).rate?.currency).toBe('USD');
    await setDisplayCurrencyChoice(database.db, buyer, { currency: 'INR' });
    expect((await rateSeen(setAt, buyer)).rate).toBeNull();
    // The cookie, set by the same choice, wins over the profile.
    const withCookie = new Headers(US);
    withCookie.set('cookie', 'storefront.currency=USD');
    expect((await rateSeen(setAt, buyer, withCookie)).rate?.currency).toBe('USD');
    // One request reads it once: the root's loader and the page's share the answer.
    const site = await readSiteSettings(database.db, config);
    const request = { db: database.db, actor: buyer, site, clock: () => setAt };
    expect(displayRateFor(request, US)).toBe(displayRateFor(request, US));
  });

  it('adds the total in the account’s chosen currency, else the request page’s, to the offer mail and its PDF', async () => {
    const { db } = database;
    // The mail is rendered when the worker delivers it, by the worker's clock: a rate set today.
    const today = new Date();
    await updateSettings(db, owner, { displayCurrencies: 'USD 83.50' }, config, today);
    await setDisplayCurrencyChoice(db, buyer, { currency: 'USD' });
    const product = await insertProduct(db, { name: 'Brass Diya', priceMinor: 150_000 });
    const offerOf = async (
      actor: Actor,
      email: string,
      requestPageCurrency: DisplayCurrency | null = null,
    ) => {
      const request = await createQuotationRequest(
        db,
        actor,
        {
          productId: product.id,
          quantity: '2',
          customizationNotes: '',
          customerName: 'Emily Carter',
          customerCompany: '',
          customerMobile: '+1 416 555 0199',
          customerEmail: email,
        },
        today,
        'Asia/Kolkata',
        requestPageCurrency,
      );
      const queue = await mailQueueFrom(db, config);
      await sendOffer(
        db,
        owner,
        {
          quotationId: request.id,
          lines: [{ productId: '', description: 'Brass diya', quantity: '2', unitPrice: '1500' }],
          shipping: '450',
          discount: '0',
          gstRate: '12',
          validUntil: '2099-12-31',
          leadTimeDays: '',
          terms: '',
          note: '',
        },
        today,
        'Asia/Kolkata',
      );
      const mails = await queue.mails();
      return mails.find((mail) => mail.subject.startsWith('Your quotation'))!;
    };
    // ₹3,864 at ₹83.50 per US$: US$46
    const signedIn = await offerOf(buyer, 'emily@example.com');
    expect(signedIn.text).toContain('₹3,864 (≈ US$46)');
    // the attached PDF has the download's line under the total; a guest's has none
    expect(pdfText(signedIn)).toMatch(
      /Approximately US\$46 at ₹83\.50 per US\$ \(rates of .+\); the amount payable is in\s+rupees\./,
    );
    const guest = await offerOf(null, 'guest@example.com');
    expect(guest.text).toContain('₹3,864');
    expect(guest.text).not.toContain('≈');
    expect(pdfText(guest)).toContain('3,864');
    expect(pdfText(guest)).not.toContain('Approximately');
    // a guest whose page showed US$ when they asked is answered in it too
    const guestAbroad = await offerOf(null, 'toronto@example.com', 'USD');
    expect(guestAbroad.text).toContain('₹3,864 (≈ US$46)');
    expect(pdfText(guestAbroad)).toContain('Approximately US$46');
    // an account's own choice wins over the page's: rupees only
    await setDisplayCurrencyChoice(db, buyer, { currency: 'INR' });
    const rupeesChosen = await offerOf(buyer, 'emily@example.com', 'USD');
    expect(rupeesChosen.text).not.toContain('≈');
  });

  it('refuses a rate that is not one', async () => {
    await expect(
      updateSettings(database.db, owner, { displayCurrencies: 'USD 83,50' }, config, setAt),
    ).rejects.toThrow(/USD rate/);
  });
});
