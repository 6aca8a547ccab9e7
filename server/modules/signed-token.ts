/**
 * The kernel's signed link token (docs/design.md §3): a subject (an address, an account id) and
 * an HMAC-SHA256 with AUTH_SECRET over the token's purpose and the subject, so a link names whom
 * it is for and proves the shop issued it, and a token issued for one purpose is no token for
 * another. The format is the one the newsletter's and the price-drop alerts' links were mailed
 * with, so links already in mailboxes keep working.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a token is for; none holds a colon, so no purpose and subject read as another's. */
export type SignedTokenPurpose = 'newsletter-unsubscribe' | 'price-drop-alerts-unsubscribe';

function signatureOf(secret: string, purpose: SignedTokenPurpose, subject: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}:${subject}`).digest();
}

/** A token for `subject` and `purpose`: `base64url(subject).base64url(signature)`. */
export function signToken(secret: string, purpose: SignedTokenPurpose, subject: string): string {
  const signature = signatureOf(secret, purpose, subject);
  return `${Buffer.from(subject).toString('base64url')}.${signature.toString('base64url')}`;
}

/** The subject of a token the shop issued for `purpose`; null for any other string. */
export function verifiedTokenSubject(
  secret: string,
  purpose: SignedTokenPurpose,
  token: string,
): string | null {
  const [encodedSubject, encodedSignature, ...rest] = token.split('.');
  if (!encodedSubject || !encodedSignature || rest.length > 0) return null;
  const subject = Buffer.from(encodedSubject, 'base64url').toString('utf8');
  const expected = signatureOf(secret, purpose, subject);
  const given = Buffer.from(encodedSignature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? subject : null;
}
