/**
 * A GST document's PDF for whoever may read it (docs/requirements.md §23): the invoices module decides for the
 * owner and the order's account; a guest holding her quotation's private key is let in by the
 * quotations module's own check of that key.
 */
import type { Database } from '../db/client';
import type { Actor } from '../modules/actor';
import { DomainError } from '../modules/errors';
import { readTaxDocument } from '../modules/invoices';
import { requireQuotationAccess } from '../modules/quotations';

export function readTaxDocumentForReader(
  db: Database,
  actor: Actor,
  input: { id: unknown; key?: unknown },
) {
  const { key } = input;
  const keyOpens =
    typeof key === 'string' && key !== ''
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
  return readTaxDocument(db, actor, { id: input.id }, { keyOpens });
}
