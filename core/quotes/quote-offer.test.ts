import { describe, expect, it } from 'vitest';
import {
  acceptOfferSchema,
  computeOfferTotals,
  customerActionsFor,
  hundredthsOf,
  lineIsMadeToOrder,
  offerComposerSchema,
  offerLineSchema,
  offerExpiresAt,
  offerRefusal,
  offerStatusAt,
  ownerActionsFor,
  paymentReferenceSubmissionSchema,
  quotationKeySchema,
  quotationReferenceSchema,
  upiPaymentUri,
  type OfferStatus,
} from './quote-offer';

describe('offer totals (paise, GST on lines − discount + shipping, half up)', () => {
  // [lines as [quantity, unit paise], shipping, discount, GST basis points] → [subtotal, GST, total]
  const cases: [[number, number][], number, number, number, number, number, number][] = [
    [[[1, 100_000]], 0, 0, 1200, 100_000, 12_000, 112_000],
    // 2 × ₹10,000.50 + ₹500 shipping = ₹20,501.00 taxable; 12% = ₹2,460.12
    [[[2, 1_000_050]], 50_000, 0, 1200, 2_000_100, 246_012, 2_296_112],
    // ₹0.05 at 10% is half a paisa: rounds up to 1 paisa
    [[[1, 5]], 0, 0, 1000, 5, 1, 6],
    // ₹0.04 at 12.5% = 0.5 paisa: up; ₹0.03 at 12.5% = 0.375: down
    [[[1, 4]], 0, 0, 1250, 4, 1, 5],
    [[[1, 3]], 0, 0, 1250, 3, 0, 3],
    // ₹12.37 at 18% = 222.66 paise → 223
    [[[1, 1_237]], 0, 0, 1800, 1_237, 223, 1_460],
    // discount before GST, shipping taxed: (3 × ₹333.33 − ₹99.99 + ₹50) = ₹949.99; 5% = 47.4995 → 47.50
    [[[3, 33_333]], 5_000, 9_999, 500, 99_999, 4_750, 99_750],
    // several lines, GST 0%
    [
      [
        [2, 150_000],
        [1, 99_950],
      ],
      0,
      0,
      0,
      399_950,
      0,
      399_950,
    ],
    // 28% on ₹1,00,000.01 = 2,800,000.28 paise → 2,800,000
    [[[1, 10_000_001]], 0, 0, 2800, 10_000_001, 2_800_000, 12_800_001],
  ];
  it.each(cases)(
    'lines %j, shipping %i, discount %i, GST %i bp',
    (lines, shippingMinor, discountMinor, gstRateBasisPoints, subtotal, gst, total) => {
      const totals = computeOfferTotals({
        lines: lines.map(([quantity, unitPriceMinor]) => ({ quantity, unitPriceMinor })),
        shippingMinor,
        discountMinor,
        gstRateBasisPoints,
      });
      expect(totals.subtotalMinor).toBe(subtotal);
      expect(totals.gstMinor).toBe(gst);
      expect(totals.totalMinor).toBe(total);
      expect(totals.taxableMinor).toBe(subtotal - discountMinor + shippingMinor);
    },
  );

  it('reads rupees and percentages to the hundredth without float drift', () => {
    expect(hundredthsOf('10000.5')).toBe(1_000_050);
    expect(hundredthsOf('0.07')).toBe(7);
    expect(hundredthsOf('12.5')).toBe(1250);
    expect(hundredthsOf('1.005')).toBeNull();
    expect(hundredthsOf('-1')).toBeNull();
    expect(hundredthsOf('1e3')).toBeNull();
  });
});

