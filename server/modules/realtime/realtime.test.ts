/**
 * The order events hub when the database is away: a stand-in `listen` plays the database, so the
 * hub's own rules are tested without one (the real connections: server/db/postgres-listener.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle, ListenOptions } from '../../db/client';
import { createOrderEventsHub, ORDERS_CHANNEL, type OrderChange } from './index';

function standInDatabase(answers: Array<'down' | 'up'>) {
  const calls: Array<{ onPayload: (payload: string) => void; options?: ListenOptions }> = [];
  const database: Pick<DatabaseHandle, 'listen'> = {
    async listen(channel, onPayload, options) {
      expect(channel).toBe(ORDERS_CHANNEL);
      const answer = answers[calls.length] ?? 'up';
      calls.push({ onPayload, options });
      if (answer === 'down') throw new Error('connect ECONNREFUSED');
      return async () => {};
    },
  };
  return { database, calls };
}

const change = (userId: string): OrderChange => ({
  op: 'UPDATE',
  orderId: 'order-1',
  userId,
  status: 'confirmed',
});

describe('the order events hub', () => {
  it('lets a later subscriber in when the database was down for an earlier one', async () => {
    const { database, calls } = standInDatabase(['down', 'up']);
    const hub = createOrderEventsHub(database);
    const seen: OrderChange[] = [];

    await expect(hub.subscribe('user-a', (event) => seen.push(event))).rejects.toThrow(
      'ECONNREFUSED',
    );
    await hub.subscribe('user-a', (event) => seen.push(event));
    expect(calls).toHaveLength(2);

    // Only the subscriber that got in hears of the change, once.
    calls[1]!.onPayload(JSON.stringify(change('user-a')));
    expect(seen).toEqual([change('user-a')]);
    await hub.close();
  });

  it("tells every subscriber that changes were missed when the database's connection is back", async () => {
    const { database, calls } = standInDatabase(['up']);
    const hub = createOrderEventsHub(database);
    const missed: string[] = [];
    const stopA = await hub.subscribe(
      'user-a',
      () => {},
      () => missed.push('a'),
    );
    await hub.subscribe(
      'user-b',
      () => {},
      () => missed.push('b'),
    );
    expect(calls).toHaveLength(1);

    calls[0]!.options?.onReconnect?.();
    expect(missed).toEqual(['a', 'b']);

    // One who left hears nothing more.
    await stopA();
    calls[0]!.options?.onReconnect?.();
    expect(missed).toEqual(['a', 'b', 'b']);
    await hub.close();
  });
});
