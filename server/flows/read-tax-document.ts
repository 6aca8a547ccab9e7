/**
 * A GST document's PDF for whoever may read it (docs/requirements.md §23): the invoices module decides for the
 * owner and the order's account; a guest holding her quotation's private key is let in by the
 * quotations module's own check of that key.
 */
import type { Database } from '../db/client';
import type { Actor } from '../modules/actor';
import { DomainError } from '../modules/errors';
import type { SiteSettings } from '../../content/site';
import { readOrderPaper, readTaxDocument } from '../modules/invoices';
import { requireQuotationAccess } from '../modules/quotations';

export function readTaxDocumentForReader(
  db: Database,
  actor: Actor,
  input: { id: unknown; key?: unknown },
) {
  return readTaxDocument(
    db,
    actor,
    { id: input.id },
    { keyOpens: keyOpensFor(db, actor, input.key) },
  );
}

/** An order's proforma invoice or a payment's receipt, for the same readers as its documents. */
export function readOrderPaperForReader(
  db: Database,
  actor: Actor,
  input: { orderId: unknown; paper: unknown; key?: unknown },
  site: SiteSettings,
  now: Date,
) {
  return readOrderPaper(
    db,
    actor,
    { orderId: input.orderId, paper: input.paper },
    { keyOpens: keyOpensFor(db, actor, input.key) },
    site,
    now,
  );
}

/** The quotations module's check of a guest's private key, for the invoices module to ask. */
function keyOpensFor(db: Database, actor: Actor, key: unknown) {
  return typeof key === 'string' && key !== ''
    ? async (reference: string) => {
        try {
          await requireQuotationAccess(db, actor, { reference, key });
          return true;
        } catch (error) {
          if (error instanceof DomainError) return false;
          throw error;
        }
      }
    : null;
}
