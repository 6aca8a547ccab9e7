/**
 * docs/requirements.md §18 "Merge Requests": a customer who sent several requests for one project gets one
 * reference, one thread and one offer. The owner keeps one pending request and merges the same
 * customer's other pending requests into it, in one transaction that locks every one of them.
 *
 * What it decides (server/modules/quotations/README.md says the same):
 * - The same customer: the same account, and nothing else (docs/decisions/011, amended). A guest
 *   request is nobody's account, whatever e-mail or mobile it names: anyone can type those. It
 *   is never merged into an account's request, nor one into it, nor into another guest's; guest
 *   requests with the same e-mail or mobile are shown to the owner as a hint only.
 * - Only pending requests, kept or merged: not merged already, no offer but a draft. A merged
 *   request's draft is dropped (the owner's unsent work on a request that closes); the kept one's
 *   stays.
 * - The pieces: the merged requests' lines are copied after the kept one's, oldest request first;
 *   each merged request keeps its own, so its page still shows what it asked for. A piece already
 *   on the kept request gets the quantities added and the notes joined (each merged note after
 *   the reference it came from), unless that passes a line's limits (100,000 pieces, 1,000
 *   characters): then it stays a line of its own. More than 50 lines in all is refused.
 * - The request's notes: each merged request's notes follow the kept one's, after its reference.
 *   The thread: the merged requests' messages move to the kept request (one thread, in time
 *   order); their pages point there.
 * - The merged requests' private links stop working: their account reaches them signed in.
 * - The customer hears once: one mail to the kept request's address (or its account's verified
 *   one), with a private link to the kept request made at delivery. Without an address, none. The
 *   kept request is the account's own, so the mail never goes to an address a guest typed.
 */
import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { changedFields } from '../../../core/admin/activity';
import { QUOTATION_MAX_QUANTITY } from '../../../core/quotes/quotation-texts';
import { QUOTE_LIST_MAX_PIECES, QUOTE_LIST_NOTE_MAX } from '../../../core/quotes/quote-list-texts';
import { piecesSummary } from '../../../core/quotes/request-pieces-texts';
import { mergeRequestsSchema, mergeTexts, referenceList } from '../../../core/quotes/quote-merge';
import type { Database } from '../../db/client';
import { emailKeySql } from '../../db/email-key';
import {
  quotationAccessKeys,
  quotationMessages,
  quotationOffers,
  quotationRequestLines,
  quotationRequests,
} from '../../db/schema';
import type { Actor } from '../actor';
import { recordActivity } from '../activity/record';
import { DomainError } from '../errors';
import { enqueue } from '../jobs/enqueue';
import { parseInput, requireAdmin, requireRowId } from '../kernel';
import { requestForOwner, type QuotationRow } from './access';
import { addressKeysOf, customerOfRequest } from './customer';
import { requestLinesOf } from './request-lines';
import type { QuoteRequestLineView } from './views';

/** A mobile is compared by its last 10 digits (India's numbers), so +91 and a leading 0 agree. */
const MOBILE_DIGITS = 10;
/** Fewer digits than the form accepts say nothing about who typed them. */
const MOBILE_MIN_DIGITS = 6;

function mobileKey(mobile: string): string | null {
  const digits = mobile.replace(/\D/g, '');
  return digits.length >= MOBILE_MIN_DIGITS ? digits.slice(-MOBILE_DIGITS) : null;
}

/** The same key in SQL, for the hints' query. */
function mobileKeySql(column: typeof quotationRequests.customerMobile): SQL {
  return sql`right(regexp_replace(${column}, '[^0-9]', '', 'g'), ${MOBILE_DIGITS})`;
}

/**
 * What a guest request may share with the request on the page, to be shown as a hint: the
 * e-mail it names (or its account's verified one) and its mobile. Null when it names neither.
 */
async function hintCondition(db: Database, request: QuotationRow): Promise<SQL | null> {
  const emails = addressKeysOf(request, await customerOfRequest(db, request));
  const mobile = mobileKey(request.customerMobile);
  const conditions = [
    ...(emails.length > 0 ? [inArray(emailKeySql(quotationRequests.customerEmail), emails)] : []),
    ...(mobile ? [eq(mobileKeySql(quotationRequests.customerMobile), mobile)] : []),
  ];
  return conditions.length === 0 ? null : (or(...conditions) ?? null);
}

