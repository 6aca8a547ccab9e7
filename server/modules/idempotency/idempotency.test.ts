/**
 * Whose an `Idempotency-Key` is (docs/decisions/015-headless-api.md, Idempotency): an API key's or
 * an account's; a guest's by their quote list's token, never by their address; a guest without
 * a list has no scope, so their key is not honoured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { claimIdempotencyKey, idempotencyScopeOf, keepIdempotentAnswer } from '.';

const now = new Date('2026-11-24T10:00:00Z');

describe(`the scope of an Idempotency-Key on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('keeps two guests behind one address apart by their lists, and a guest’s retry in one scope', async () => {
    const address = 'address:203.0.113.9';
    const scopeOf = (guestToken: string | null) =>
      idempotencyScopeOf({ signedIn: false, principal: address, guestToken });
    const first = scopeOf('list-token-of-the-first-guest');
    const second = scopeOf('list-token-of-the-second-guest');
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(first).not.toBe(second);
    // The token is a secret of the guest's browser: the scope keeps only its hash.
    expect(first).not.toContain('list-token-of-the-first-guest');
    expect(first).not.toContain('203.0.113.9');
    // The same list from another address (a phone moving between networks) is the same scope.
    expect(
      idempotencyScopeOf({
        signedIn: false,
        principal: 'address:198.51.100.7',
        guestToken: 'list-token-of-the-first-guest',
      }),
    ).toBe(first);

    const claim = (principal: string) =>
      claimIdempotencyKey(database.db, {
        principal,
        key: 'same-key',
        operation: 'POST /quote-list/submit',
        requestHash: 'same-body',
        now,
      });
    expect(await claim(first!)).toEqual({ claimed: true });
    await keepIdempotentAnswer(
      database.db,
      { principal: first!, key: 'same-key' },
      { status: 201, responseBody: { body: 'the first guest’s link' } },
    );
    // The second guest's same key and body are their own request, not the first one's answer.
    expect(await claim(second!)).toEqual({ claimed: true });
    // The first guest's retry finds their own answer.
    expect(await claim(first!)).toMatchObject({
      claimed: false,
      first: { status: 201, responseBody: { body: 'the first guest’s link' } },
    });
  });

  it('scopes an account or an API key by itself, and gives a guest without a list none', () => {
    expect(
      idempotencyScopeOf({ signedIn: true, principal: 'user:u1', guestToken: 'list-token' }),
    ).toBe('user:u1');
    expect(idempotencyScopeOf({ signedIn: true, principal: 'key:k1', guestToken: null })).toBe(
      'key:k1',
    );
    expect(
      idempotencyScopeOf({ signedIn: false, principal: 'address:203.0.113.9', guestToken: null }),
    ).toBeNull();
  });
});
