import { renderSVG } from 'uqr';

/**
 * docs/requirements.md §10: the QR code of an offer's `upi://pay?…` link, for a customer's UPI app to scan. An
 * inline `<svg>` with a viewBox and no width or height, so the caller's CSS sizes it, and no XML
 * prolog, so it can sit inside HTML; the caller wraps it with its accessible name.
 *
 * uqr, which the authenticator enrolment already uses, rather than a second QR library
 * (docs/design.md §3: dependencies are chosen, not collected).
 */
export async function upiQrSvg(uri: string): Promise<string> {
  return renderSVG(uri, {
    // Level M survives a smudged or creased print-out of the offer; the border of two modules is
    // the quiet zone that scanners need around the code.
    ecc: 'M',
    border: 2,
    // One viewBox unit per module keeps the path short; CSS scales it.
    pixelSize: 1,
  });
}
