/**
 * The owner's API keys (docs/requirements.md §11): made in the admin and shown once, named, revoked; each use is
 * recorded. A key acts as the owner who made it, limited to its scopes (kernel `requireAdmin`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { changedFields } from '../../../core/admin/activity';
import { apiKeyFormSchema, type ApiScope } from '../../../core/api/api-access';
import type { UserRoleValue } from '../../../core/orders/statuses';
import type { Database } from '../../db/client';
import { apiKeys } from '../../db/schema';
import type { Actor } from '../actor';
import { recordActivity } from '../activity/record';
import { DomainError } from '../errors';
import { parseInput, requireAdmin, requireRowId } from '../kernel';

/** Every key starts so, which tells it from a customer's bearer token and lets scanners find it. */
export const API_KEY_PREFIX = 'sk_shop_';
/** The last use is written at most once a minute, not on every request. */
const LAST_USE_PRECISION_MS = 60_000;

export interface ApiKeySummary {
  id: string;
  name: string;
  /** The first characters, to tell keys apart; never the key. */
  keyStart: string;
  scopes: ApiScope[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

function hashOf(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function summaryOf(row: typeof apiKeys.$inferSelect): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    keyStart: row.keyStart,
    scopes: row.scopes as ApiScope[],
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Makes a key; the answer is the only time the key itself is seen (256 random bits). */
export async function createApiKey(
  db: Database,
  actor: Actor,
  input: unknown,
): Promise<ApiKeySummary & { key: string }> {
  const userId = requireAdmin(actor);
  const { name, scopes } = parseInput(apiKeyFormSchema, input);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        name,
        scopes: [...new Set(scopes)],
        keyHash: hashOf(key),
        keyStart: key.slice(0, API_KEY_PREFIX.length + 6),
        createdBy: userId,
      })
      .returning();
    // docs/requirements.md §12: the key's name and scopes, never the key
    await recordActivity(tx, actor, {
      kind: 'api-key',
      subject: row!.name,
      summary: `API key "${row!.name}" created`,
      changes: changedFields(null, { scopes: row!.scopes.join(', ') }),
    });
    return { ...summaryOf(row!), key };
  });
}

export async function listApiKeys(db: Database, actor: Actor): Promise<ApiKeySummary[]> {
  requireAdmin(actor);
  const rows = await db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt));
  return rows.map(summaryOf);
}

/** A revoked key stops working at once; it stays listed, marked revoked. */
export async function revokeApiKey(
  db: Database,
  actor: Actor,
  input: { keyId: unknown },
  now: Date = new Date(),
): Promise<ApiKeySummary> {
  requireAdmin(actor);
  const keyId = requireRowId(input.keyId, 'API key');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
      .returning();
    if (row) {
      await recordActivity(
        tx,
        actor,
        {
          kind: 'api-key',
          subject: row.name,
          summary: `API key "${row.name}" revoked`,
          changes: changedFields({ revoked: false }, { revoked: true }),
        },
        now,
      );
      return summaryOf(row);
    }
    // Revoked already: no change, so nothing to record.
    const [existing] = await tx.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    if (!existing) throw new DomainError('not_found', 'API key not found');
    return summaryOf(existing);
  });
}

/**
 * The actor of a presented key, or null for an unknown or revoked one. The key acts as the owner
 * who made it, as long as they still hold the admin role (`rolesOf`: the roles module's, handed in
 * by the caller: modules do not import each other).
 */
export async function actorOfApiKey(
  db: Database,
  rolesOf: (db: Database, userId: string) => Promise<readonly UserRoleValue[]>,
  presented: string,
  now: Date,
): Promise<Actor> {
  if (!presented.startsWith(API_KEY_PREFIX) || presented.length > 200) return null;
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashOf(presented)), isNull(apiKeys.revokedAt)));
  if (!row?.createdBy) return null;
  const roles = await rolesOf(db, row.createdBy);
  if (!roles.includes('admin')) return null;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, row.id),
        or(
          isNull(apiKeys.lastUsedAt),
          lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USE_PRECISION_MS)),
        ),
      ),
    );
  return { userId: row.createdBy, roles, apiKey: { id: row.id, scopes: row.scopes as ApiScope[] } };
}
