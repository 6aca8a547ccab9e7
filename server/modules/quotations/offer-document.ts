/** An offer's PDF document: the offer as stored, with the shop's own details (issue 16). */
import type { SiteSettings } from '../../../content/site';
import type { offerDocumentOf } from './lifecycle';
import type { OfferDocument } from './offer-pdf';

export type StoredOfferDocument = NonNullable<Awaited<ReturnType<typeof offerDocumentOf>>>;

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
