/**
 * docs/requirements.md §19 "First run", against a real database: the shop's postal address, its
 * social links, the home page's stat tiles and its newsletter line are settings. What the owner
 * saves is what the offer mail, its PDF, the home page and the footer show; a value over its limit
 * is refused.
 */
import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loader as homeLoader } from '../../app/routes/home';
import { loader as rootLoader } from '../../app/root';
import { siteDefaults } from '../../content/site';
import { settingsTexts } from '../../core/admin/settings';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { shopSettings } from '../../server/db/schema';
import { appContext, type AppContext } from '../../server/http/app-context';
import { createLogger } from '../../server/logger';
import type { MailMessage } from '../../server/mail';
import type { Actor } from '../../server/modules/actor';
import { DomainError } from '../../server/modules/errors';
import { createQuotationRequest, sendOffer } from '../../server/modules/quotations';
import {
  invalidateSettings,
  readSiteSettings,
  updateSettings,
  typedSettingsOf,
} from '../../server/modules/settings';
import { insertProduct, insertUser } from '../factories';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';
import { mailQueueFrom } from '../support/queued-mail';

const config = loadConfig({ AUTH_SECRET: 'shop-content-settings-secret-shop-content' });
const DEMO_STREET = 'Near Tripura Sundari Road';
const OWN_ADDRESS = '14 Haveli Lane, Bapu Bazaar\nJaipur, Rajasthan 302003, India';

/** The text of a mail's attached offer PDF, read back with poppler's pdftotext. */
function pdfText(mail: MailMessage): string {
  const attachment = mail.attachments?.[0];
  if (!attachment) throw new Error(`no PDF attached to "${mail.subject}"`);
  return execFileSync('pdftotext', ['-', '-'], { input: attachment.content, encoding: 'utf8' });
}

/** A page's loader arguments, with the settings as the server reads them for each request. */
async function pageArgs(db: Database) {
  const app = {
    db,
    config,
    site: await readSiteSettings(db, config),
    settings: typedSettingsOf(await readSiteSettings(db, config)),
    logger: createLogger('silent'),
    requestId: 'shop-content',
    cspNonce: '',
    clock: () => new Date(),
    actor: null,
    viewer: null,
  } as unknown as AppContext;
  return {
    request: new Request('http://shop.test/'),
    params: {},
    context: new RouterContextProvider(new Map([[appContext, app]])),
  };
}

describe(`the shop's content settings, on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let owner: Actor;

  beforeAll(async () => {
    database = await createTestDatabase();
    owner = {
      userId: (await insertUser(database.db, { name: 'Devika Owner' })).id,
      roles: ['admin'],
    };
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

  it('puts the postal address the owner saved on the offer mail and its PDF', async () => {
    const { db } = database;
    const product = await insertProduct(db, { name: 'Marble Tealight Set', priceMinor: 120_000 });
    const offerMail = async () => {
      const request = await createQuotationRequest(db, null, {
        productId: product.id,
        quantity: '4',
        customerName: 'Anaya Rao',
        customerMobile: '+91 98765 43210',
        customerEmail: 'anaya@example.com',
      });
      const queue = await mailQueueFrom(db, config);
      await sendOffer(
        db,
        owner,
        {
          quotationId: request.id,
          lines: [{ productId: '', description: 'Tealight set', quantity: '4', unitPrice: '1200' }],
          shipping: '0',
          discount: '0',
          gstRate: '12',
          validUntil: '2099-12-31',
          leadTimeDays: '',
          terms: '',
          note: '',
        },
        new Date(),
        'Asia/Kolkata',
      );
      return (await queue.mails()).find((mail) => mail.subject.startsWith('Your quotation'))!;
    };
    const before = await offerMail();
    expect(before.text).toContain(DEMO_STREET);
    expect(pdfText(before)).toContain(DEMO_STREET);

    await updateSettings(db, owner, { address: OWN_ADDRESS }, config, new Date());
    const after = await offerMail();
    for (const text of [after.text, after.html, pdfText(after)]) {
      expect(text).toContain('14 Haveli Lane, Bapu Bazaar');
      expect(text).toContain('Jaipur, Rajasthan 302003');
      expect(text).not.toContain(DEMO_STREET);
    }
  });

  it('shows the stat tiles and newsletter line on the home page, and the social links in the footer, as saved', async () => {
    const { db } = database;
    const home = async () =>
      homeLoader((await pageArgs(db)) as unknown as Parameters<typeof homeLoader>[0]);
    const footer = async () =>
      (await rootLoader((await pageArgs(db)) as unknown as Parameters<typeof rootLoader>[0])).site
        .socialLinks;

    // A new shop shows spec §2's words, and the one Instagram button.
    expect((await home()).stats).toEqual([
      { value: '100+', label: 'Unique Products' },
      { value: '50+', label: 'Years Heritage' },
      { value: '1000+', label: 'Happy Customers' },
      { value: '100%', label: 'Handcrafted' },
    ]);
    expect((await home()).newsletterLine).toBe('Join 5,000+ craft lovers. Unsubscribe anytime.');
    expect((await footer()).map(({ url, label }) => ({ url, label }))).toEqual([
      { url: siteDefaults.socialUrl, label: 'Follow us on Instagram' },
    ]);

    await updateSettings(
      db,
      owner,
      {
        homeStat1Value: '31',
        homeStat1Label: 'Pieces in the collection',
        homeStat3Value: '40+',
        newsletterLine: 'Stories from our workshop, once a month.',
        socialUrl: '',
        facebookUrl: 'https://www.facebook.com/kalakriti.decor',
        pinterestUrl: 'https://in.pinterest.com/kalakriti/',
      },
      config,
      new Date(),
    );
    expect((await home()).stats).toEqual([
      { value: '31', label: 'Pieces in the collection' },
      { value: '50+', label: 'Years Heritage' },
      { value: '40+', label: 'Happy Customers' },
      { value: '100%', label: 'Handcrafted' },
    ]);
    expect((await home()).newsletterLine).toBe('Stories from our workshop, once a month.');
    expect((await footer()).map(({ url, label }) => ({ url, label }))).toEqual([
      { url: 'https://www.facebook.com/kalakriti.decor', label: 'Follow us on Facebook' },
      { url: 'https://in.pinterest.com/kalakriti/', label: 'Follow us on Pinterest' },
    ]);
  });

  it('refuses a figure, words, a line, an address or a link over its limit, and writes nothing', async () => {
    const { db } = database;
    for (const [input, message] of [
      [{ homeStat2Value: '1,00,000+' }, settingsTexts.homeStatValueTooLong],
      [{ homeStat2Label: 'w'.repeat(41) }, settingsTexts.homeStatLabelTooLong],
      [{ newsletterLine: 'n'.repeat(201) }, settingsTexts.newsletterLineTooLong],
      [{ address: 'a'.repeat(301) }, settingsTexts.addressTooLong],
      [
        { youtubeUrl: `https://www.youtube.com/${'c'.repeat(500)}` },
        settingsTexts.socialUrlInvalid,
      ],
      [{ youtubeUrl: 'http://www.youtube.com/@kalakriti' }, settingsTexts.socialUrlInvalid],
    ] as const) {
      const refused = await updateSettings(db, owner, input, config, new Date()).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(DomainError);
      expect((refused as DomainError).code).toBe('invalid');
      expect((refused as DomainError).message).toContain(message);
    }
    expect(await db.select().from(shopSettings)).toEqual([]);
  });
});
