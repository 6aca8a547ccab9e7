/**
 * The quote list (docs/requirements.md §18): the pieces a buyer gathers before asking for one quotation. A guest's
 * list is found by the SHA-256 of the random token in their cookie, an account's by its user id;
 * whoever asks reaches their own list only, and a token that names no list reads as an empty one.
 * This module is the one writer of quote_lists and quote_list_items.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  QUOTE_LIST_MAX_PIECES,
  QUOTE_LIST_UNUSED_DAYS,
  quoteListAddSchema,
  quoteListLineSchema,
  quoteListProblems,
  type QuoteListLine,
} from '../../../core/quotes/quote-list';
import { QUOTATION_MAX_QUANTITY } from '../../../core/quotes/quotation-texts';
import type { Database } from '../../db/client';
import { primaryImages } from '../../db/product-images';
import { products, quoteListItems, quoteLists } from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import { parseInput } from '../kernel';

/**
 * Who asks for a list: a signed-in account (the actor), or a guest with the token of their
 * cookie (null before their first piece). An owner's API key is the shop, not a buyer.
 */
export interface QuoteListHolder {
  actor: Actor;
  token: string | null;
}

export interface QuoteListPiece {
  productId: string;
  name: string;
  image: string | null;
  imageAlt: string | null;
  quantity: number;
  notes: string | null;
}

export interface QuoteListView {
  pieces: QuoteListPiece[];
}

/** A guest's list token: 256 random bits, base64url; only its hash is stored. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function accountOf(actor: Actor): string | null {
  if (!actor) return null;
  if (actor.apiKey) {
    throw new DomainError('forbidden', 'API keys act for the shop, not for a customer account.');
  }
  return actor.userId;
}

/** Where the holder's list is found: by account, else by the token's hash; null when neither. */
function whereListOf(holder: QuoteListHolder) {
  const userId = accountOf(holder.actor);
  if (userId) return eq(quoteLists.userId, userId);
  if (holder.token && TOKEN_PATTERN.test(holder.token)) {
    return eq(quoteLists.tokenHash, hashOf(holder.token));
  }
  return null;
}

async function listIdOf(
  db: Database,
  holder: QuoteListHolder,
  lock = false,
): Promise<string | null> {
  const where = whereListOf(holder);
  if (!where) return null;
  const query = db.select({ id: quoteLists.id }).from(quoteLists).where(where);
  const [row] = lock ? await query.for('update') : await query;
  return row?.id ?? null;
}

/** The count in the header's "Quote List" link: pieces, not their quantities. */
export async function countQuoteListPieces(db: Database, holder: QuoteListHolder): Promise<number> {
  const where = whereListOf(holder);
  if (!where) return 0;
  const [row] = await db
    .select({ value: count() })
    .from(quoteListItems)
    .innerJoin(quoteLists, eq(quoteLists.id, quoteListItems.listId))
    .innerJoin(
      products,
      and(eq(products.id, quoteListItems.productId), eq(products.published, true)),
    )
    .where(where);
  return row?.value ?? 0;
}

/**
 * The quantity of each listed piece by its id, for every page's "Add to Quote List", which reads
 * "In Quote List (2)" on a listed piece (docs/requirements.md §18). Unpublished pieces are left out,
 * as in the count.
 */
export async function quoteListQuantities(
  db: Database,
  holder: QuoteListHolder,
): Promise<Record<string, number>> {
  const listId = await listIdOf(db, holder);
  if (!listId) return {};
  const rows = await piecesOf(db, listId);
  return Object.fromEntries(rows.map((row) => [row.productId, row.quantity]));
}

/** `/quote-list`: the holder's pieces in the order they were added; unpublished ones are hidden. */
export async function readQuoteList(db: Database, holder: QuoteListHolder): Promise<QuoteListView> {
  const listId = await listIdOf(db, holder);
  if (!listId) return { pieces: [] };
  const rows = await piecesOf(db, listId);
  const images = await primaryImages(
    db,
    rows.map((row) => row.productId),
  );
  return {
    pieces: rows.map((row) => ({
      ...row,
      image: images.get(row.productId)?.url ?? null,
      imageAlt: images.get(row.productId)?.alt ?? null,
    })),
  };
}

function piecesOf(db: Database, listId: string) {
  return db
    .select({
      productId: quoteListItems.productId,
      name: products.name,
      quantity: quoteListItems.quantity,
      notes: quoteListItems.notes,
    })
    .from(quoteListItems)
    .innerJoin(
      products,
      and(eq(products.id, quoteListItems.productId), eq(products.published, true)),
    )
    .where(eq(quoteListItems.listId, listId))
    .orderBy(asc(quoteListItems.addedAt), asc(quoteListItems.productId));
}

