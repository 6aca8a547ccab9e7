/**
 * issue 16 "Accept Offer": the customer accepts the offer and the order is made, in one
 * transaction: the quotations module checks the customer and the offer and records the
 * acceptance, the orders module makes the order from the offer's lines (its totals copied), then
 * both sides are mailed and integrations hear `offer.accepted` and `order.created`. `timeZone` is
 * the shop's (Settings): the offer holds to the end of its day there, and the order is numbered
 * by that day. issue 30 §3: a signed-in buyer's new address joins their address book (the
 * account module's, once).
 */
import { ADDRESS_LIMITS } from '../../core/account-texts';
import { defaultCountryFor } from '../../core/countries';
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
): Promise<{ orderId: string; orderNumber: string }> {
  return db.transaction(async (tx) => {
    const accepted = await acceptOfferOfCustomer(tx, actor, input, now, timeZone);
    const order = await createOrderFromOffer(tx, accepted.order, now, timeZone);
    if (accepted.addressToSave) {
      // issue 30 §3 "Save this address": named for its city, as a buyer tells addresses apart.
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

/** What the Accept Offer form starts from (issue 30 §3). */
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
 * issue 30 §3: the country of the buyer's earlier address (signed in: the address book's default,
 * else its latest; else the latest order's), else India for a +91 mobile, else spec §9's US.
 */
export async function acceptFormDefaults(
  db: Database,
  actor: Actor,
  request: { customerName: string; customerMobile: string },
): Promise<AcceptFormDefaults> {
  let earlierCountry: string | null = null;
  if (actor) {
    const saved = await listAddresses(db, actor);
    const chosen = saved.find((address) => address.isDefault) ?? saved.at(-1);
    earlierCountry = chosen?.country ?? null;
    if (!earlierCountry) {
      const [latestOrder] = await listOrdersOfUser(db, actor);
      earlierCountry = latestOrder?.shippingAddress?.country ?? null;
    }
  }
  return {
    country: defaultCountryFor({ earlierCountry, mobile: request.customerMobile }),
    name: request.customerName,
    mobile: request.customerMobile,
    signedIn: actor !== null,
  };
}
