/**
 * The quote lifecycle's rules (docs/requirements.md §10): a quotation request's reference, the offer's money, the
 * offer state machine, and the schemas of every form on the quote page and the offer composer.
 * One set of rules for the buttons the pages show and for the server that enforces them.
 */
import { z } from 'zod';
import { formText, rowKey, visibleText } from '../forms/form-text';
import { QUOTATION_MAX_QUANTITY } from './quotation-texts';
import { shopDayEnd } from '../time/shop-calendar';

// ---------------------------------------------------------------------------------------------
// References, keys and links

// docs/decisions/020: the quotation's link, the claim anchor and the UPI payment URI live apart, without
// zod; they are this module's too.
export { CLAIM_ANCHOR, quotationLink, upiPaymentUri } from './quote-links';

/**
 * docs/requirements.md §10: Q-YYYYMMDD-NNNN, by the shop's day, like order numbers (the database draws them: see
 * quotation_requests.reference). A reference as a URL may carry it; anything else names none.
 */
export const quotationReferenceSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^Q-\d{8}-\d{4,6}$/);

/** A quote page's private key: base64url of at least 128 random bits (docs/requirements.md §10). */
export const quotationKeySchema = z
  .string()
  .min(22)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);

// ---------------------------------------------------------------------------------------------
// Money

export interface OfferLineAmount {
  quantity: number;
  unitPriceMinor: number;
}

export interface OfferAmounts {
  lines: OfferLineAmount[];
  shippingMinor: number;
  discountMinor: number;
  /** 1200 is 12% (basis points: GST rates such as 0.25% and 12.5% stay whole numbers). */
  gstRateBasisPoints: number;
}

export interface OfferTotals {
  lineTotalsMinor: number[];
  subtotalMinor: number;
  discountMinor: number;
  shippingMinor: number;
  /** What GST applies to: lines − discount + shipping. */
  taxableMinor: number;
  gstMinor: number;
  totalMinor: number;
}

/**
 * docs/requirements.md §10: money in paise; GST applies to (lines − discount + shipping), rounded half up to the
 * paisa. Integer arithmetic only, so the composer in the browser and the server agree exactly.
 */
export function computeOfferTotals(amounts: OfferAmounts): OfferTotals {
  const lineTotalsMinor = amounts.lines.map((line) => line.quantity * line.unitPriceMinor);
  const subtotalMinor = lineTotalsMinor.reduce((sum, total) => sum + total, 0);
  const taxableMinor = subtotalMinor - amounts.discountMinor + amounts.shippingMinor;
  const gstMinor = roundHalfUp(taxableMinor * amounts.gstRateBasisPoints, 10_000);
  return {
    lineTotalsMinor,
    subtotalMinor,
    discountMinor: amounts.discountMinor,
    shippingMinor: amounts.shippingMinor,
    taxableMinor,
    gstMinor,
    totalMinor: taxableMinor + gstMinor,
  };
}

/** numerator / denominator rounded half up (away from zero for the non-negative amounts here). */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((numerator * 2 + denominator) / (denominator * 2));
}

