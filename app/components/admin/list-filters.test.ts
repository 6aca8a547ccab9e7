import { describe, expect, it } from 'vitest';
import { activeFilterCount, listQueryString } from './list-filters';

describe('the lists keep their filters in the URL', () => {
  const filter = {
    q: '+91 98765',
    status: 'pending',
    from: '2026-01-01',
    to: null,
    sort: 'oldest' as const,
  };

  it('carries every set filter into a page link, and the tab', () => {
    const params = new URLSearchParams(listQueryString({ ...filter, page: 3 }, { tab: 'orders' }));
    expect(Object.fromEntries(params)).toEqual({
      tab: 'orders',
      q: '+91 98765',
      status: 'pending',
      from: '2026-01-01',
      sort: 'oldest',
      page: '3',
    });
  });

  it('leaves out empty filters, the default sort and the first page', () => {
    expect(
      listQueryString({ q: '', status: null, from: null, to: null, sort: 'newest', page: 1 }),
    ).toBe('');
    expect(listQueryString({ q: 'asha', sort: 'newest', page: null }, { tab: 'messages' })).toBe(
      '?tab=messages&q=asha',
    );
  });
});

describe('the folded filters count the ones set', () => {
  it('counts each set filter, extras included, but not the default sort or the page', () => {
    // as the loader hands them over: the page and a list's own filters beside the shared ones
    const none = { q: '', status: null, from: null, to: null, sort: 'newest' as const, page: 4 };
    expect(activeFilterCount(none)).toBe(0);
    const four = {
      q: 'asha',
      status: 'pending',
      from: null,
      to: null,
      sort: 'oldest' as const,
      waiting: 'overdue',
      page: 2,
    };
    expect(activeFilterCount(four)).toBe(4);
  });
});
