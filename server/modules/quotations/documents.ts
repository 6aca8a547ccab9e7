/**
 * An offer's document (docs/requirements.md §10): the offer as stored, for its PDF and its mail, read by whoever may
 * read the quotation, with the shop's own details as they are set now.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { SiteSettings } from '../../../content/site';
import type { Database } from '../../db/client';
import { quotationOfferLines, quotationOffers, quotationRequests } from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import { requireAdmin } from '../kernel';
import type { OfferDocument } from './offer-pdf';
import { offerPricingOf } from './offer-rows';
import {
  QUOTATION_NOT_FOUND,
  requestOfCustomer,
  type QuotationAccess,
  type QuotationRow,
} from './access';

/** The offer's document for its PDF, for whoever may read the quotation (docs/requirements.md §10). */
export async function getOfferDocument(
  db: Database,
  actor: Actor,
  input: QuotationAccess & { version?: unknown },
) {
  const request = actor?.roles.includes('admin')
    ? await requestOfOwner(db, actor, input.reference)
    : await requestOfCustomer(db, actor, input);
  const version = Number(input.version);
  if (!Number.isInteger(version) || version < 1) {
    throw new DomainError('not_found', 'Offer not found');
  }
  const document = await offerDocumentOf(db, request, version);
  // A draft is the owner's alone.
  if (!document || (document.status === 'draft' && !actor?.roles.includes('admin'))) {
    throw new DomainError('not_found', 'Offer not found');
  }
  return document;
}

export async function requestOfOwner(db: Database, actor: Actor, reference: unknown) {
  requireAdmin(actor);
  const [request] = await db
    .select()
    .from(quotationRequests)
    .where(eq(quotationRequests.reference, String(reference ?? '').toUpperCase()));
  if (!request) throw new DomainError('not_found', QUOTATION_NOT_FOUND);
  return request;
}

/** What the offer's PDF shows, but the shop's own details (the caller's settings add them). */
export async function offerDocumentOf(db: Database, request: QuotationRow, version: number) {
  const [offer] = await db
    .select()
    .from(quotationOffers)
    .where(
      and(eq(quotationOffers.quotationRequestId, request.id), eq(quotationOffers.version, version)),
    );
  return offer ? offerDocumentOfRow(db, request, offer) : null;
}

/** The document of an offer already read: its lines are read here. */
export async function offerDocumentOfRow(
  db: Database,
  request: QuotationRow,
  offer: typeof quotationOffers.$inferSelect,
) {
  const lines = await db
    .select()
    .from(quotationOfferLines)
    .where(eq(quotationOfferLines.offerId, offer.id))
    .orderBy(asc(quotationOfferLines.position));
  return {
    ...offerPricingOf(offer, lines),
    status: offer.status,
    reference: request.reference,
    issuedAt: offer.sentAt ?? offer.createdAt,
    customer: {
      name: request.customerName,
      company: request.customerCompany,
      mobile: request.customerMobile,
      email: request.customerEmail,
    },
    terms: offer.terms,
    note: offer.note,
  };
}

export type StoredOfferDocument = Awaited<ReturnType<typeof offerDocumentOfRow>>;

/** The shop's name, address, phone, e-mail, GSTIN and how to pay, as they are set now. */
export function offerPdfDocument(offer: StoredOfferDocument, site: SiteSettings): OfferDocument {
  return {
    ...offer,
    shop: {
      name: site.shopName,
      address: site.address,
      phone: site.phone,
      email: site.shopEmail,
      gstin: site.gstin,
    },
    payment: { upiId: site.upiId, bankDetails: site.bankDetails },
  };
}