/** Pending, not merged, and no offer but a draft: a request the owner has not answered yet. */
const mergeableCondition = and(
  eq(quotationRequests.status, 'pending'),
  isNull(quotationRequests.mergedIntoId),
  sql`not exists (select 1 from ${quotationOffers}
        where ${quotationOffers.quotationRequestId} = ${quotationRequests.id}
          and ${quotationOffers.status} <> 'draft')`,
);

/** The requests among `ids` that have an offer beyond a draft. */
async function offeredRequests(db: Database, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ id: quotationOffers.quotationRequestId })
    .from(quotationOffers)
    .where(
      and(inArray(quotationOffers.quotationRequestId, ids), ne(quotationOffers.status, 'draft')),
    );
  return new Set(rows.map((row) => row.id));
}

function requireMergeable(request: QuotationRow, offered: Set<string>): void {
  if (request.mergedIntoId) {
    throw new DomainError(
      'conflict',
      `${request.reference} is merged into another request already`,
    );
  }
  if (request.status !== 'pending' || offered.has(request.id)) {
    throw new DomainError(
      'conflict',
      `${request.reference} is not pending: only requests without an offer can be merged`,
    );
  }
}

/** One of the same customer's other requests the owner may merge into the one on the page. */
export interface MergeCandidate {
  id: string;
  reference: string;
  createdAt: Date;
  customerName: string;
  lines: QuoteRequestLineView[];
}

/** The other pending requests matching `condition`, oldest first, with their pieces. */
async function pendingRequestsWhere(
  db: Database,
  request: QuotationRow,
  condition: SQL,
): Promise<MergeCandidate[]> {
  const rows = await db
    .select({
      id: quotationRequests.id,
      reference: quotationRequests.reference,
      createdAt: quotationRequests.createdAt,
      customerName: quotationRequests.customerName,
    })
    .from(quotationRequests)
    .where(and(ne(quotationRequests.id, request.id), mergeableCondition, condition))
    .orderBy(asc(quotationRequests.createdAt), asc(quotationRequests.reference))
    .limit(QUOTE_LIST_MAX_PIECES);
  const lines = await requestLinesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, lines: lines.get(row.id) ?? [] }));
}

/**
 * The "Merge Requests" section's list (docs/requirements.md §18): the same account's other pending requests,
 * oldest first; none when the request on the page cannot keep others (it is not pending, or it is
 * a guest's: a guest request is nobody's account, whatever e-mail or mobile it names).
 */
export async function mergeCandidates(
  db: Database,
  actor: Actor,
  input: { id: unknown },
): Promise<MergeCandidate[]> {
  requireAdmin(actor, 'quotations:read');
  const request = await requestForOwner(db, input.id);
  if (!request.userId || request.status !== 'pending' || request.mergedIntoId) return [];
  if ((await offeredRequests(db, [request.id])).size > 0) return [];
  return pendingRequestsWhere(db, request, eq(quotationRequests.userId, request.userId));
}

/**
 * The section's hints, "Guest request, not verified": other pending guest requests that name the
 * same e-mail (or the account's verified one) or the same mobile. Anyone can type those, so they
 * are shown, never offered to merge (docs/requirements.md §18).
 */
export async function guestRequestHints(
  db: Database,
  actor: Actor,
  input: { id: unknown },
): Promise<MergeCandidate[]> {
  requireAdmin(actor, 'quotations:read');
  const request = await requestForOwner(db, input.id);
  if (request.mergedIntoId) return [];
  const shared = await hintCondition(db, request);
  if (!shared) return [];
  return pendingRequestsWhere(db, request, and(isNull(quotationRequests.userId), shared)!);
}

interface MergedLine {
  id: string | null;
  position: number;
  productId: string | null;
  productName: string;
  quantity: number;
  notes: string | null;
  changed: boolean;
}

