/**
 * docs/requirements.md §23: a GST document's PDF, /documents/{id}.pdf (with ?key={token} for a guest's quotation):
 * the owner reads any; a customer only those of her own orders; anyone else gets a 404.
 */
import { parseRouteQuery, quotePageQuerySchema } from '../../core/forms/route-query';
import { resourceReply } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { PRIVATE_CACHE_CONTROL } from '../../server/http/cache-policy';
import { readTaxDocumentForReader } from '../../server/flows/read-tax-document';
import { taxDocumentFileName } from '../../core/tax/tax-document';
import { renderTaxDocumentPdf } from '../../server/modules/invoices/tax-document-pdf';
import type { Route } from './+types/documents.pdf';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, actor } = context.get(appContext);
  const { key } = parseRouteQuery(quotePageQuerySchema, new URL(request.url).searchParams);
  return resourceReply(async () => {
    const document = await readTaxDocumentForReader(db, actor, { id: params.id, key });
    const pdf = await renderTaxDocumentPdf(document.content);
    return new Response(new Uint8Array(pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${taxDocumentFileName(document.content)}"`,
        'Content-Length': String(pdf.length),
        // A private document: no shared cache keeps it, nor the browser's.
        'Cache-Control': PRIVATE_CACHE_CONTROL,
      },
    });
  });
}
