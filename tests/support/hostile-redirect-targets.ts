/**
 * docs/requirements.md §14: redirect targets that must never take anyone out of the shop nor make
 * it fail, for the in-process tests of the sign-in pages and the journey of Better Auth's mail
 * links alike.
 */

/** Targets as they appear in the query string, percent-encoding and all. */
export const HOSTILE_TARGETS = [
  '/%09/evil.example',
  '/%0A/evil.example',
  '/%0D/evil.example',
  '/%0D%0ASet-Cookie:%20stolen=1',
  '/%09%0A/%09evil.example',
  '//evil.example',
  '%2F%2Fevil.example',
  '///evil.example',
  '/%5Cevil.example',
  '%5C%5Cevil.example',
  '/%09%5Cevil.example',
  '/%252F%252Fevil.example',
  '/%2F%2Fevil.example',
  '/.//evil.example',
  '/%252e//evil.example',
  'https:evil.example',
  'http://evil.example',
  'javascript:alert(document.domain)',
  '%20//evil.example',
  '%09//evil.example',
  `/${'a'.repeat(3000)}`,
  '/%E0%A4',
];
