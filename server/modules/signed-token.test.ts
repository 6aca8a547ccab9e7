import { describe, expect, it } from 'vitest';
import { signToken, verifiedTokenSubject } from './signed-token';

const SECRET = 'signed-token-test-secret-signed-token';

describe('signed link tokens', () => {
  it('gives back the subject of a token it issued', () => {
    const token = signToken(SECRET, 'newsletter-unsubscribe', 'lata@example.com');
    expect(verifiedTokenSubject(SECRET, 'newsletter-unsubscribe', token)).toBe('lata@example.com');
  });

  it('issues the tokens of links already mailed, byte for byte, and still accepts them', () => {
    // Computed by the newsletter's and the price-drop alerts' own token functions before they
    // shared this one, for this secret.
    const mailedNewsletterToken =
      'bGF0YUBleGFtcGxlLmNvbQ.JQe7wdcz3RBVBVZvLkTlNytAV0VWYP52oOz3y3_oe-o';
    const mailedPriceDropToken = 'dXNlci00Mg.b0AXtWw9H1ZfEIT4dRuvVO2hD2cgMhmbyDsEuRO_bhs';
    expect(signToken(SECRET, 'newsletter-unsubscribe', 'lata@example.com')).toBe(
      mailedNewsletterToken,
    );
    expect(signToken(SECRET, 'price-drop-alerts-unsubscribe', 'user-42')).toBe(
      mailedPriceDropToken,
    );
    expect(verifiedTokenSubject(SECRET, 'newsletter-unsubscribe', mailedNewsletterToken)).toBe(
      'lata@example.com',
    );
    expect(
      verifiedTokenSubject(SECRET, 'price-drop-alerts-unsubscribe', mailedPriceDropToken),
    ).toBe('user-42');
  });

  it('never accepts a token issued for one purpose as a token for the other', () => {
    const newsletter = signToken(SECRET, 'newsletter-unsubscribe', 'user-42');
    const priceDrop = signToken(SECRET, 'price-drop-alerts-unsubscribe', 'user-42');
    expect(verifiedTokenSubject(SECRET, 'price-drop-alerts-unsubscribe', newsletter)).toBeNull();
    expect(verifiedTokenSubject(SECRET, 'newsletter-unsubscribe', priceDrop)).toBeNull();
  });

  it('refuses a token signed with another secret, a changed subject, or garbage', () => {
    const token = signToken(SECRET, 'newsletter-unsubscribe', 'lata@example.com');
    const otherSecret = signToken(
      'another-secret-another-secret-123',
      'newsletter-unsubscribe',
      'lata@example.com',
    );
    const [, signature] = token.split('.');
    const changedSubject = `${Buffer.from('ravi@example.com').toString('base64url')}.${signature}`;
    for (const forged of [otherSecret, changedSubject, 'garbage', '', '.', `${token}.extra`]) {
      expect(verifiedTokenSubject(SECRET, 'newsletter-unsubscribe', forged)).toBeNull();
    }
  });
});
