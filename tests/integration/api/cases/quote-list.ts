/**
 * docs/requirements.md §18: the quote list's operations, each on customer A's own list, made fresh per call: one
 * piece with a private note. Customer B and a visitor each reach only their own list; an owner's
 * key is refused. What a denied call must leave as it was: A's list and A's requests.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { quotationRequests } from '../../../../server/db/schema';
import {
  addToQuoteList,
  changeQuoteList,
  readQuoteList,
  removeFromQuoteList,
} from '../../../../server/modules/quote-lists';
import { insertProduct } from '../../../factories';
import { actorOf } from './customer';
import { apiCase, jsonBody, type ApiCase, type World } from './types';

const buyer = { kind: 'buyer' } as const;

interface ListedPiece {
  productId: string;
  notes: string;
}

async function emptyListOf(world: World, customer: World['customerA'], now: Date) {
  const { db } = world.api.database;
  const holder = { actor: actorOf(customer), token: null };
  for (const piece of (await readQuoteList(db, holder)).pieces) {
    await removeFromQuoteList(db, holder, { productId: piece.productId }, now);
  }
}

/** A's list holds one fresh piece, 7 of it, with a note only A may read; B's list is empty. */
async function listOfA(world: World): Promise<ListedPiece> {
  const { db } = world.api.database;
  const holder = { actor: actorOf(world.customerA), token: null };
  const now = new Date();
  // Each call starts afresh: A's list never meets its 50-piece limit, and B has nothing to send.
  await emptyListOf(world, world.customerA, now);
  await emptyListOf(world, world.customerB, now);
  const product = await insertProduct(db, { name: `Listed Urli ${randomUUID().slice(0, 8)}` });
  const notes = `Private finish ${randomUUID().slice(0, 8)}`;
  await addToQuoteList(db, holder, { productId: product.id }, now);
  await changeQuoteList(
    db,
    holder,
    { lines: [{ productId: product.id, quantity: 7, notes }] },
    now,
  );
  return { productId: product.id, notes };
}

/** A's list and how many requests A has made. */
async function stateOfA(world: World) {
  const { db } = world.api.database;
  const [made] = await db
    .select({ n: count() })
    .from(quotationRequests)
    .where(eq(quotationRequests.userId, world.customerA.userId!));
  const list = await readQuoteList(db, { actor: actorOf(world.customerA), token: null });
  return { pieces: list.pieces, requests: made?.n };
}

export const quoteListCases: ApiCase[] = [
  apiCase<ListedPiece>({
    operation: 'GET /quote-list',
    access: buyer,
    setup: listOfA,
    call: ({ api }, caller) => api.request('/api/v1/quote-list', { caller }),
    success: 200,
    otherCustomer: 'own-view',
    privateMarker: (piece) => piece.notes,
  }),
  apiCase<ListedPiece>({
    operation: 'POST /quote-list/items',
    access: buyer,
    setup: listOfA,
    call: ({ api }, caller, piece) =>
      api.request('/api/v1/quote-list/items', {
        method: 'POST',
        caller,
        ...jsonBody({ productId: piece.productId }),
      }),
    success: 200,
    // Another buyer adds the piece to their own list.
    otherCustomer: 'own-view',
    privateMarker: (piece) => piece.notes,
    state: stateOfA,
  }),
  apiCase<ListedPiece>({
    operation: 'PATCH /quote-list/items/{productId}',
    access: buyer,
    setup: listOfA,
    call: ({ api }, caller, piece) =>
      api.request(`/api/v1/quote-list/items/${piece.productId}`, {
        method: 'PATCH',
        caller,
        ...jsonBody({ quantity: 20, notes: 'Changed by whoever called' }),
      }),
    success: 200,
    otherCustomer: 'not-found',
    privateMarker: (piece) => piece.notes,
    state: stateOfA,
  }),
  apiCase<ListedPiece>({
    operation: 'DELETE /quote-list/items/{productId}',
    access: buyer,
    setup: listOfA,
    call: ({ api }, caller, piece) =>
      api.request(`/api/v1/quote-list/items/${piece.productId}`, { method: 'DELETE', caller }),
    success: 204,
    // Another buyer's list has no such piece: removing it changes nothing (the matrix's own
    // tests of the list check A's list stays whole).
    otherCustomer: 'own-view',
    state: stateOfA,
  }),
  apiCase<ListedPiece>({
    operation: 'POST /quote-list/submit',
    access: buyer,
    setup: listOfA,
    call: ({ api }, caller) =>
      api.request('/api/v1/quote-list/submit', {
        method: 'POST',
        caller,
        ...jsonBody({
          customerName: 'Customer A',
          customerMobile: '+91 94140 55555',
          customerEmail: '',
        }),
      }),
    success: 201,
    // Another buyer's list is empty: there is nothing of theirs to send, and A's stays.
    otherCustomer: 'own-empty-list',
    privateMarker: (piece) => piece.notes,
    state: stateOfA,
  }),
];
