/**
 * Live order changes (spec §4: the dashboard reloads on realtime changes to the user's orders;
 * spec §7: channel orders_changes). One LISTEN per server process on the database's trigger
 * channel, fanned out only to the subscribers of the order's owner.
 */
import type { DatabaseHandle } from '../../db/client';

export const ORDERS_CHANNEL = 'orders_changes';

export interface OrderChange {
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  orderId: string;
  userId: string | null;
  status: string;
}

export interface OrderEventsHub {
  /** Calls `onChange` for each change to one of `userId`'s orders; returns the unsubscribe. */
  subscribe(userId: string, onChange: (change: OrderChange) => void): Promise<() => Promise<void>>;
  /** Stops listening (server shutdown). */
  close(): Promise<void>;
}

export function createOrderEventsHub(
  database: Pick<DatabaseHandle, 'listen'>,
  onError: (error: unknown) => void = () => {},
): OrderEventsHub {
  const subscribers = new Map<string, Set<(change: OrderChange) => void>>();
  let stopListening: Promise<() => Promise<void>> | null = null;

  const deliver = (payload: string) => {
    let change: OrderChange;
    try {
      change = JSON.parse(payload) as OrderChange;
    } catch (error) {
      onError(error);
      return;
    }
    if (!change.userId) return;
    for (const onChange of subscribers.get(change.userId) ?? []) onChange(change);
  };

  const stop = async () => {
    const listening = stopListening;
    stopListening = null;
    if (listening) await (await listening)();
  };

  return {
    async subscribe(userId, onChange) {
      const own = subscribers.get(userId) ?? new Set();
      own.add(onChange);
      subscribers.set(userId, own);
      stopListening ??= database.listen(ORDERS_CHANNEL, deliver);
      await stopListening;
      return async () => {
        own.delete(onChange);
        if (own.size === 0) subscribers.delete(userId);
        // The last subscriber gone, the listening connection goes back to the pool.
        if (subscribers.size === 0) await stop();
      };
    },
    close: stop,
  };
}