/** The holder's list, made when they have none: a guest's with a new token, handed back. */
async function ensureList(
  tx: Database,
  holder: QuoteListHolder,
  now: Date,
): Promise<{ id: string; token: string | null }> {
  const existing = await listIdOf(tx, holder, true);
  if (existing) {
    await tx.update(quoteLists).set({ usedAt: now }).where(eq(quoteLists.id, existing));
    return { id: existing, token: null };
  }
  const userId = accountOf(holder.actor);
  const token = userId ? null : randomBytes(32).toString('base64url');
  const [made] = await tx
    .insert(quoteLists)
    .values({ userId, tokenHash: token ? hashOf(token) : null, usedAt: now })
    // Two first adds of one account at once: one list, the other reads it.
    .onConflictDoUpdate({ target: quoteLists.userId, set: { usedAt: now } })
    .returning({ id: quoteLists.id });
  if (!made) throw new Error('quote list not stored');
  return { id: made.id, token };
}

async function publishedPieces(tx: Database, productIds: string[]): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const found = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, productIds), eq(products.published, true)));
  return new Set(found.map((row) => row.id));
}

async function piecesCount(tx: Database, listId: string): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(quoteListItems)
    .where(eq(quoteListItems.listId, listId));
  return row?.value ?? 0;
}

/**
 * Adds pieces (quantity 1 each, or one more of a listed one), refusing the whole add past 50
 * pieces. Returns the guest's new token when this made their list, and the count now.
 */
async function addPieces(
  db: Database,
  holder: QuoteListHolder,
  productIds: string[],
  now: Date,
): Promise<{ token: string | null; count: number }> {
  return db.transaction(async (tx) => {
    const published = await publishedPieces(tx, productIds);
    if (productIds.some((id) => !published.has(id))) {
      throw new DomainError('not_found', 'Product not found');
    }
    const list = await ensureList(tx, holder, now);
    const listed = new Set(
      (
        await tx
          .select({ productId: quoteListItems.productId })
          .from(quoteListItems)
          .where(eq(quoteListItems.listId, list.id))
      ).map((row) => row.productId),
    );
    const added = productIds.filter((id) => !listed.has(id)).length;
    if (listed.size + added > QUOTE_LIST_MAX_PIECES) {
      throw new DomainError('invalid', quoteListProblems.full);
    }
    for (const productId of productIds) {
      await tx
        .insert(quoteListItems)
        .values({ listId: list.id, productId, quantity: 1, addedAt: now })
        .onConflictDoUpdate({
          target: [quoteListItems.listId, quoteListItems.productId],
          set: {
            quantity: sql`least(${quoteListItems.quantity} + 1, ${QUOTATION_MAX_QUANTITY})`,
          },
        });
    }
    return { token: list.token, count: await piecesCount(tx, list.id) };
  });
}

/** docs/requirements.md §18 "Add to Quote List": the piece with quantity 1, or one more if already listed. */
export async function addToQuoteList(
  db: Database,
  holder: QuoteListHolder,
  input: unknown,
  now: Date,
): Promise<{ token: string | null; count: number }> {
  accountOf(holder.actor);
  const { productId } = parseInput(quoteListAddSchema, input);
  return addPieces(db, holder, [productId], now);
}

/**
 * docs/requirements.md §18 "Request a Quote for All": the wishlist's pieces, as server/flows/quote-wishlist.ts
 * reads them from the account module. Pieces already listed keep their quantity.
 */
export async function addPiecesToQuoteList(
  db: Database,
  holder: QuoteListHolder,
  productIds: readonly string[],
  now: Date,
): Promise<{ token: string | null; count: number }> {
  accountOf(holder.actor);
  return db.transaction(async (tx) => {
    const listId = await listIdOf(tx, holder, true);
    const listed = listId
      ? new Set(
          (
            await tx
              .select({ productId: quoteListItems.productId })
              .from(quoteListItems)
              .where(eq(quoteListItems.listId, listId))
          ).map((row) => row.productId),
        )
      : new Set<string>();
    const fresh = productIds.filter((id) => !listed.has(id));
    if (fresh.length === 0 && listId) return { token: null, count: listed.size };
    return addPieces(tx, holder, fresh, now);
  });
}

/**
 * The list's rows as the buyer changed them (quantity 1–100,000, notes up to 1,000 characters),
 * all checked before any is saved. A piece not on the list is refused.
 */
export async function changeQuoteList(
  db: Database,
  holder: QuoteListHolder,
  input: { lines: unknown },
  now: Date,
): Promise<{ count: number }> {
  accountOf(holder.actor);
  const lines = parseLines(input.lines);
  return db.transaction(async (tx) => {
    const listId = await listIdOf(tx, holder, true);
    if (!listId) throw new DomainError('not_found', 'Product not found');
    await saveLines(tx, listId, lines);
    await tx.update(quoteLists).set({ usedAt: now }).where(eq(quoteLists.id, listId));
    return { count: await piecesCount(tx, listId) };
  });
}