describe('the offer state machine', () => {
  const offer = (status: OfferStatus, isLatestSent = true) => ({
    status,
    validUntil: '2026-12-08',
    isLatestSent,
  });
  const india = 'Asia/Kolkata';
  const open = new Date('2026-12-08T18:29:59Z'); // 23:59:59 on December 8 in India
  const late = new Date('2026-12-08T18:30:01Z'); // 00:00:01 on December 9

  it("holds an offer until the end of its day, in the shop's time zone", () => {
    expect(offerExpiresAt('2026-12-08', india).toISOString()).toBe('2026-12-08T18:29:59.999Z');
    expect(offerStatusAt(offer('sent'), open, india)).toBe('sent');
    expect(offerStatusAt(offer('sent'), late, india)).toBe('expired');
    expect(offerStatusAt(offer('accepted'), late, india)).toBe('accepted');
    // In Toronto, December 8 ends at 05:00 UTC on the 9th.
    expect(offerExpiresAt('2026-12-08', 'America/Toronto').toISOString()).toBe(
      '2026-12-09T04:59:59.999Z',
    );
    expect(offerStatusAt(offer('sent'), late, 'America/Toronto')).toBe('sent');
  });

  it('lets the customer act on the latest open offer only', () => {
    expect(customerActionsFor(offer('sent'), open, india)).toEqual([
      'accept',
      'ask-changes',
      'decline',
    ]);
    expect(customerActionsFor(offer('sent'), late, india)).toEqual(['ask-new-offer']);
    expect(customerActionsFor(offer('sent', false), open, india)).toEqual([]);
    for (const status of ['accepted', 'declined', 'superseded', 'withdrawn', 'draft'] as const) {
      expect(customerActionsFor(offer(status), open, india)).toEqual([]);
    }
  });

  it("refuses with the page's words", () => {
    expect(offerRefusal(offer('sent'), 'accept', open, india)).toBeNull();
    expect(offerRefusal(offer('sent'), 'accept', late, india)).toBe('This offer has expired.');
    expect(offerRefusal(offer('superseded', false), 'accept', open, india)).toBe(
      'This offer has been replaced by a newer version.',
    );
    expect(offerRefusal(offer('withdrawn'), 'accept', open, india)).toBe(
      'This offer has been withdrawn.',
    );
    expect(offerRefusal(offer('accepted'), 'accept', open, india)).toBe(
      'This offer was already accepted.',
    );
  });

  it("gives the owner's buttons by the latest offer", () => {
    expect(ownerActionsFor(null, false)).toEqual(['save-draft', 'send']);
    expect(ownerActionsFor({ status: 'draft' }, false)).toEqual(['save-draft', 'send']);
    expect(ownerActionsFor({ status: 'sent' }, false)).toEqual([
      'save-draft',
      'revise',
      'withdraw',
    ]);
    expect(ownerActionsFor({ status: 'expired' }, false)).toEqual(['save-draft', 'send']);
    expect(ownerActionsFor({ status: 'accepted' }, false)).toEqual([]);
    expect(ownerActionsFor({ status: 'declined' }, true)).toEqual([]);
  });
});

