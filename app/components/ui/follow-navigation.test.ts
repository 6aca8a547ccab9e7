import { describe, expect, it } from 'vitest';
import { followNavigation, isInterruptedNavigation } from './follow-navigation';

describe('a navigation started from code', () => {
  it('left before it finishes is no failure: nothing is rejected unhandled', async () => {
    // Vitest fails the run on an unhandled rejection, so this test fails if one escapes.
    followNavigation(
      Promise.reject(new DOMException('signal is aborted without reason', 'AbortError')),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(isInterruptedNavigation(new DOMException('aborted', 'AbortError'))).toBe(true);
  });

  it('tells an interruption from a real failure', () => {
    expect(isInterruptedNavigation(new Error('the loader failed'))).toBe(false);
    expect(isInterruptedNavigation(new DOMException('quota', 'QuotaExceededError'))).toBe(false);
    expect(isInterruptedNavigation('AbortError')).toBe(false);
  });
});
