/**
 * docs/requirements.md §13: the quotation action mails the requester's address the request's free text
 * only when it is the signed-in requester's verified e-mail. The action runs as the server runs
 * it, with a real database; the test reads the mails it queued.
 */
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as quoteAction } from '../../app/routes/quote';
import { loadConfig } from '../../server/config';
import { appContext, type AppContext } from '../../server/http/app-context';
import { createLogger } from '../../server/logger';
import type { Actor } from '../../server/modules/actor';
import { createMultiPieceRequest } from '../../server/modules/quotations';
import { databaseRateLimiter } from '../../server/modules/rate-limit';
import { insertProduct, insertUser } from '../factories';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';
import { mailQueueFrom } from '../support/queued-mail';
import { typedSettingsOf } from '../../server/modules/settings';

const config = loadConfig({ AUTH_SECRET: 'integration-secret-integration-secret' });
const ADDRESS = 'meera@example.com';

describe(`the quotation confirmation on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let productId: string;
  let clientCount = 0;
  /** The accounts that may send the request: the address's verified owner, and others. */
  let owner: Actor;
  let unverified: Actor;
  let another: Actor;
  beforeAll(async () => {
    database = await createTestDatabase();
    productId = (await insertProduct(database.db)).id;
    owner = { userId: (await insertUser(database.db, { email: ADDRESS })).id, roles: [] };
    unverified = {
      userId: (
        await insertUser(database.db, { email: 'unverified@example.com', emailVerified: false })
      ).id,
      roles: [],
    };
    another = { userId: (await insertUser(database.db)).id, roles: [] };
  });
  afterAll(async () => {
    await database.destroy();
  });

  /**
   * Posts the form as `actor` (null: a guest) with `customerEmail`, and answers the text of the
   * confirmation the request queued for that address (docs/requirements.md §13: the module queues it, and reads
   * whether the address is the requester's own verified one from the account itself).
   */
  async function confirmationFor(actor: Actor, customerEmail: string): Promise<string> {
    clientCount += 1;
    const queue = await mailQueueFrom(database.db, config);
    const app = {
      db: database.db,
      config,
      site: config.site,
      settings: typedSettingsOf(config.site),
      logger: createLogger('silent'),
      requestId: 'test-request',
      cspNonce: '',
      clock: () => new Date(),
      actor,
      viewer: null,
      rateLimiter: databaseRateLimiter(database.db),
      clientAddress: `198.51.100.${clientCount}`,
    } as unknown as AppContext;
    await quoteAction({
      request: new Request(`http://shop.test/quote/${productId}`, {
        method: 'POST',
        body: new URLSearchParams({
          quantity: '3',
          customerName: 'Meera Shah',
          customerCompany: 'Shah Interiors',
          customerMobile: '+91 98765 43210',
          customerEmail,
          customizationNotes: 'Engrave the lotus on the rim',
        }),
      }),
      params: { productId },
      context: new RouterContextProvider(new Map([[appContext, app]])),
    } as unknown as Parameters<typeof quoteAction>[0]);
    const confirmation = (await queue.mails()).find(
      (mail) => mail.to === customerEmail.toLowerCase(),
    );
    expect(confirmation, 'a confirmation to the given address').toBeDefined();
    return confirmation!.text;
  }

  it("carries the request's details to the signed-in requester's own verified e-mail", async () => {
    const text = await confirmationFor(owner, 'Meera@Example.com');
    expect(text).toContain('Dear Meera Shah,');
    expect(text).toContain('Engrave the lotus on the rim');
  });

  it('carries no free text to a guest, an unverified account, or another account’s address', async () => {
    const requests: [Actor, string][] = [
      [null, ADDRESS],
      [unverified, 'unverified@example.com'],
      [another, ADDRESS],
    ];
    for (const [actor, address] of requests) {
      const text = await confirmationFor(actor, address);
      expect(text).not.toContain('Meera Shah');
      expect(text).not.toContain('Shah Interiors');
      expect(text).not.toContain('Engrave');
      expect(text).toContain('Quantity: 3');
    }
  });
  // docs/requirements.md §18: one request of four pieces from the quote list, one mail to each side listing them.
  describe('of a request of four pieces', () => {
    let pieces: { id: string; name: string }[];
    const lines = [
      { quantity: 20, notes: 'A darker polish, please' },
      { quantity: 20, notes: null },
      { quantity: 12, notes: 'Two tiers\nGold rim' },
      { quantity: 4, notes: null },
    ];
    beforeAll(async () => {
      pieces = [];
      for (const name of ['Floral Urli', 'Jharokha Mirror', 'Pottery Planter', 'Dhokra Pair']) {
        pieces.push(await insertProduct(database.db, { name }));
      }
    });

    async function requestOfFour(actor: Actor) {
      const queue = await mailQueueFrom(database.db, config);
      const stored = await createMultiPieceRequest(database.db, actor, {
        customerName: 'Meera Shah',
        customerMobile: '+91 98765 43210',
        customerEmail: ADDRESS,
        customerGstin: '08AAECI1234F1ZY',
        customizationNotes: 'One set for the Udaipur lobby',
        lines: pieces.map((piece, index) => ({ productId: piece.id, ...lines[index]! })),
      });
      const mails = await queue.mails();
      return {
        stored,
        owner: mails.filter((mail) => mail.to === config.site.shopEmail),
        customer: mails.filter((mail) => mail.to === ADDRESS),
      };
    }

    it('mails the owner and the verified requester once each, every piece with its quantity and notes', async () => {
      const { stored, ...mails } = await requestOfFour(owner);
      expect(stored.lines).toHaveLength(4);
      expect(mails.owner).toHaveLength(1);
      expect(mails.customer).toHaveLength(1);
      expect(mails.owner[0]!.subject).toBe(
        'New quotation request: Floral Urli × 20 and 3 more pieces',
      );
      for (const mail of [mails.owner[0]!, mails.customer[0]!]) {
        for (const [index, piece] of pieces.entries()) {
          const { quantity, notes } = lines[index]!;
          expect(mail.text).toContain(
            `${piece.name}\n${config.publicUrl}/product/${piece.id}\nQuantity: ${quantity}${notes ? `\nNotes: ${notes}` : ''}`,
          );
          expect(mail.html).toContain(`>${piece.name}</a>`);
          expect(mail.html).toContain(`Quantity: ${quantity}`);
        }
        expect(mail.html).toContain('A darker polish, please');
        expect(mail.html).toContain('Two tiers<br/>Gold rim');
        for (const part of [mail.text, mail.html]) {
          expect(part).toContain(stored.reference);
          expect(part).toContain('One set for the Udaipur lobby');
          expect(part).toContain('GSTIN:');
          expect(part).toContain('08AAECI1234F1ZY');
        }
      }
    });

    it("confirms every piece to a guest's address without anything the request wrote", async () => {
      const { customer } = await requestOfFour(null);
      expect(customer).toHaveLength(1);
      const [mail] = customer;
      for (const [index, piece] of pieces.entries()) {
        expect(mail!.text).toContain(`${piece.name}\n`);
        expect(mail!.text).toContain(`Quantity: ${lines[index]!.quantity}`);
      }
      for (const part of [mail!.subject, mail!.text, mail!.html]) {
        for (const written of [
          'darker polish',
          'Two tiers',
          'Udaipur',
          '08AAECI1234F1ZY',
          'Meera',
        ]) {
          expect(part).not.toContain(written);
        }
      }
    });
  });
});