/** "12.5" (rupees or percent as a form sends it) → 1250 hundredths, exactly: no float drift. */
export function hundredthsOf(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

// ---------------------------------------------------------------------------------------------
// The offer state machine

export const offerStatuses = [
  'draft',
  'sent',
  'accepted',
  'declined',
  'expired',
  'superseded',
  'withdrawn',
] as const;
export type OfferStatus = (typeof offerStatuses)[number];

/**
 * docs/requirements.md §10: an offer is valid until the end of its `valid_until` day, in the shop's time zone:
 * the instant it expires, the last of that day.
 */
export function offerExpiresAt(validUntil: string, timeZone: string): Date {
  return new Date(shopDayEnd(validUntil, timeZone).getTime() - 1);
}

/** docs/requirements.md §10: "Your offer {reference} expires in 2 days" goes out two days before it expires. */
export const OFFER_REMINDER_BEFORE_MS = 2 * 24 * 60 * 60 * 1000;

export interface OfferState {
  status: OfferStatus;
  validUntil: string;
  /** Whether a newer version exists (a draft of the owner's does not count: it is not sent). */
  isLatestSent: boolean;
}

/**
 * The status a customer sees: a sent offer past its validity is expired at once, whether or not
 * the expiry job has run yet (the server refuses acceptance by the same rule).
 */
export function offerStatusAt(
  offer: Pick<OfferState, 'status' | 'validUntil'>,
  now: Date,
  timeZone: string,
) {
  if (
    offer.status === 'sent' &&
    now.getTime() > offerExpiresAt(offer.validUntil, timeZone).getTime()
  ) {
    return 'expired' as const;
  }
  return offer.status;
}

export const customerOfferActions = ['accept', 'ask-changes', 'decline', 'ask-new-offer'] as const;
export type CustomerOfferAction = (typeof customerOfferActions)[number];

/** docs/requirements.md §10: what the customer may do with an offer at this moment. */
export function customerActionsFor(
  offer: OfferState,
  now: Date,
  timeZone: string,
): CustomerOfferAction[] {
  const status = offerStatusAt(offer, now, timeZone);
  if (status === 'sent' && offer.isLatestSent) return ['accept', 'ask-changes', 'decline'];
  if (status === 'expired' && offer.isLatestSent) return ['ask-new-offer'];
  return [];
}

/** Why the customer's action is refused, in the page's words; null when it is allowed. */
export function offerRefusal(
  offer: OfferState,
  action: CustomerOfferAction,
  now: Date,
  timeZone: string,
): string | null {
  if (customerActionsFor(offer, now, timeZone).includes(action)) return null;
  const status = offerStatusAt(offer, now, timeZone);
  if (status === 'expired') return 'This offer has expired.';
  if (status === 'superseded' || !offer.isLatestSent) {
    return 'This offer has been replaced by a newer version.';
  }
  if (status === 'withdrawn') return 'This offer has been withdrawn.';
  if (status === 'accepted' || status === 'declined') return `This offer was already ${status}.`;
  return 'This offer is not open.';
}

export const ownerOfferActions = ['save-draft', 'send', 'revise', 'withdraw'] as const;
export type OwnerOfferAction = (typeof ownerOfferActions)[number];

/**
 * docs/requirements.md §10: what the owner may do, given the request's latest offer (a draft, or the last one
 * sent) and whether the request is completed (an accepted offer made its order).
 */
export function ownerActionsFor(
  latest: { status: OfferStatus } | null,
  requestCompleted: boolean,
): OwnerOfferAction[] {
  if (requestCompleted || latest?.status === 'accepted') return [];
  // A sent offer is changed by a new version that supersedes it, or taken back.
  if (latest?.status === 'sent') return ['save-draft', 'revise', 'withdraw'];
  return ['save-draft', 'send'];
}

// ---------------------------------------------------------------------------------------------
// Forms

// The customer's forms (the quote page's) live in core/quotes/quote-forms.ts, so the quote page loads
// them without the offer composer's schema; they are this module's too.
export * from './quote-forms';

export const DEFAULT_OFFER_VALIDITY_DAYS = 14;
const ADVANCE_PERCENT_INVALID = 'Advance must be a whole percentage from 0 to 100';
export const OFFER_LINES_MAX = 50;
const MONEY_MAX_HUNDREDTHS = 10_000_000_00;
/** ₹2 crore: what a 32-bit paise column holds, with room. */
export const OFFER_TOTAL_MAX_MINOR = 2_000_000_000;

const rupees = (label: string) =>
  formText({ error: `${label} is required` })
    .trim()
    .transform((text, context) => {
      const value = hundredthsOf(text === '' ? '0' : text);
      if (value === null) {
        context.addIssue({ code: 'custom', message: `${label} must be an amount like 1250.50` });
        return z.NEVER;
      }
      if (value > MONEY_MAX_HUNDREDTHS) {
        context.addIssue({ code: 'custom', message: `${label} is too large` });
        return z.NEVER;
      }
      return value;
    });

export const offerLineSchema = z.object({
  /** A catalogue piece, or none for a custom line. */
  // A blank select is no piece. Not `.or(z.literal(''))`: ZodLiteral would join the zod chunk every
  // page loads once the composer is in the browser (the product page's JS budget, docs/decisions/008).
  productId: z.preprocess((value) => (value === '' ? undefined : value), rowKey.optional()),
  // The piece's name as the customer reads it on the offer, its PDF and its order.
  description: visibleText({ error: 'Describe the piece' })
    .trim()
    .min(1, 'Describe the piece')
    .max(200, 'Please keep the description under 200 characters'),
  quantity: z.coerce
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(QUOTATION_MAX_QUANTITY, `Quantity cannot exceed ${QUOTATION_MAX_QUANTITY}`),
  unitPrice: rupees('Unit price'),
  // docs/requirements.md §24: the owner's tick "Made to order (not returnable)". A checkbox posts "on"
  // when ticked and nothing when not; the API may send true or false. The quote page's forms load
  // these zod classes already (core/quotes/quote-forms.ts), so the zod chunk gains none
  // (docs/decisions/008). What is stored is lineIsMadeToOrder's, below.
  madeToOrder: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === 'on' || value === 'true'),
});

