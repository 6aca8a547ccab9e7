/**
 * docs/requirements.md §23: an order's proforma invoice and each confirmed payment's receipt,
 * /orders/{id}/proforma-invoice.pdf and /orders/{id}/receipt-advance.pdf (with ?key={token} for a
 * guest's quotation), made from the order as it stands, for the readers of its documents; anyone
 * else gets a 404.
 */
import { parseRouteQuery, quotePageQuerySchema } from '../../core/forms/route-query';
import { taxDocumentFileName } from '../../core/tax/tax-document';
import { resourceReply } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { PRIVATE_CACHE_CONTROL } from '../../server/http/cache-policy';
import { readOrderPaperForReader } from '../../server/flows/read-tax-document';
import { renderTaxDocumentPdf } from '../../server/modules/invoices/tax-document-pdf';
import type { Route } from './+types/order-papers.pdf';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, actor, site, clock } = context.get(appContext);
  const { key } = parseRouteQuery(quotePageQuerySchema, new URL(request.url).searchParams);
  return resourceReply(async () => {
    const paper = await readOrderPaperForReader(
      db,
      actor,
      { orderId: params.orderId, paper: params.paper, key },
      site,
      clock(),
    );
    const pdf = await renderTaxDocumentPdf(paper);
    return new Response(new Uint8Array(pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${taxDocumentFileName(paper)}"`,
        'Content-Length': String(pdf.length),
        // A private paper, made for its reader: no shared cache keeps it, nor the browser's.
        'Cache-Control': PRIVATE_CACHE_CONTROL,
      },
    });
  });
}
