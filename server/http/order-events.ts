/**
 * The dashboard's live order updates (spec §4, §7 "Realtime subscription ... orders_changes"): a
 * server-sent events stream of the signed-in user's own order changes, fed by the database's
 * LISTEN/NOTIFY through the realtime hub. The stream ends cleanly when the browser goes away.
 */
import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Logger } from '../logger';
import type { OrderEventsHub } from '../modules/realtime';

const KEEPALIVE_MS = 25_000;

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
    const userId = await options.userIdOf(c.req.raw);
    if (!userId) return c.json({ message: 'Please sign in to continue.' }, 401);
    c.header('Cache-Control', 'no-store');
    // Proxies such as nginx would otherwise hold the events back in their buffers.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let closed = false;
      const unsubscribe = await options.hub.subscribe(userId, (change) => {
        void stream.writeSSE({
          event: 'order-changed',
          data: JSON.stringify({ orderId: change.orderId, status: change.status, op: change.op }),
        });
      });
      const finished = new Promise<void>((resolve) => {
        stream.onAbort(() => {
          closed = true;
          resolve();
        });
      });
      await stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 });
      while (!closed) {
        await Promise.race([finished, stream.sleep(KEEPALIVE_MS)]);
        if (!closed) await stream.write(': keep-alive\n\n');
      }
      await unsubscribe();
      options.logger.debug({ userId }, 'order events stream closed');
    });
  });
}