/** A merged note after the kept one, under the reference it came from. */
function joinedNotes(kept: string | null, added: string | null, reference: string): string | null {
  if (!added) return kept;
  const tagged = `${reference}: ${added}`;
  return kept ? `${kept}\n${tagged}` : tagged;
}

/** The kept request's lines with every merged request's lines after them (the header's rules). */
function mergedLines(
  keptLines: MergedLine[],
  merged: { reference: string; lines: Omit<MergedLine, 'changed'>[] }[],
): MergedLine[] {
  const result = keptLines.map((line) => ({ ...line }));
  let nextPosition = Math.max(-1, ...result.map((line) => line.position)) + 1;
  for (const request of merged) {
    for (const line of request.lines) {
      const same = line.productId
        ? result.find((kept) => kept.productId === line.productId)
        : undefined;
      if (same) {
        const quantity = same.quantity + line.quantity;
        const notes = joinedNotes(same.notes, line.notes, request.reference);
        if (quantity <= QUOTATION_MAX_QUANTITY && (notes?.length ?? 0) <= QUOTE_LIST_NOTE_MAX) {
          Object.assign(same, { quantity, notes, changed: true });
          continue;
        }
      }
      result.push({ ...line, id: null, position: nextPosition, changed: true });
      nextPosition += 1;
    }
  }
  return result;
}

/** The kept request's notes, then each merged request's under its reference. */
function mergedRequestNotes(kept: QuotationRow, merged: QuotationRow[]): string | null {
  const parts = [
    kept.customizationNotes,
    ...merged.map((request) =>
      request.customizationNotes ? `${request.reference}: ${request.customizationNotes}` : null,
    ),
  ].filter((part): part is string => Boolean(part));
  return parts.length === 0 ? null : parts.join('\n\n');
}

/**
 * docs/requirements.md §18 "Merge Requests": the requests `mergeIds` join the request `keepId` (the file's header
 * says how); they close, completed, pointing to it. All or nothing, in one transaction: every
 * request is locked first (in id order, so two merges never wait on each other), the activity
 * entry and the customer's one mail are written with the change.
 */
