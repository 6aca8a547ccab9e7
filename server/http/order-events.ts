/**
 * The dashboard's live order updates (spec §4, §7 "Realtime subscription ... orders_changes"): a
 * server-sent events stream of the signed-in user's own order changes, fed by the database's
 * LISTEN/NOTIFY through the realtime hub. The stream ends cleanly when the browser goes away.
 */
import type { Hono } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { Logger } from '../logger';
import type { OrderEventsHub } from '../modules/realtime';

const KEEPALIVE_MS = 25_000;
/** How long a browser waits before it opens a stream that ended again. */
const RETRY_MS = 3000;

export const ORDER_EVENTS_PATH = '/api/orders/events';

export function registerOrderEvents(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app environment will do
  app: Hono<any>,
  options: {
    hub: OrderEventsHub;
    logger: Logger;
    /** The signed-in user's id, or null. */
    userIdOf: (request: Request) => Promise<string | null>;
  },
): void {
  app.get(ORDER_EVENTS_PATH, async (c) => {
    let userId: string | null;
    try {
      userId = await options.userIdOf(c.req.raw);
    } catch (error) {
      // The session could not be read (database down): ask the browser to try again shortly.
      options.logger.warn({ err: error }, 'order events unavailable');
      return streamSSE(c, (stream) => endWithRetry(stream));
    }
    if (!userId) return c.json({ message: 'Please sign in to continue.' }, 401);
    c.header('Cache-Control', 'no-store');
    // Proxies such as nginx would otherwise hold the events back in their buffers.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let closed = false;
      let unsubscribe: () => Promise<void>;
      try {
        unsubscribe = await options.hub.subscribe(
          userId,
          (change) => {
            void stream.writeSSE({
              event: 'order-changed',
              data: JSON.stringify({
                orderId: change.orderId,
                status: change.status,
                op: change.op,
              }),
            });
          },
          // Changes made while the database was out of reach were never announced.
          () => void stream.writeSSE({ event: 'resync', data: '{}' }),
        );
      } catch (error) {
        options.logger.warn({ err: error, userId }, 'order events unavailable');
        await endWithRetry(stream);
        return;
      }
      const finished = new Promise<void>((resolve) => {
        stream.onAbort(() => {
          closed = true;
          resolve();
        });
      });
      await stream.writeSSE({ event: 'ready', data: '{}', retry: RETRY_MS });
      while (!closed) {
        await Promise.race([finished, stream.sleep(KEEPALIVE_MS)]);
        if (!closed) await stream.write(': keep-alive\n\n');
      }
      await unsubscribe();
      options.logger.debug({ userId }, 'order events stream closed');
    });
  });
}

/**
 * Ends a stream that cannot be served now. The browser's EventSource opens it again after `retry`,
 * whereas an error status would make it give up for good.
 */
async function endWithRetry(stream: SSEStreamingApi): Promise<void> {
  await stream.writeSSE({ event: 'unavailable', data: '{}', retry: RETRY_MS });
}
