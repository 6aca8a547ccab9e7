import { describe, expect, it } from 'vitest';
import { whatsappChatUrl, whatsappNumberOf } from './quote-links';

describe('WhatsApp click-to-chat', () => {
  it('writes a bare Indian mobile in international form, digits only', () => {
    expect(whatsappNumberOf('98290 44444')).toBe('919829044444');
    expect(whatsappNumberOf('+91 98290-44444')).toBe('919829044444');
    expect(whatsappNumberOf('+1 (416) 555-0199')).toBe('14165550199');
  });

  it("carries the customer's private link in the message", () => {
    const url = whatsappChatUrl({
      publicUrl: 'https://shop.example',
      shopName: 'Banswara Crafts',
      reference: 'Q-20261127-0001',
      key: 'abc_DEF-123',
      customerName: 'Kabir Mehta',
      customerMobile: '98290 44444',
    });
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('https://wa.me/919829044444');
    expect(parsed.searchParams.get('text')).toBe(
      'Hello Kabir Mehta, your quotation Q-20261127-0001 from Banswara Crafts is ready: https://shop.example/quotes/Q-20261127-0001?key=abc_DEF-123',
    );
  });
});
