/**
 * docs/requirements.md §23: the GST documents over the API. The owner lists a month's or quarter's documents and
 * reads one (`orders:read`); a customer lists and reads the documents of her own orders. One
 * document answers JSON, or its PDF for `Accept: application/pdf`: the same bytes as the page's
 * download, from the same module functions.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  apiTaxDocumentIdParams,
  apiTaxDocumentListSchema,
  apiTaxDocumentNumberParams,
  apiTaxDocumentQuerySchema,
  apiTaxDocumentSchema,
  PDF_CONTENT_TYPE,
  type ApiTaxDocument,
} from '../../../core/api/api-tax-documents';
import { taxDocumentPath } from '../../../core/tax/document-links';
import { monthOfDay } from '../../../core/tax/filing-period';
import { taxDocumentFileName } from '../../../core/tax/tax-document';
import { shopDayOf } from '../../../core/time/shop-calendar';
import {
  listTaxDocumentsOfPeriod,
  listTaxDocumentsOfCustomer,
  readTaxDocument,
  readTaxDocumentByNumber,
  type TaxDocumentRow,
} from '../../modules/invoices';
import { renderTaxDocumentPdf } from '../../modules/invoices/tax-document-pdf';
import { PRIVATE_CACHE_CONTROL } from '../cache-policy';
import { shopTimeZoneOf, type ApiEnv } from './context';
import { json, operation } from './operation';

const ownerTags = ['Owner: invoices'];
const customerTags = ['Customer: documents'];
const ownerRead = { kind: 'owner', scope: 'orders:read' } as const;
const customer = { kind: 'customer' } as const;

const oneDocument = {
  description: 'The document as JSON, or its PDF for `Accept: application/pdf`',
  content: {
    'application/json': { schema: apiTaxDocumentSchema },
    [PDF_CONTENT_TYPE]: { schema: z.string().meta({ format: 'binary' }) },
  },
} as const;

/**
 * The owner's list of a month's or quarter's documents: the Invoices page's, at `/admin/invoices`, and at
 * `/invoices`, where docs/requirements.md §23 names it.
 */
const ownerDocumentList = (path: '/admin/invoices' | '/invoices') =>
  operation({
    method: 'get',
    path,
    tags: ownerTags,
    summary: 'A month’s or quarter’s tax invoices, credit notes and receipt vouchers',
    description:
      'docs/requirements.md §23: the Invoices page’s list, newest first, at `/invoices` and `/admin/invoices`. `period` is a month (2026-11) or a quarter of the financial year (26-27-Q3); the current month when absent.',
    access: ownerRead,
    request: { query: apiTaxDocumentQuerySchema },
    responses: { 200: json(apiTaxDocumentListSchema, 'The documents') },
  });
const listOwnerDocuments = ownerDocumentList('/admin/invoices');
const listInvoices = ownerDocumentList('/invoices');

const getOwnerDocument = operation({
  method: 'get',
  path: '/admin/invoices/{id}',
  tags: ownerTags,
  summary: 'One tax invoice, credit note or receipt voucher',
  access: ownerRead,
  request: { params: apiTaxDocumentIdParams },
  responses: { 200: oneDocument },
});

const getInvoiceByNumber = operation({
  method: 'get',
  path: '/invoices/{number}',
  tags: ownerTags,
  summary: 'One tax invoice, credit note or receipt voucher, by its number',
  access: ownerRead,
  request: { params: apiTaxDocumentNumberParams },
  responses: { 200: oneDocument },
});

const listMyDocuments = operation({
  method: 'get',
  path: '/me/documents',
  tags: customerTags,
  summary: 'The tax invoices, credit notes and receipt vouchers of my orders, newest first',
  access: customer,
  responses: { 200: json(apiTaxDocumentListSchema, 'The documents') },
});

const getMyDocument = operation({
  method: 'get',
  path: '/me/documents/{id}',
  tags: customerTags,
  summary: 'One of my tax invoices, credit notes or receipt vouchers',
  access: customer,
  request: { params: apiTaxDocumentIdParams },
  responses: { 200: oneDocument },
});

function apiTaxDocument(row: TaxDocumentRow): ApiTaxDocument {
  const { content } = row;
  // A receipt voucher's amounts are the advance it acknowledges, with no tax (docs/decisions/027);
  // its content's lines are the order's, for reference.
  const tax = content.received ? { cgstMinor: 0, sgstMinor: 0, igstMinor: 0 } : content;
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issuedOn: row.issuedOn,
    orderId: row.orderId,
    orderNumber: content.orderNumber,
    buyerName: row.buyerName,
    buyerGstin: row.buyerGstin,
    placeOfSupply: row.placeOfSupply,
    taxableMinor: row.taxableMinor,
    cgstMinor: tax.cgstMinor,
    sgstMinor: tax.sgstMinor,
    igstMinor: tax.igstMinor,
    taxMinor: row.taxMinor,
    totalMinor: row.totalMinor,
    creditsInvoice: content.cites?.number ?? null,
    pdf: taxDocumentPath(row.id),
  };
}

/** The document's PDF when the caller asks for one (`Accept: application/pdf`), else its JSON. */
async function documentAnswer(c: Context<ApiEnv>, row: TaxDocumentRow) {
  if (!(c.req.header('accept') ?? '').toLowerCase().includes(PDF_CONTENT_TYPE)) {
    return c.json(apiTaxDocument(row), 200);
  }
  const pdf = await renderTaxDocumentPdf(row.content);
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      'Content-Type': PDF_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="${taxDocumentFileName(row.content)}"`,
      'Content-Length': String(pdf.length),
      'Cache-Control': PRIVATE_CACHE_CONTROL,
    },
  });
}

export function registerTaxDocuments(api: OpenAPIHono<ApiEnv>): void {
  for (const route of [listOwnerDocuments, listInvoices]) {
    api.openapi(route, async (c) => {
      const services = c.get('services');
      const { period, kind } = c.req.valid('query');
      const rows = await listTaxDocumentsOfPeriod(services.db, c.get('actor'), {
        // Without a period, the month the shop is in.
        period: period ?? monthOfDay(shopDayOf(services.clock(), await shopTimeZoneOf(services))),
        kind,
      });
      return c.json({ data: rows.map(apiTaxDocument) }, 200);
    });
  }

  api.openapi(getInvoiceByNumber, async (c) => {
    const row = await readTaxDocumentByNumber(c.get('services').db, c.get('actor'), {
      number: c.req.valid('param').number,
    });
    return documentAnswer(c, row);
  });

  api.openapi(getOwnerDocument, async (c) => {
    const row = await readTaxDocument(c.get('services').db, c.get('actor'), {
      id: c.req.valid('param').id,
    });
    return documentAnswer(c, row);
  });

  api.openapi(listMyDocuments, async (c) => {
    const rows = await listTaxDocumentsOfCustomer(c.get('services').db, c.get('actor'));
    return c.json({ data: rows.map(apiTaxDocument) }, 200);
  });

  api.openapi(getMyDocument, async (c) => {
    const row = await readTaxDocument(
      c.get('services').db,
      c.get('actor'),
      { id: c.req.valid('param').id },
      { ownOrdersOnly: true },
    );
    return documentAnswer(c, row);
  });
}
