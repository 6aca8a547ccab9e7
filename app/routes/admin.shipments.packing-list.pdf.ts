/**
 * docs/requirements.md §24: a shipment's packing list, /admin/shipments/{id}/packing-list.pdf, the owner's
 * only, as the CSV exports are: 401 signed out, 403 for a customer.
 */
import { resourceReply } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { PRIVATE_CACHE_CONTROL } from '../../server/http/cache-policy';
import { readPackingList } from '../../server/modules/shipments';
import {
  packingListFileName,
  renderPackingListPdf,
} from '../../server/modules/shipments/packing-list-pdf';
import type { Route } from './+types/admin.shipments.packing-list.pdf';

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, actor, site } = context.get(appContext);
  return resourceReply(async () => {
    const list = await readPackingList(db, actor, { shipmentId: params.id }, site);
    const pdf = await renderPackingListPdf(list);
    return new Response(new Uint8Array(pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${packingListFileName(list)}"`,
        'Content-Length': String(pdf.length),
        'Cache-Control': PRIVATE_CACHE_CONTROL,
      },
    });
  });
}
