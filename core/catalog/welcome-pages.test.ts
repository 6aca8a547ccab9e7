import { describe, expect, it } from 'vitest';
import { welcomeMayOpen } from './welcome-pages';

describe('whether the welcome pop-up may open (docs/requirements.md §2 Welcome pop-up)', () => {
  it.each([
    '/auth',
    '/auth/',
    '/auth/code',
    '/auth/forgot-password',
    '/auth/reset-password',
    '/auth/two-factor',
    '/setup',
    '/quotes/Q-20261126-0001',
    '/setup/',
    '/admin/quotations/8f1c',
    '/quote/lotus-urli',
    '/quote-list',
    '/dashboard',
    '/dashboard/security',
    '/admin',
    '/admin/settings',
    '/newsletter/unsubscribe',
    '/price-drop-alerts/unsubscribe',
  ])('never covers %s', (pathname) => {
    expect(welcomeMayOpen({ pathname, signedIn: false })).toBe(false);
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
  ])('may cover %s for a signed-out visitor, never for a signed-in one', (pathname) => {
    expect(welcomeMayOpen({ pathname, signedIn: false })).toBe(true);
    expect(welcomeMayOpen({ pathname, signedIn: true })).toBe(false);
  });
});
