import { expect, it } from 'vitest';

it('logs a console error in the same worker', () => {
  expect((globalThis as { relayLoadedBy?: string }).relayLoadedBy).toBe('the first file');
  console.error('an error the second file logs');
});
