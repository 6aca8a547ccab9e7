/**
 * docs/requirements.md §10 "Accept Offer": the customer accepts the offer and the order is made, in one
 * transaction: the quotations module checks the customer and the offer and records the
 * acceptance, the orders module makes the order from the offer's lines (its totals copied), then
 * both sides are mailed and integrations hear `offer.accepted` and `order.created`. `timeZone` is
 * the shop's (Settings): the offer holds to the end of its day there, and the order is numbered
 * by that day. docs/requirements.md §19: a signed-in buyer's new address joins their address book (the
 * account module's, once).
 */
import { ADDRESS_LIMITS } from '../../core/identity/account-texts';
import { defaultCountryFor } from '../../core/identity/countries';
import {
  DEFAULT_UPI_LIMIT_MINOR,
  firstPaymentOf,
  payingMethodFor,
} from '../../core/orders/payment-terms';
import type { Database } from '../db/client';
import type { Actor } from '../modules/actor';
import { listAddresses, saveAddressUnlessKnown } from '../modules/account';
import { createOrderFromOffer, listOrdersOfUser } from '../modules/orders';
import {
  acceptOfferOfCustomer,
  announceAcceptance,
  type OfferAddress,
  type QuotationAccess,
} from '../modules/quotations';

export async function acceptOffer(
  db: Database,
  actor: Actor,
  input: QuotationAccess & OfferAddress & Record<string, unknown>,
  now: Date,
  timeZone: string,
  /**
   * docs/requirements.md §21: the shop's UPI limit in paise (core/orders/payment-terms.ts upiLimitMinor).
   */
  upiLimit: number = DEFAULT_UPI_LIMIT_MINOR,
): Promise<{ orderId: string; orderNumber: string }> {
  return db.transaction(async (tx) => {
    const accepted = await acceptOfferOfCustomer(tx, actor, input, now, timeZone);
    // docs/requirements.md §21: a first payment above the UPI limit is made by bank transfer,
    // whatever was chosen; the order carries the method it is paid by.
    const paymentMethod = payingMethodFor(
      accepted.order.paymentMethod,
      firstPaymentOf(accepted.order.offer),
      upiLimit,
    );
    const order = await createOrderFromOffer(
      tx,
      { ...accepted.order, paymentMethod },
      now,
      timeZone,
    );
    if (accepted.addressToSave) {
      // docs/requirements.md §19 "Save this address": named for its city, as a buyer tells addresses apart.
      const address = accepted.addressToSave;
      await saveAddressUnlessKnown(tx, actor, {
        ...address,
        title: address.city.slice(0, ADDRESS_LIMITS.title),
      });
    }
    await announceAcceptance(tx, accepted.request, accepted.offer, order, now);
    return { orderId: order.id, orderNumber: order.orderNumber };
  });
}

/** What the Accept Offer form starts from (docs/requirements.md §19). */
export interface AcceptFormDefaults {
  /** The Country select's first choice, an ISO code. */
  country: string;
  /** The request's name and mobile, prefilled. */
  name: string;
  mobile: string;
  /** Signed in: "Save this address" is offered. */
  signedIn: boolean;
}

/**
 * docs/requirements.md §19: the Country select starts from the request (an Indian mobile or a
 * GSTIN means India), else the buyer's saved address (signed in: the address book's default, else
 * its latest; else the latest order's), else the browser's `Accept-Language` region, else India.
 */
export async function acceptFormDefaults(
  db: Database,
  actor: Actor,
  request: { customerName: string; customerMobile: string; customerGstin?: string | null },
  acceptLanguage: string | null = null,
): Promise<AcceptFormDefaults> {
  let savedCountry: string | null = null;
  if (actor) {
    const saved = await listAddresses(db, actor);
    const chosen = saved.find((address) => address.isDefault) ?? saved.at(-1);
    savedCountry = chosen?.country ?? null;
    if (!savedCountry) {
      const [latestOrder] = await listOrdersOfUser(db, actor);
      savedCountry = latestOrder?.shippingAddress?.country ?? null;
    }
  }
  return {
    country: defaultCountryFor({
      mobile: request.customerMobile,
      gstin: request.customerGstin,
      savedCountry,
      acceptLanguage,
    }),
    name: request.customerName,
    mobile: request.customerMobile,
    signedIn: actor !== null,
  };
}
