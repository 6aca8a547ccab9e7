import { describe, expect, it } from 'vitest';
import type { QuotationEventNotice } from '../../core/admin/notices';
import {
  heldReason,
  identityMailCause,
  isLimited,
  mailCauseOf,
  mailLimitKey,
  mailRequesterKey,
  strangerCause,
} from './causes';

describe('heldReason', () => {
  it.each([
    // docs/requirements.md §19: "1 mail", not "1 mails"
    [1, 'a@example.com reached the limit of 1 mail an hour'],
    [5, 'a@example.com reached the limit of 5 mails an hour'],
  ])('a limit of %i', (perHour, expected) => {
    expect(heldReason('a@example.com', perHour)).toBe(expected);
  });
});

// docs/decisions/017 (amended): which counters the mails to one address share.
describe('the counters of the mails to one address', () => {
  const address = 'Meera@Example.com';

  it("shares one count among the mails strangers make the shop deliver, and keeps a sign-up's apart", () => {
    const confirmation = mailLimitKey(strangerCause(address, 'quotation-confirmation', 'delivery'));
    const welcome = mailLimitKey(strangerCause(address, 'newsletter-welcome', 'delivery'));
    expect(confirmation).toBe(welcome);
    expect(mailLimitKey(identityMailCause('sign-up', address))).not.toBe(confirmation);
  });

  it('counts each identity mail per purpose, and per client beside', () => {
    const reset = identityMailCause('reset-password', address);
    const code = identityMailCause('sign-in-code', address);
    expect(mailLimitKey(reset)).not.toBe(mailLimitKey(code));
    expect(mailLimitKey(reset)).toBe(mailLimitKey(identityMailCause('reset-password', address)));
    expect(mailRequesterKey(reset, '198.51.100.7')).not.toBe(
      mailRequesterKey(reset, '198.51.100.8'),
    );
  });
});

// docs/requirements.md §23: the buyer's invoice and credit note follow the owner's own actions: the
// shop's answer, which no limit holds.
describe('the mails of the GST documents', () => {
  it.each(['invoice-issued', 'credit-note-issued'] as const)(
    'counts the %s mail to the customer as the shop’s own, never limited',
    (event) => {
      const notice: QuotationEventNotice = {
        kind: 'quotation-event',
        event,
        to: 'customer',
        quotationId: '0b4f7e0a-5c1d-4d8e-9a55-3f1f2a6b9c01',
        orderId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
        documentId: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
      };
      const cause = mailCauseOf(notice);
      expect(cause).toEqual({ by: 'shop' });
      expect(isLimited(cause)).toBe(false);
    },
  );
});

// docs/requirements.md §24: the shipped mail follows the owner's "Mark as Shipped": the shop's own.
it('counts the shipped mail to the customer as the shop’s own, never limited', () => {
  const cause = mailCauseOf({
    kind: 'quotation-event',
    event: 'order-shipped',
    to: 'customer',
    quotationId: '0b4f7e0a-5c1d-4d8e-9a55-3f1f2a6b9c01',
    orderId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    shipmentId: '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b',
  });
  expect(cause).toEqual({ by: 'shop' });
  expect(isLimited(cause)).toBe(false);
});

// docs/requirements.md §24: the delivered and refund mails follow an owner's act (or the buyer's own
// "I Have Received It"): the shop's own, never limited.
it.each([
  ['order-delivered', { confirmedBy: 'customer' as const }],
  ['order-refunded', { refundId: '4f5a6b7c-8d9e-4f0a-9b1c-2d3e4f5a6b7c' }],
  ['production-update', { updateId: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d' }],
  // docs/requirements.md §24 "Returns": the owner's "Approve Return" or "Decline Return"
  ['return-approved', { returnId: '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e' }],
  ['return-declined', { returnId: '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e' }],
] as const)(
  'counts the %s mail to the customer as the shop’s own, never limited',
  (event, extra) => {
    const cause = mailCauseOf({
      kind: 'quotation-event',
      event,
      to: 'customer',
      quotationId: '0b4f7e0a-5c1d-4d8e-9a55-3f1f2a6b9c01',
      orderId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      ...extra,
    });
    expect(cause).toEqual({ by: 'shop' });
    expect(isLimited(cause)).toBe(false);
  },
);

// docs/requirements.md §24 "Returns": the buyer's return request goes to the shop's own address,
// which hears of every one: never limited.
it('counts the return-requested mail to the owner as a mail to the shop, never limited', () => {
  const cause = mailCauseOf({
    kind: 'quotation-event',
    event: 'return-requested',
    to: 'owner',
    quotationId: '0b4f7e0a-5c1d-4d8e-9a55-3f1f2a6b9c01',
    orderId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    returnId: '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e',
  });
  expect(cause).toEqual({ by: 'to-shop' });
  expect(isLimited(cause)).toBe(false);
});
