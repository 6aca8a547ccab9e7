import { expect, it } from 'vitest';
import { emitThroughRelay } from './emitter-relay';

it('loads the module that emits, as an earlier file in the worker would', () => {
  (globalThis as { relayLoadedBy?: string }).relayLoadedBy = 'the first file';
  expect(emitThroughRelay).toBeTypeOf('function');
});
