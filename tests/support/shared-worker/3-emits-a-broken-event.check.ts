import { expect, it } from 'vitest';
import { emitThroughRelay } from './emitter-relay';

it('emits an event outside the contract through the module the first file loaded', async () => {
  expect((globalThis as { relayLoadedBy?: string }).relayLoadedBy).toBe('the first file');
  // Not a transaction: the contract is checked before the emitter writes, which then fails.
  await Promise.resolve()
    .then(() =>
      emitThroughRelay({} as never, 'order.created', { broken: true } as never, new Date()),
    )
    .catch(() => undefined);
});
