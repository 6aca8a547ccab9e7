/** Money is integer minor units (paise) everywhere; it is formatted only here (docs/design.md §3). */

const PAISE_PER_RUPEE = 100;

export function rupeesToMinor(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE);
}

export function minorToRupees(minor: number): number {
  return minor / PAISE_PER_RUPEE;
}

// Grouped by hand rather than with Intl.NumberFormat('en-IN'): creating the first Intl formatter
// loads the browser's locale data, a single long task during hydration on a slow phone (docs/decisions/010).
// core/money/money.test.ts holds the output equal to Intl's en-IN rupee format.
function indianGrouping(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${rest},${lastThree}`;
}

/**
 * spec §9: rupee sign with thousands separators. Indian digit grouping (₹1,25,000), which is how
 * the shop's customers read rupee amounts; paise only when there are any (₹1,250.50).
 */
export function formatRupees(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const magnitude = Math.abs(Math.round(minor));
  const rupees = indianGrouping(Math.floor(magnitude / PAISE_PER_RUPEE));
  const paise = magnitude % PAISE_PER_RUPEE;
  return `${sign}₹${rupees}${paise === 0 ? '' : `.${String(paise).padStart(2, '0')}`}`;
}

const BASIS_POINTS_PER_PERCENT = 100;

/**
 * docs/requirements.md §10: a rate stored in basis points as the percentage people write, without trailing
 * zeros: 1200 → "12", 1250 → "12.5", 1225 → "12.25" (the GST line reads "GST (12.5%)"). Integer
 * arithmetic, so no float ever prints as 12.499999.
 */
export function formatPercentFromBasisPoints(basisPoints: number): string {
  if (!Number.isInteger(basisPoints)) {
    throw new RangeError(`A rate in basis points is a whole number, got ${basisPoints}`);
  }
  const sign = basisPoints < 0 ? '-' : '';
  const magnitude = Math.abs(basisPoints);
  const whole = Math.floor(magnitude / BASIS_POINTS_PER_PERCENT);
  const hundredths = magnitude % BASIS_POINTS_PER_PERCENT;
  if (hundredths === 0) return `${sign}${whole}`;
  const fraction = String(hundredths).padStart(2, '0').replace(/0$/, '');
  return `${sign}${whole}.${fraction}`;
}
