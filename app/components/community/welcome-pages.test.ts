import { describe, expect, it } from 'vitest';
import { welcomeMayCover } from './welcome-pages';

describe('welcomeMayCover (issue 30)', () => {
  it.each([
    '/auth',
    '/auth/',
    '/auth/code',
    '/auth/forgot-password',
    '/auth/reset-password',
    '/auth/two-factor',
    '/setup',
    '/quotes/Q-20261126-0001',
    '/quote/lotus-urli',
    '/quote-list',
    '/dashboard',
    '/dashboard/security',
    '/admin',
    '/admin/settings',
    '/newsletter/unsubscribe',
    '/price-drop-alerts/unsubscribe',
  ])('never covers %s', (pathname) => {
    expect(welcomeMayCover(pathname)).toBe(false);
  });

  it.each([
    '/',
    '/shop',
    '/shop/divine-artistry',
    '/product/lotus-urli',
    '/about',
    '/blog',
    '/blog/banswara-marble',
    '/contact',
    '/customisations',
    '/faq',
    '/artisans',
    '/payment',
    // A page whose name only starts like a task page's is not one.
    '/authors',
    '/quotes-and-sayings',
    '/administration',
  ])('may cover %s', (pathname) => {
    expect(welcomeMayCover(pathname)).toBe(true);
  });
});
