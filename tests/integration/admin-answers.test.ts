/**
 * The admin routes' answers before any module work (docs/requirements.md §10): an admin's over-long upload is
 * refused by its declared length before the body is read, an import file is checked with its one
 * `core/` schema, and an unknown intent is answered without echoing it. Every refusal is an Answer.
 */
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { action as mediaImportAction } from '../../app/routes/admin.media-import';
import { action as consoleAction } from '../../app/routes/admin.product-media';
import { action as adminAction } from '../../app/routes/admin';
import {
  PRODUCTION_UPDATE_MAX_PHOTOS,
  productionUpdateProblems,
} from '../../core/orders/production-updates';
import { CSV_MAX_BYTES } from '../../core/catalog/media-csv';
import { loadConfig } from '../../server/config';
import { appContext, type AppContext } from '../../server/http/app-context';
import { createLogger } from '../../server/logger';
import type { Actor } from '../../server/modules/actor';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../server/media-storage';
import { typedSettingsOf } from '../../server/modules/settings';

const config = loadConfig({ AUTH_SECRET: 'integration-secret-integration-secret' });
const admin: Actor = { userId: 'admin-1', roles: ['admin'] };

/** An admin's request context in which any module work fails the test. */
function untouchedContext(): RouterContextProvider {
  const untouchable = new Proxy(
    {},
    {
      get(_target, property) {
        throw new Error(`the action used ${String(property)} before refusing`);
      },
    },
  );
  const app = {
    db: untouchable,
    config,
    site: config.site,
    settings: typedSettingsOf(config.site),
    logger: createLogger('silent'),
    requestId: 'admin-answers',
    cspNonce: '',
    clock: () => new Date(),
    actor: admin,
    viewer: null,
    auth: untouchable,
    sms: untouchable,
    mediaStorage: untouchable,
    rateLimiter: untouchable,
    clientAddress: '198.51.100.202',
  } as unknown as AppContext;
  return new RouterContextProvider(new Map([[appContext, app]]));
}

async function settle(outcome: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  const settled = await outcome;
  if (settled instanceof Response) return { status: settled.status, body: await settled.text() };
  const { data, init } = settled as { data: unknown; init?: ResponseInit };
  return { status: init?.status ?? 200, body: data };
}

type Action = typeof consoleAction | typeof mediaImportAction | typeof adminAction;
const call = (action: Action, request: Request) =>
  settle(action({ request, params: {}, context: untouchedContext() } as never));

describe('the admin routes answer before any module work', () => {
  it('refuses an upload over the limit by its declared length, the body unread', async () => {
    for (const [action, limit, message] of [
      [consoleAction, IMAGE_UPLOAD_MAX_BYTES, 'The image must be 10 MB or smaller.'],
      [mediaImportAction, CSV_MAX_BYTES, 'The CSV file must be 5 MB or smaller.'],
      // docs/requirements.md §24: a production update's four photos of 10 MB each
      [
        adminAction,
        PRODUCTION_UPDATE_MAX_PHOTOS * IMAGE_UPLOAD_MAX_BYTES,
        productionUpdateProblems.photosTooLarge,
      ],
    ] as const) {
      let read = false;
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            read = true;
            controller.enqueue(new TextEncoder().encode('intent=add-media'));
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
      const request = new Request('http://shop.test/admin/product-media', {
        method: 'POST',
        body,
        duplex: 'half',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': String(limit + 1024 * 1024),
        },
      } as RequestInit);
      const answer = await call(action, request);
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({
        status: 'invalid',
        message,
        toast: { title: 'Error', description: message, variant: 'destructive' },
      });
      expect(read, 'the body was read').toBe(false);
    }
  });

  it('answers an import file that is not a .csv with the schema’s message, nothing imported', async () => {
    const form = new FormData();
    form.set('file', new File(['product_id,media_url\n'], 'media.txt', { type: 'text/plain' }));
    const answer = await call(
      mediaImportAction,
      new Request('http://shop.test/admin/product-media/import', { method: 'POST', body: form }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      status: 'invalid',
      intent: 'import-media',
      message: 'Please choose a .csv file.',
      toast: { title: 'Error', description: 'Please choose a .csv file.' },
    });
  });

  it('does not echo an unknown intent', async () => {
    const intent = 'x'.repeat(50_000);
    const answer = await call(
      consoleAction,
      new Request('http://shop.test/admin/product-media', {
        method: 'POST',
        body: new URLSearchParams({ intent }),
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      status: 'invalid',
      intent: '',
      message: 'Unknown action',
    });
    expect(JSON.stringify(answer.body).length).toBeLessThan(1000);
  });
});
