import { describe, expect, it } from 'vitest';
import { cacheDecision, PUBLIC_PAGE_VARY, sharedPageVariant } from './cache-policy';

describe('shared pages and the display currency', () => {
  it('keeps a shared page per the currency of the browser’s region', () => {
    expect(sharedPageVariant('en-US,en;q=0.9')).toBe('USD');
    expect(sharedPageVariant('en-GB')).toBe('GBP');
    // The shop's own buyers and browsers without a region share one copy.
    expect(sharedPageVariant('en-IN,en;q=0.9')).toBe('');
    expect(sharedPageVariant('en')).toBe('');
    expect(sharedPageVariant(null)).toBe('');
  });

  it('tells shared caches that a public page varies with Accept-Language', () => {
    expect(PUBLIC_PAGE_VARY.split(', ')).toEqual(['Cookie', 'Accept-Language']);
    const decision = cacheDecision({
      method: 'GET',
      path: '/blog/a-story',
      search: '',
      hasSession: false,
      isBot: false,
      status: 200,
      setsCookie: false,
      routeCacheControl: null,
    });
    expect(decision.varyOnCookie).toBe(true);
  });
});
