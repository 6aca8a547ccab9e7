import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE } from '../../core/admin/admin';
import { rowKey } from '../../core/forms/form-text';
import type { Actor } from './actor';
import { DomainError } from './errors';
import { pageOffset, parseInput, requireAdmin, requireRowId, requireUser } from './kernel';

const customer: Actor = { userId: 'customer-1', roles: [] };
const admin: Actor = { userId: 'admin-1', roles: ['admin'] };

describe('the shared kernel', () => {
  it('asks a visitor to sign in (401) and refuses a non-admin (403); an admin passes', () => {
    expect(() => requireAdmin(null)).toThrow(
      expect.objectContaining({ name: 'DomainError', code: 'unauthenticated' }),
    );
    expect(() => requireAdmin(customer)).toThrow(
      expect.objectContaining({
        code: 'forbidden',
        message: 'You do not have administrator privileges.',
      }),
    );
    expect(requireAdmin(admin)).toBe('admin-1');
    expect(requireUser(customer)).toBe('customer-1');
    expect(() => requireUser(null)).toThrow(DomainError);
  });

  it('lets an API key reach only owner functions naming a scope it holds, and no customer rows', () => {
    const key: Actor = {
      userId: 'admin-1',
      roles: ['admin'],
      apiKey: { id: 'key-1', scopes: ['orders:read'] },
    };
    expect(requireAdmin(key, 'orders:read')).toBe('admin-1');
    expect(() => requireAdmin(key, 'orders:write')).toThrow(
      expect.objectContaining({
        code: 'forbidden',
        message: 'This API key lacks the orders:write scope.',
      }),
    );
    // A function that names no scope is for the owner's own session: a key fails closed there.
    expect(() => requireAdmin(key)).toThrow(expect.objectContaining({ code: 'forbidden' }));
    expect(() => requireUser(key)).toThrow(
      expect.objectContaining({
        code: 'forbidden',
        message: 'API keys act for the shop, not for a customer account.',
      }),
    );
    // The owner's session is limited by its roles alone.
    expect(requireAdmin(admin, 'orders:write')).toBe('admin-1');
  });

  it('answers a missing or malformed row id as "<what> not found", never reaching a query', () => {
    const id = '0b5e2f0e-6a4c-4c1e-9a59-3f8f4f7f0c11';
    expect(requireRowId(id, 'Order')).toBe(id);
    for (const bad of [undefined, null, 42, '', 'not-a-uuid', `${id}x`, { id }]) {
      expect(() => requireRowId(bad, 'Order'), String(bad)).toThrow(
        expect.objectContaining({ code: 'not_found', message: 'Order not found' }),
      );
    }
    // Products are keyed by slug: any short text without NUL.
    expect(requireRowId('marble-lotus-diya', 'Product', rowKey)).toBe('marble-lotus-diya');
    for (const bad of ['', 'a\u0000b', 'x'.repeat(201), 7]) {
      expect(() => requireRowId(bad, 'Product', rowKey)).toThrow(
        expect.objectContaining({ code: 'not_found', message: 'Product not found' }),
      );
    }
  });

  it("turns a schema's first problem into an invalid error with its message", () => {
    const schema = z.object({
      name: z.string().min(1, 'Name is required'),
      age: z.number({ error: 'Age must be a number' }),
    });
    expect(parseInput(schema, { name: 'Asha', age: 3 })).toEqual({ name: 'Asha', age: 3 });
    expect(() => parseInput(schema, { name: '', age: 'x' })).toThrow(
      expect.objectContaining({ code: 'invalid', message: 'Name is required' }),
    );
  });

  it('turns an admin page into its row offset, the first page for nonsense', () => {
    expect(pageOffset(1)).toBe(0);
    expect(pageOffset(3)).toBe(2 * ADMIN_PAGE_SIZE);
    for (const page of [0, -4, Number.NaN]) expect(pageOffset(page)).toBe(0);
    expect(pageOffset(2.9)).toBe(ADMIN_PAGE_SIZE);
  });
});
