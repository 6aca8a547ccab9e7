import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { upiQrSvg } from './upi-qr';

const payLink = 'upi://pay?pa=shop@okaxis&pn=Artisan%20Decor&am=1234.50&cu=INR&tn=Q-20261124-0001';

describe('upiQrSvg', () => {
  it('is inline SVG markup, sized by CSS through its viewBox', async () => {
    const svg = await upiQrSvg(payLink);
    expect(svg.startsWith('<svg ')).toBe(true);
    expect(svg).not.toContain('<?xml');
    expect(svg).toMatch(/ viewBox="0 0 (\d+) \1"/);
    expect(svg).not.toMatch(/<svg[^>]* (width|height)=/);
    expect(svg).toMatch(/<path [^>]*d="M[^"]+"/);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  });

  it('draws the code at error correction level M with a two-module quiet zone', async () => {
    const svg = await upiQrSvg(payLink);
    const expected = encode(payLink, { ecc: 'M', border: 2 });
    expect(svg).toContain(` viewBox="0 0 ${expected.size} ${expected.size}"`);
    // The dark squares drawn, read back from the path, are exactly the level-M matrix's dark
    // modules (level L or another quiet zone would place them elsewhere).
    const drawn = [...svg.matchAll(/M(\d+),(\d+)h1v1h-1z/g)].map(([, x, y]) => `${x},${y}`);
    const darkModules = expected.data.flatMap((row, y) =>
      row.flatMap((dark, x) => (dark ? [`${x},${y}`] : [])),
    );
    expect(drawn).toEqual(darkModules);
  });

  it('gives a different code for a different link', async () => {
    const other = payLink.replace('am=1234.50', 'am=1234.51');
    expect(await upiQrSvg(other)).not.toBe(await upiQrSvg(payLink));
  });
});
