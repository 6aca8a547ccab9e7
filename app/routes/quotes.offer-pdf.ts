/**
 * docs/requirements.md §10: an offer's PDF, /quotes/{reference}/offers/{version}.pdf?key={token}, for the same
 * readers as the quote page (the key's holder or the request's account); anyone else gets a 404.
 */
import { data } from 'react-router';
import { parseRouteQuery, quotePageQuerySchema } from '../../core/forms/route-query';
import { resourceReply } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { approximateTotalLine } from '../../core/money/display-currency';
import { PRIVATE_CACHE_CONTROL } from '../../server/http/cache-policy';
import { displayRateFor } from '../../server/http/display-currency';
import { getOfferDocument } from '../../server/modules/quotations';
import { offerPdfDocument } from '../../server/modules/quotations/documents';
import { renderOfferPdf } from '../../server/modules/quotations/offer-pdf';
import type { Route } from './+types/quotes.offer-pdf';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { db, actor, site } = app;
  // Versions are counted from 1; anything else names no offer.
  if (!/^[1-9]\d{0,5}$/.test(params.version)) throw data(null, { status: 404 });
  const { key } = parseRouteQuery(quotePageQuerySchema, new URL(request.url).searchParams);
  return resourceReply(async () => {
    const document = await getOfferDocument(db, actor, {
      reference: params.reference,
      key: key || null,
      version: Number(params.version),
    });
    // docs/decisions/026: the reader's display currency, when its rate is fresh.
    const { rate } = await displayRateFor(app, request.headers);
    const pdf = await renderOfferPdf({
      ...offerPdfDocument(document, site),
      approximateTotal: rate ? approximateTotalLine(document.totalMinor, rate) : null,
    });
    return new Response(new Uint8Array(pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${document.reference}-v${document.version}.pdf"`,
        'Content-Length': String(pdf.length),
        // A private document: no shared cache keeps it, nor the browser's.
        'Cache-Control': PRIVATE_CACHE_CONTROL,
      },
    });
  });
}