/**
 * docs/requirements.md §24 "custom items not returnable": a line with no catalogue piece is a custom
 * item, made to order always; a catalogue piece is made to order only when the owner ticks it. The
 * server stores this, the composer shows it, the returns feature refuses such a piece.
 */
export function lineIsMadeToOrder(line: {
  productId?: string | null;
  madeToOrder?: boolean;
}): boolean {
  return !line.productId || line.madeToOrder === true;
}

/** docs/requirements.md §10: the offer composer; amounts arrive as rupees and leave as paise. */
export const offerComposerSchema = z
  .object({
    lines: z
      .array(offerLineSchema, { error: 'Add at least one line' })
      .min(1, 'Add at least one line')
      .max(OFFER_LINES_MAX, `An offer has at most ${OFFER_LINES_MAX} lines`),
    shipping: rupees('Shipping'),
    discount: rupees('Discount'),
    gstRate: formText()
      .trim()
      .transform((text, context) => {
        const value = hundredthsOf(text === '' ? '0' : text);
        if (value === null || value > 100_00) {
          context.addIssue({ code: 'custom', message: 'GST rate must be between 0 and 100' });
          return z.NEVER;
        }
        return value;
      }),
    validUntil: z.iso.date({ error: 'Choose the date the offer is valid until' }),
    leadTimeDays: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      z.coerce
        .number({ error: 'Lead time must be a number of days' })
        .int('Lead time must be a whole number of days')
        .min(0, 'Lead time cannot be negative')
        .max(365, 'Lead time must be at most 365 days')
        .nullable(),
    ),
    // docs/requirements.md §21: the advance asked for on acceptance; the composer starts from the setting.
    // Absent (an API client that sends none) is the shop's "Advance payment" setting.
    advancePercent: formText({ error: ADVANCE_PERCENT_INVALID })
      .trim()
      .regex(/^\d{1,3}$/, ADVANCE_PERCENT_INVALID)
      .transform(Number)
      .refine((percent) => percent <= 100, ADVANCE_PERCENT_INVALID)
      .optional(),
    terms: formText().trim().max(4_000, 'Please keep the terms under 4,000 characters'),
    note: formText()
      .trim()
      .max(2_000, 'Please keep the note under 2,000 characters')
      .optional()
      .transform((value) => (value ? value : null)),
  })
  .superRefine((offer, context) => {
    const totals = composerTotals(offer);
    if (offer.discount > totals.subtotalMinor) {
      context.addIssue({
        code: 'custom',
        path: ['discount'],
        message: 'The discount cannot be more than the lines',
      });
    }
    // Amounts are stored as 32-bit paise, like orders' (spec §3).
    if (
      Math.max(totals.subtotalMinor + totals.shippingMinor, totals.totalMinor) >
      OFFER_TOTAL_MAX_MINOR
    ) {
      context.addIssue({ code: 'custom', path: ['lines'], message: 'The offer is too large' });
    }
  });
export type OfferComposerInput = z.output<typeof offerComposerSchema>;

/** The composer's totals, from what the form holds (in paise), for the browser and the server. */
export function composerTotals(offer: OfferComposerInput): OfferTotals {
  return computeOfferTotals({
    lines: offer.lines.map((line) => ({
      quantity: line.quantity,
      unitPriceMinor: line.unitPrice,
    })),
    shippingMinor: offer.shipping,
    discountMinor: offer.discount,
    gstRateBasisPoints: offer.gstRate,
  });
}