function parseLines(input: unknown): QuoteListLine[] {
  if (!Array.isArray(input)) return [];
  if (input.length > QUOTE_LIST_MAX_PIECES)
    throw new DomainError('invalid', quoteListProblems.full);
  return input.map((line) => parseInput(quoteListLineSchema, line));
}

async function saveLines(tx: Database, listId: string, lines: QuoteListLine[]) {
  for (const line of lines) {
    const changed = await tx
      .update(quoteListItems)
      .set({ quantity: line.quantity, notes: line.notes })
      .where(and(eq(quoteListItems.listId, listId), eq(quoteListItems.productId, line.productId)))
      .returning({ productId: quoteListItems.productId });
    if (changed.length === 0) throw new DomainError('not_found', 'Product not found');
  }
}

/** "Remove": the piece leaves the list; removing one that is not there changes nothing. */
export async function removeFromQuoteList(
  db: Database,
  holder: QuoteListHolder,
  input: unknown,
  now: Date,
): Promise<{ count: number }> {
  accountOf(holder.actor);
  const { productId } = parseInput(quoteListAddSchema, input);
  return db.transaction(async (tx) => {
    const listId = await listIdOf(tx, holder, true);
    if (!listId) return { count: 0 };
    await tx
      .delete(quoteListItems)
      .where(and(eq(quoteListItems.listId, listId), eq(quoteListItems.productId, productId)));
    await tx.update(quoteLists).set({ usedAt: now }).where(eq(quoteLists.id, listId));
    return { count: await piecesCount(tx, listId) };
  });
}

/**
 * docs/requirements.md §18 "Request Quotation", the list's side, in the transaction of
 * server/flows/submit-quote-list.ts: the list is locked (a second submit of it waits, then finds it
 * empty), the posted rows are saved, and its pieces are handed over and leave the list.
 */
export async function takeQuoteListForRequest(
  tx: Database,
  holder: QuoteListHolder,
  input: { lines?: unknown },
): Promise<QuoteListLine[]> {
  accountOf(holder.actor);
  const lines = parseLines(input.lines);
  const listId = await listIdOf(tx, holder, true);
  if (!listId) throw new DomainError('invalid', quoteListProblems.nothingToSend);
  await saveLines(tx, listId, lines);
  const pieces = await piecesOf(tx, listId);
  if (pieces.length === 0) throw new DomainError('invalid', quoteListProblems.nothingToSend);
  await tx.delete(quoteListItems).where(eq(quoteListItems.listId, listId));
  return pieces.map((piece) => ({
    productId: piece.productId,
    quantity: piece.quantity,
    notes: piece.notes,
  }));
}

/**
 * docs/requirements.md §18: at sign-in a guest's list joins the account's: pieces on both keep the larger
 * quantity and the account's notes, unless the account's has none; 50 pieces at most, the
 * account's first. The guest's list is then deleted, so its token names nothing.
 */
export async function mergeGuestQuoteList(
  db: Database,
  actor: Actor,
  token: string | null,
  now: Date,
): Promise<void> {
  const userId = accountOf(actor);
  if (!userId || !token || !TOKEN_PATTERN.test(token)) return;
  await db.transaction(async (tx) => {
    const [guest] = await tx
      .select({ id: quoteLists.id })
      .from(quoteLists)
      .where(eq(quoteLists.tokenHash, hashOf(token)))
      .for('update');
    if (!guest) return;
    const guestPieces = await tx
      .select()
      .from(quoteListItems)
      .where(eq(quoteListItems.listId, guest.id))
      .orderBy(asc(quoteListItems.addedAt));
    if (guestPieces.length > 0) {
      const list = await ensureList(tx, { actor, token: null }, now);
      const listed = await tx
        .select({ productId: quoteListItems.productId })
        .from(quoteListItems)
        .where(eq(quoteListItems.listId, list.id));
      const onAccount = new Set(listed.map((row) => row.productId));
      let room = QUOTE_LIST_MAX_PIECES - onAccount.size;
      for (const piece of guestPieces) {
        const known = onAccount.has(piece.productId);
        if (!known && room <= 0) continue;
        if (!known) room -= 1;
        await tx
          .insert(quoteListItems)
          .values({ ...piece, listId: list.id })
          .onConflictDoUpdate({
            target: [quoteListItems.listId, quoteListItems.productId],
            set: {
              quantity: sql`greatest(${quoteListItems.quantity}, excluded.quantity)`,
              notes: sql`coalesce(${quoteListItems.notes}, excluded.notes)`,
            },
          });
      }
    }
    await tx.delete(quoteLists).where(eq(quoteLists.id, guest.id));
  });
}

/** The job's sweep: lists unused for 30 days are deleted with their pieces. */
export async function deleteUnusedQuoteLists(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - QUOTE_LIST_UNUSED_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(quoteLists)
    .where(lt(quoteLists.usedAt, cutoff))
    .returning({ id: quoteLists.id });
  return deleted.length;
}
