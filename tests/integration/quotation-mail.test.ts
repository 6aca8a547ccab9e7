/**
 * issue 14 finding 5: the quotation action mails the requester's address the request's free text
 * only when it is the signed-in requester's verified e-mail. The action runs as the server runs
 * it, with a real database; the mailer keeps what it is given.
 */
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as quoteAction } from '../../app/routes/quote';
import { loadConfig } from '../../server/config';
import { appContext, type AppContext, type Viewer } from '../../server/http/app-context';
import { createLogger } from '../../server/logger';
import type { MailMessage } from '../../server/modules/mail';
import { databaseRateLimiter } from '../../server/modules/rate-limit';
import { insertProduct, insertUser } from '../factories';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';

const config = loadConfig({ AUTH_SECRET: 'integration-secret-integration-secret' });
const ADDRESS = 'meera@example.com';

let userId = '';
const viewer = (overrides: Partial<Viewer>): Viewer => ({
  id: userId,
  name: 'Meera Shah',
  email: ADDRESS,
  emailVerified: true,
  twoFactorEnabled: false,
  isAdmin: false,
  sessionExpiresAt: new Date(Date.now() + 60_000).toISOString(),
  ...overrides,
});

describe(`the quotation confirmation on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let productId: string;
  let clientCount = 0;
  beforeAll(async () => {
    database = await createTestDatabase();
    productId = (await insertProduct(database.db)).id;
    // The session's account; what the viewer says of its e-mail is what the action reads.
    userId = (await insertUser(database.db, { email: ADDRESS })).id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** Posts the form as `requester` (null: a guest) and answers the confirmation's text. */
  async function confirmationFor(requester: Viewer | null): Promise<string> {
    const mails: MailMessage[] = [];
    clientCount += 1;
    const app = {
      db: database.db,
      config,
      logger: createLogger('silent'),
      requestId: 'test-request',
      cspNonce: '',
      actor: requester ? { userId: requester.id, roles: ['customer'] } : null,
      viewer: requester,
      mailer: {
        send: async (mail: MailMessage) => void mails.push(mail),
        sendLater: (mail: MailMessage) => void mails.push(mail),
      },
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
          customerEmail: 'Meera@Example.com',
          customizationNotes: 'Engrave the lotus on the rim',
        }),
      }),
      params: { productId },
      context: new RouterContextProvider(new Map([[appContext, app]])),
    } as unknown as Parameters<typeof quoteAction>[0]);
    const confirmation = mails.find((mail) => mail.to === ADDRESS);
    expect(confirmation, 'a confirmation to the given address').toBeDefined();
    return confirmation!.text;
  }

  it("carries the request's details to the signed-in requester's own verified e-mail", async () => {
    const text = await confirmationFor(viewer({}));
    expect(text).toContain('Dear Meera Shah,');
    expect(text).toContain('Engrave the lotus on the rim');
  });

  it('carries no free text to a guest, an unverified account, or another account’s address', async () => {
    const requesters = [
      null,
      viewer({ emailVerified: false }),
      viewer({ email: 'someone-else@example.com' }),
    ];
    for (const requester of requesters) {
      const text = await confirmationFor(requester);
      expect(text).not.toContain('Meera Shah');
      expect(text).not.toContain('Shah Interiors');
      expect(text).not.toContain('Engrave');
      expect(text).toContain('Quantity: 3');
    }
  });
});