describe('the lifecycle forms', () => {
  const composer = {
    lines: [{ description: 'Lotus urli', quantity: '2', unitPrice: '1250.50' }],
    shipping: '',
    discount: '100',
    gstRate: '12',
    validUntil: '2026-12-08',
    leadTimeDays: '',
    terms: '',
    note: '',
  };

  it('reads the composer in paise and basis points', () => {
    expect(offerComposerSchema.parse(composer)).toMatchObject({
      lines: [{ quantity: 2, unitPrice: 125_050 }],
      shipping: 0,
      discount: 10_000,
      gstRate: 1200,
      leadTimeDays: null,
      note: null,
    });
  });

  it('refuses a discount above the lines, an empty offer and a price with three decimals', () => {
    const problems = (input: unknown) =>
      offerComposerSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(problems({ ...composer, discount: '2501.01' })).toEqual([
      'The discount cannot be more than the lines',
    ]);
    expect(problems({ ...composer, lines: [], discount: '0' })).toEqual(['Add at least one line']);
    expect(
      problems({ ...composer, lines: [{ description: 'x', quantity: '1', unitPrice: '1.005' }] }),
    ).toEqual(['Unit price must be an amount like 1250.50']);
  });

  it('reads "Made to order" from a ticked checkbox ("on") or the API’s true; absent is unticked', () => {
    const line = {
      productId: 'lotus-urli',
      description: 'Lotus urli',
      quantity: '1',
      unitPrice: '10',
    };
    const madeToOrder = (value?: unknown) =>
      offerLineSchema.parse(value === undefined ? line : { ...line, madeToOrder: value })
        .madeToOrder;
    expect(madeToOrder('on')).toBe(true);
    expect(madeToOrder(true)).toBe(true);
    expect(madeToOrder(undefined)).toBe(false);
    expect(madeToOrder(false)).toBe(false);
    expect(madeToOrder('')).toBe(false);
  });

  it('makes a custom line made to order always, a catalogue piece only when ticked (§24)', () => {
    expect(lineIsMadeToOrder({ productId: null })).toBe(true);
    expect(lineIsMadeToOrder({ productId: undefined, madeToOrder: false })).toBe(true);
    expect(lineIsMadeToOrder({ productId: '', madeToOrder: false })).toBe(true);
    expect(lineIsMadeToOrder({ productId: 'lotus-urli', madeToOrder: false })).toBe(false);
    expect(lineIsMadeToOrder({ productId: 'lotus-urli' })).toBe(false);
    expect(lineIsMadeToOrder({ productId: 'lotus-urli', madeToOrder: true })).toBe(true);
  });

  it('takes a 12-digit UTR for UPI and 6 to 22 letters and digits for a bank transfer', () => {
    const reference = (paymentMethod: 'upi' | 'bank transfer', text: string) =>
      paymentReferenceSubmissionSchema.safeParse({ paymentMethod, reference: text });
    expect(reference('upi', '4321 5678 9012').data?.reference).toBe('432156789012');
    expect(reference('upi', '43215678901').success).toBe(false);
    expect(reference('upi', 'ABCDEF123456').success).toBe(false);
    expect(reference('bank transfer', 'hdfc0012').data?.reference).toBe('HDFC0012');
    expect(reference('bank transfer', 'AB12').success).toBe(false);
    expect(reference('bank transfer', 'A'.repeat(23)).success).toBe(false);
    expect(reference('bank transfer', 'ABC-1234').success).toBe(false);
  });

  it('asks a new address for its fields unless a saved one is chosen', () => {
    expect(acceptOfferSchema.safeParse({ paymentMethod: 'upi', addressId: 'a1' }).success).toBe(
      true,
    );
    const missing = acceptOfferSchema.safeParse({ paymentMethod: 'upi', streetAddress: '12 Road' });
    expect(missing.error?.issues.map((issue) => issue.path[0])).toEqual([
      'city',
      'state',
      'country',
      'postalCode',
    ]);
    expect(acceptOfferSchema.safeParse({ paymentMethod: 'cash', addressId: 'a1' }).success).toBe(
      false,
    );
  });

  it('reads references and keys as links carry them, and nothing else', () => {
    expect(quotationReferenceSchema.parse(' q-20261124-0001 ')).toBe('Q-20261124-0001');
    expect(quotationReferenceSchema.safeParse('Q-2026-1').success).toBe(false);
    expect(quotationKeySchema.safeParse('a'.repeat(21)).success).toBe(false);
    expect(quotationKeySchema.safeParse('abc$'.repeat(8)).success).toBe(false);
  });

  it('builds the UPI pay link with the amount in rupees and paise', () => {
    expect(
      upiPaymentUri({
        upiId: 'kalakriti@upi',
        shopName: 'Kalakriti Artisan Decor',
        totalMinor: 2_296_112,
        orderNumber: 'ORD-20261124-0001',
      }),
    ).toBe(
      'upi://pay?pa=kalakriti%40upi&pn=Kalakriti%20Artisan%20Decor&am=22961.12&cu=INR&tn=ORD-20261124-0001',
    );
  });
});
