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

interface OrderSubscriber {
  onChange: (change: OrderChange) => void;
  onMissedChanges?: () => void;
}

export interface OrderEventsHub {
  /**
   * Calls `onChange` for each change to one of `userId`'s orders; returns the unsubscribe.
   * `onMissedChanges` is called when the database connection was lost and is back: changes made
   * meanwhile were never announced, so whatever shows the orders must read them again.
   */
  subscribe(
    userId: string,
    onChange: (change: OrderChange) => void,
    onMissedChanges?: () => void,
  ): Promise<() => Promise<void>>;
  /** Stops listening (server shutdown). */
  close(): Promise<void>;
}

export function createOrderEventsHub(
  database: Pick<DatabaseHandle, 'listen'>,
  onError: (error: unknown) => void = () => {},
): OrderEventsHub {
  const subscribers = new Map<string, Set<OrderSubscriber>>();
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
    for (const subscriber of subscribers.get(change.userId) ?? []) subscriber.onChange(change);
  };

  const announceMissedChanges = () => {
    for (const own of subscribers.values()) {
      for (const subscriber of own) subscriber.onMissedChanges?.();
    }
  };

  const stop = async () => {
    const listening = stopListening;
    stopListening = null;
    const unlisten = await listening?.catch(() => null);
    await unlisten?.();
  };

  return {
    async subscribe(userId, onChange, onMissedChanges) {
      const subscriber: OrderSubscriber = { onChange, onMissedChanges };
      const own = subscribers.get(userId) ?? new Set();
      own.add(subscriber);
      subscribers.set(userId, own);
      const forget = () => {
        own.delete(subscriber);
        if (own.size === 0) subscribers.delete(userId);
      };
      if (!stopListening) {
        const listening = database.listen(ORDERS_CHANNEL, deliver, {
          onReconnect: announceMissedChanges,
        });
        stopListening = listening;
        // A database that is down now must not fail every later subscriber: the next one tries again.
        listening.catch(() => {
          if (stopListening === listening) stopListening = null;
        });
      }
      try {
        await stopListening;
      } catch (error) {
        forget();
        throw error;
      }
      return async () => {
        forget();
        // The last subscriber gone, the listening connection goes back to the pool.
        if (subscribers.size === 0) await stop();
      };
    },
    close: stop,
  };
}
