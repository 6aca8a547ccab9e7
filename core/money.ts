/** Money is integer minor units (paise) everywhere; it is formatted only here (DESIGN.md §3). */

const PAISE_PER_RUPEE = 100;

export function rupeesToMinor(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE);
}

export function minorToRupees(minor: number): number {
  return minor / PAISE_PER_RUPEE;
}

const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const rupeesAndPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
});

/**
 * spec §9: rupee sign with thousands separators. Indian digit grouping (₹1,25,000), which is how
 * the shop's customers read rupee amounts.
 */
export function formatRupees(minor: number): string {
  const formatter = minor % PAISE_PER_RUPEE === 0 ? wholeRupees : rupeesAndPaise;
  return formatter.format(minorToRupees(minor));
}
