/**
 * docs/requirements.md §23: the GST documents over the API, the owner's (`/admin/invoices`) and the customer's own
 * (`/me/documents`): one shape for both, made from the issued document (core/tax/tax-document.ts).
 */
import { z } from 'zod';
import { documentSeries } from '../tax/financial-year';

const paise = z.number().int().nonnegative().meta({ description: 'An amount in paise.' });

export const apiTaxDocumentSchema = z
  .object({
    id: z.guid(),
    kind: z.enum(documentSeries),
    number: z.string().meta({ description: 'KK/26-27/0001; a credit note KKC/…' }),
    issuedOn: z.iso.date().meta({ description: 'The shop’s day it was issued.' }),
    orderId: z.guid(),
    orderNumber: z.string(),
    buyerName: z.string(),
    buyerGstin: z.string().nullable(),
    placeOfSupply: z.string().meta({
      description: 'The state and its code, "Rajasthan (08)", or the country of an export.',
    }),
    taxableMinor: paise,
    cgstMinor: paise,
    sgstMinor: paise,
    igstMinor: paise,
    taxMinor: paise,
    totalMinor: paise,
    creditsInvoice: z
      .string()
      .nullable()
      .meta({ description: 'A credit note: the number of the invoice it credits.' }),
    pdf: z.string().meta({ description: 'The path of its PDF on the shop (the page’s link).' }),
  })
  .meta({ id: 'TaxDocument' });
export type ApiTaxDocument = z.output<typeof apiTaxDocumentSchema>;

export const apiTaxDocumentListSchema = z.object({ data: z.array(apiTaxDocumentSchema) });

/** `?period=2026-11` or `26-27-Q3` (core/tax/filing-period.ts), the current month when absent; `?kind=`. */
export const apiTaxDocumentQuerySchema = z.object({
  period: z
    .string()
    .max(12)
    .optional()
    .meta({ description: 'A month, 2026-11, or a quarter of the financial year, 26-27-Q3.' }),
  kind: z.enum(documentSeries).optional(),
});

export const apiTaxDocumentIdParams = z.object({
  id: z.guid({ error: 'must be a document id' }),
});

export const apiTaxDocumentNumberParams = z.object({
  number: z.string().max(40).meta({
    description:
      'The number, its slashes escaped (KK%2F26-27%2F0001) or written as in its file name (KK-26-27-0001).',
  }),
});

/** `Accept: application/pdf` on one document answers its PDF. */
export const PDF_CONTENT_TYPE = 'application/pdf';