export async function mergeQuotationRequests(
  db: Database,
  actor: Actor,
  input: { keepId?: unknown; mergeIds?: unknown },
  now: Date = new Date(),
): Promise<{ reference: string; mergedReferences: string[] }> {
  requireAdmin(actor, 'quotations:write');
  const parsed = parseInput(mergeRequestsSchema, input);
  const keepId = requireRowId(parsed.keepId, 'Quotation request');
  const mergeIds = parsed.mergeIds.map((id) => requireRowId(id, 'Quotation request'));
  if (mergeIds.includes(keepId)) throw new DomainError('invalid', mergeTexts.intoItself);

  return db.transaction(async (tx) => {
    const ids = [keepId, ...mergeIds];
    const rows = await tx
      .select()
      .from(quotationRequests)
      .where(inArray(quotationRequests.id, ids))
      .orderBy(asc(quotationRequests.id))
      .for('update');
    const byId = new Map(rows.map((row) => [row.id, row]));
    const kept = byId.get(keepId);
    const merged = mergeIds.map((id) => byId.get(id));
    if (!kept || merged.some((row) => !row)) {
      throw new DomainError('not_found', 'Quotation request not found');
    }
    const others = (merged as QuotationRow[]).sort(
      (a, b) =>
        a.createdAt.getTime() - b.createdAt.getTime() || a.reference.localeCompare(b.reference),
    );
    const offered = await offeredRequests(tx, ids);
    for (const request of [kept, ...others]) requireMergeable(request, offered);
    // Requests are one customer's only when they belong to the same account: a guest request is
    // never merged into an account's request nor it into one, and the kept one is an account's.
    if (!kept.userId) {
      throw new DomainError('conflict', mergeTexts.guestKept(kept.reference));
    }
    for (const request of others) {
      if (!request.userId) {
        throw new DomainError('conflict', mergeTexts.guestMerged(request.reference));
      }
      if (request.userId !== kept.userId) {
        throw new DomainError(
          'conflict',
          mergeTexts.otherAccount(request.reference, kept.reference),
        );
      }
    }

    const stored = await tx
      .select()
      .from(quotationRequestLines)
      .where(inArray(quotationRequestLines.quotationRequestId, ids))
      .orderBy(asc(quotationRequestLines.position));
    const linesOf = (request: QuotationRow) =>
      stored
        .filter((line) => line.quotationRequestId === request.id)
        .map(({ quotationRequestId: _request, ...line }) => ({ ...line, changed: false }));
    const keptLines = linesOf(kept);
    const lines = mergedLines(
      keptLines,
      others.map((request) => ({ reference: request.reference, lines: linesOf(request) })),
    );
    if (lines.length > QUOTE_LIST_MAX_PIECES) {
      throw new DomainError(
        'conflict',
        `A request holds at most ${QUOTE_LIST_MAX_PIECES} pieces: merged, these would hold ${lines.length}`,
      );
    }
    for (const line of lines) {
      if (!line.changed) continue;
      if (line.id) {
        await tx
          .update(quotationRequestLines)
          .set({ quantity: line.quantity, notes: line.notes })
          .where(eq(quotationRequestLines.id, line.id));
      } else {
        await tx.insert(quotationRequestLines).values({
          quotationRequestId: kept.id,
          position: line.position,
          productId: line.productId,
          productName: line.productName,
          quantity: line.quantity,
          notes: line.notes,
        });
      }
    }

    const otherIds = others.map((request) => request.id);
    // One thread: the merged requests' messages continue on the kept one, in time order.
    await tx
      .update(quotationMessages)
      .set({ quotationRequestId: kept.id })
      .where(inArray(quotationMessages.quotationRequestId, otherIds));
    const droppedDrafts = await tx
      .delete(quotationOffers)
      .where(
        and(
          inArray(quotationOffers.quotationRequestId, otherIds),
          eq(quotationOffers.status, 'draft'),
        ),
      )
      .returning({ id: quotationOffers.id });
    await tx
      .update(quotationRequests)
      .set({ status: 'completed', mergedIntoId: kept.id, awaitingReplySince: null })
      .where(inArray(quotationRequests.id, otherIds));
    // A merged request's private links stop opening it: its account reaches it signed in.
    await tx
      .delete(quotationAccessKeys)
      .where(inArray(quotationAccessKeys.quotationRequestId, otherIds));

    // spec §3's columns repeat the first line (docs/decisions/021): its quantity may have grown.
    const first = lines[0]!;
    const notes = mergedRequestNotes(kept, others);
    const waits = [kept, ...others]
      .map((request) => request.awaitingReplySince)
      .filter((since): since is Date => since !== null);
    await tx
      .update(quotationRequests)
      .set({
        productId: first.productId,
        productName: first.productName,
        quantity: first.quantity,
        customizationNotes: notes,
        // The customer has waited since the earliest of their unanswered requests.
        awaitingReplySince:
          waits.length === 0 ? null : new Date(Math.min(...waits.map((since) => since.getTime()))),
      })
      .where(eq(quotationRequests.id, kept.id));

    const mergedReferences = others.map((request) => request.reference);
    await recordActivity(
      tx,
      actor,
      {
        kind: 'quotation.status',
        subject: kept.reference,
        summary: `Merged ${referenceList(mergedReferences)} into ${kept.reference}`,
        changes: changedFields(
          { pieces: piecesSummary(keptLines), requestNotes: kept.customizationNotes },
          {
            pieces: piecesSummary(lines),
            requestNotes: notes,
            mergedRequests: `${referenceList(mergedReferences)} (completed)`,
            ...(droppedDrafts.length > 0 ? { draftOffersDropped: droppedDrafts.length } : {}),
          },
        ),
      },
      now,
    );

    const to = (await customerOfRequest(tx, kept)).mailAddress;
    if (to) {
      await enqueue(tx, 'mail', {
        kind: 'quotation-merged',
        to,
        quotationId: kept.id,
        reference: kept.reference,
        mergedReferences,
        customerName: kept.customerName,
        pieces: lines.map(({ productId, productName, quantity }) => ({
          productId,
          productName,
          quantity,
        })),
      });
    }
    return { reference: kept.reference, mergedReferences };
  });
}
