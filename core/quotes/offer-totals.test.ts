import { describe, expect, it } from 'vitest';
import { offerTotalRows, orderTotalRows } from './offer-totals';

const offer = {
  subtotalMinor: 178_200_00,
  discountMinor: 8_200_00,
  shippingMinor: 6_500_00,
  gstRateBasisPoints: 1250,
  gstMinor: 22_062_50,
  totalMinor: 198_562_50,
};

describe('the totals of an offer and of an order', () => {
  it('lists subtotal, discount, shipping, GST with its rate and total, in that order', () => {
    expect(offerTotalRows(offer)).toEqual([
      { label: 'Subtotal', amount: '₹1,78,200', minor: 178_200_00 },
      { label: 'Discount', amount: '−₹8,200', minor: 8_200_00 },
      { label: 'Shipping', amount: '₹6,500', minor: 6_500_00 },
      { label: 'GST (12.5%)', amount: '₹22,062.50', minor: 22_062_50 },
      { label: 'Total', amount: '₹1,98,562.50', minor: 198_562_50, total: true },
    ]);
  });

  it('leaves the discount out when there is none', () => {
    const labels = offerTotalRows({ ...offer, discountMinor: 0 }).map((row) => row.label);
    expect(labels).toEqual(['Subtotal', 'Shipping', 'GST (12.5%)', 'Total']);
  });

  it("shows an order's discount, so that its lines add up to its total", () => {
    const rows = orderTotalRows({
      subtotalMinor: 10_000_00,
      discountMinor: 1_000_00,
      shippingAmountMinor: 500_00,
      taxAmountMinor: 1_140_00,
      totalAmountMinor: 10_640_00,
      gstRateBasisPoints: 1200,
    });
    expect(rows.map((row) => `${row.label} ${row.amount}`)).toEqual([
      'Subtotal ₹10,000',
      'Discount −₹1,000',
      'Shipping ₹500',
      'GST (12%) ₹1,140',
      'Total ₹10,640',
    ]);
  });

  it('names the tax of an order made from no offer "Tax"', () => {
    const rows = orderTotalRows({
      subtotalMinor: 10_000_00,
      discountMinor: 0,
      shippingAmountMinor: 0,
      taxAmountMinor: 1_200_00,
      totalAmountMinor: 11_200_00,
      gstRateBasisPoints: null,
    });
    expect(rows.map((row) => row.label)).toEqual(['Subtotal', 'Shipping', 'Tax', 'Total']);
  });
});
