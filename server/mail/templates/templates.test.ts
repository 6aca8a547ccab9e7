import { beforeAll, describe, expect, it } from 'vitest';
import { lineText } from '../../../core/quotes/line-text';
import { formatRupees } from '../../../core/money/money';
import { approximateText, type DisplayRate } from '../../../core/money/display-amount';
import { formatRupeesWithApproximation } from '../../../core/money/display-currency';
import { offerTotalRows } from '../../../core/quotes/offer-totals';
import {
  mailSamples,
  REQUESTER_NOTES_MARKER,
  sampleShop,
} from '../../../tests/support/mail-samples';
import type {
  CustomerMessageKind,
  MailTemplateName,
  MailTemplateProps,
  RenderedMail,
} from './props';
import { mailTemplates, renderMailTemplate } from '.';

const names = Object.keys(mailTemplates) as MailTemplateName[];

function renderSample<Name extends MailTemplateName>(name: Name): Promise<RenderedMail> {
  return renderMailTemplate(name, mailSamples[name], sampleShop);
}

function decodeEntities(html: string): string {
  return html
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&');
}

/** Every link of the HTML part a reader can follow: web, UPI, phone and mail addresses. */
function linksOf(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)]
    .map(([, href = '']) => decodeEntities(href))
    .filter((href) => /^(https?:|upi:|tel:|mailto:)/.test(href));
}

/** The values under `…Minor` keys, anywhere in the props: the amounts the mail must show. */
function amountsOf(value: unknown): number[] {
  if (Array.isArray(value)) return value.flatMap(amountsOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, entry]) =>
    key.endsWith('Minor') && typeof entry === 'number' ? [entry] : amountsOf(entry),
  );
}

/** The addresses in the props (links, and the webhook endpoint shown as text). */
function addressesOf(value: unknown): string[] {
  if (typeof value === 'string') return /^(https?|upi):\/\//.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(addressesOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(addressesOf);
}

/** The words the HTML part shows, tags and comments taken out, on one line. */
function wordsOf(html: string): string {
  const body = html.slice(html.indexOf('<body'));
  return decodeEntities(body.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

function linesOf(text: string): string[] {
  return text.split('\n').map((line) => line.trim());
}

// The subjects users know and other tests match (server/modules/notifications, server/auth).
const expectedSubjects: { [Name in MailTemplateName]: string } = {
  // docs/requirements.md §18: several pieces read as the admin list sums them up.
  'quotation-request-owner':
    'New quotation request: Floral Inlay Marble Urli × 20 and 3 more pieces',
  'quotation-request-customer':
    'We received your quotation request for Floral Inlay Marble Urli × 20 and 3 more pieces',
  'contact-message-owner': 'New message: Custom size for the Dhokra elephants',
  'callback-request-owner': 'Call-back request from +91 99876 54321',
  'newsletter-welcome': 'Welcome to the Kalakriti newsletter',
  'webhook-endpoint-disabled':
    'Webhook endpoint disabled: https://erp.iyerinteriors.in/integrations/kalakriti/webhooks/quotation-events',
  'daily-digest': '5 requests await your reply',
  'offer-sent-customer': 'Your quotation Q-20261126-0001 from Kalakriti',
  'offer-withdrawn-customer': 'Offer withdrawn: Q-20261126-0001',
  'shop-message-customer': 'New message on quotation Q-20261126-0001',
  'customer-message-owner': 'New message on quotation Q-20261126-0001',
  'offer-accepted-customer': 'Offer accepted: Q-20261126-0001',
  'offer-accepted-owner': 'Offer accepted: Q-20261126-0001',
  'offer-expiring-customer': 'Your offer Q-20261126-0001 expires in 2 days',
  'offer-expired-customer': 'Offer expired: Q-20261126-0001',
  'offer-expired-owner': 'Offer expired: Q-20261126-0001',
  'payment-reference-owner': 'Advance reference received for ORD-20261127-0042',
  'payment-confirmed-customer': 'Payment confirmed for ORD-20261127-0042',
  // docs/requirements.md §21
  'advance-confirmed-customer': 'Advance received for ORD-20261127-0042: balance due',
  'balance-confirmed-customer': 'Payment confirmed for ORD-20261127-0042',
  // docs/requirements.md §24, word for word
  'order-shipped-customer': 'Your order ORD-20261127-0042 has shipped',
  'order-delivered-customer': 'Your order ORD-20261127-0042 was delivered',
  // The refund's rupees alone, as the price drop's subject has them.
  'order-refunded-customer': 'Refund of ₹1,24,600 for ORD-20261127-0042',
  // docs/requirements.md §24 "Returns", word for word
  'return-requested-owner': 'Return requested for ORD-20261127-0042',
  'return-approved-customer': 'Your return for ORD-20261127-0042 is approved',
  'return-declined-customer': 'Your return for ORD-20261127-0042 was declined',
  // docs/requirements.md §24 "Making-of updates"
  'production-update-customer': 'News of your order ORD-20261127-0042',
  // docs/requirements.md §23, word for word
  'invoice-issued-customer': 'Your invoice KK/26-27/0042',
  'credit-note-issued-customer': 'Your credit note KKC/26-27/0003',
  'quotation-merged-customer': 'Your requests are merged into Q-20261126-0001',
  // docs/requirements.md §21, word for word, spec §9's rupees
  'price-drop-customer': 'A piece on your wishlist is now ₹1,49,500 (was ₹1,82,000)',
  'reset-password': 'Reset your Kalakriti password',
  'verify-email': 'Verify your Kalakriti e-mail address',
  'confirm-new-email': 'Confirm your new Kalakriti e-mail address',
  'sign-up-attempt': 'Someone tried to sign up with your Kalakriti address',
  'sign-in-code': 'Your Kalakriti sign-in code',
  'passkey-added': 'A passkey was added to your Kalakriti account',
};

it('has a sample for every template and a template for every sample', () => {
  expect(Object.keys(mailSamples).sort()).toEqual([...names].sort());
});

describe.each(names)('the %s mail', (name) => {
  let mail: RenderedMail;
  beforeAll(async () => {
    mail = await renderSample(name);
  });

  it('keeps its subject', () => {
    expect(mail.subject).toBe(expectedSubjects[name]);
  });

  it('prints every link of the HTML part on a line of its own in the text part', () => {
    const links = linksOf(mail.html);
    expect(links.length).toBeGreaterThan(0);
    const lines = linesOf(mail.text);
    for (const link of links) {
      if (/^(https?|upi):/.test(link)) {
        expect(lines, `${link} on its own line`).toContain(link);
      } else {
        // A mail or phone link reads as its address ("Call +91 98290 12345").
        const address = link.replace(/^(mailto|tel):/, '');
        const found = lines.some((line) => line.replace(/\s+/g, '').includes(address));
        expect(found, `${address} in the text part`).toBe(true);
      }
    }
  });

  it('shows every address and every amount of its props in both parts', () => {
    const html = decodeEntities(mail.html);
    for (const address of addressesOf(mailSamples[name])) {
      expect(html, address).toContain(address);
      expect(mail.text, address).toContain(address);
    }
    // A zero is not always shown (no discount line without a discount).
    for (const amount of amountsOf(mailSamples[name]).filter((minor) => minor !== 0)) {
      expect(mail.html, formatRupees(amount)).toContain(formatRupees(amount));
      expect(mail.text, formatRupees(amount)).toContain(formatRupees(amount));
    }
  });

  it('never prints null, undefined or NaN', () => {
    for (const part of [mail.subject, mail.html, mail.text]) {
      expect(part).not.toMatch(/\b(null|undefined|NaN)\b/);
      expect(part).not.toMatch(/v(null|undefined|NaN)\b/);
      expect(part).not.toContain('[object Object]');
    }
  });

  it('loads nothing from elsewhere: no remote image, font or style sheet', () => {
    expect(mail.html).not.toMatch(/<img\b[^>]*\ssrc="?https?:/i);
    expect(mail.html).not.toMatch(/<link\b/i);
    expect(mail.html).not.toMatch(/@import|@font-face/i);
    expect(mail.html).not.toMatch(/url\(\s*['"]?https?:/i);
  });

  it('has the shop name, the footer links, a hidden preheader kept out of the text, and dark mode', () => {
    const links = linksOf(mail.html);
    expect(links).toEqual(
      expect.arrayContaining([
        'tel:+919829012345',
        'https://wa.me/919829012345',
        'mailto:hello@kalakriti.in',
      ]),
    );
    const preheader = /<div[^>]*data-skip-in-text="true"[^>]*>([^<]+)/.exec(mail.html)?.[1];
    expect(preheader?.trim()).toBeTruthy();
    expect(mail.text).not.toContain(decodeEntities(preheader ?? '').trim());
    expect(mail.html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(mail.html).toContain('<meta name="supported-color-schemes" content="light dark"/>');
    expect(mail.html).toContain('@media (prefers-color-scheme: dark)');
    expect(mail.text.startsWith(`${sampleShop.name}\n`)).toBe(true);
  });
});

describe('the layout', () => {
  it('shows no WhatsApp link when the shop has no number', async () => {
    const mail = await renderMailTemplate('reset-password', mailSamples['reset-password'], {
      ...sampleShop,
      whatsappNumber: '',
    });
    expect(mail.html).not.toContain('wa.me');
    expect(mail.text).not.toContain('WhatsApp');
  });
});

describe('the quotation request confirmation', () => {
  const sample = mailSamples['quotation-request-customer'];
  const owner = mailSamples['quotation-request-owner'];

  it('carries nothing the requester wrote when the address is not theirs', async () => {
    const mail = await renderMailTemplate(
      'quotation-request-customer',
      { ...sample, requester: null },
      sampleShop,
    );
    for (const part of [mail.subject, mail.html, mail.text]) {
      expect(part).not.toContain(REQUESTER_NOTES_MARKER);
      expect(part).not.toContain(owner.requester.name);
      expect(part).not.toContain(owner.requester.company ?? '');
      expect(part).not.toContain('Dear');
    }
    expect(mail.text).toContain('If you did not ask for a quotation, ignore this e-mail.');
  });

  it('shows the verified requester their own words', async () => {
    const mail = await renderMailTemplate(
      'quotation-request-customer',
      { ...sample, requester: owner.requester },
      sampleShop,
    );
    expect(mail.text).toContain(REQUESTER_NOTES_MARKER);
    expect(mail.text).toContain(`Dear ${owner.requester.name},`);
    // Escaped by React: the requester's markup is text.
    expect(mail.html).toContain('&lt;b&gt;please&lt;/b&gt;');
    expect(mail.text).toContain('<b>please</b>');
  });

  it('names one piece in the subject as it is', async () => {
    const mail = await renderMailTemplate(
      'quotation-request-owner',
      { ...owner, pieces: owner.pieces.slice(0, 1) },
      sampleShop,
    );
    expect(mail.subject).toBe('New quotation request: Floral Inlay Marble Urli');
    const confirmation = await renderMailTemplate(
      'quotation-request-customer',
      { ...sample, pieces: sample.pieces.slice(0, 1) },
      sampleShop,
    );
    expect(confirmation.subject).toBe(
      'We received your quotation request for Floral Inlay Marble Urli',
    );
  });

  // docs/requirements.md §18: a request from the quote list is every piece on it, each with its own notes.
  it.each([
    ['the owner', 'quotation-request-owner', owner],
    [
      'the verified requester',
      'quotation-request-customer',
      { ...sample, requester: owner.requester },
    ],
  ] as const)(
    'lists every piece for %s with its quantity and notes, and the GSTIN, in both parts',
    async (_who, name, props) => {
      const mail = await renderMailTemplate(name, props, sampleShop);
      const html = wordsOf(mail.html);
      expect(props.pieces).toHaveLength(4);
      expect(props.pieces.filter((piece) => piece.notes)).toHaveLength(2);
      for (const part of [mail.text, html]) expect(part).toContain('4 pieces');
      for (const piece of props.pieces) {
        // Each piece, its quantity and its notes together, in this order, in both parts.
        const notes = piece.notes ? [`Notes: ${piece.notes}`] : [];
        expect(mail.text).toContain(
          [piece.name, piece.productUrl, `Quantity: ${piece.quantity}`, ...notes].join('\n'),
        );
        expect(html).toContain(
          [piece.name, `Quantity: ${piece.quantity}`, ...notes].join(' ').replaceAll('\n', ' '),
        );
        expect(linksOf(mail.html)).toContain(piece.productUrl);
      }
      // The pieces in the buyer's order.
      const positions = props.pieces.map((piece) => mail.text.indexOf(`${piece.name}\n`));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      for (const part of [mail.text, html]) {
        expect(part).toContain('Notes for the whole request');
        expect(part).toContain(`GSTIN: ${owner.requester.gstin}`);
      }
    },
  );

  it('shows no GSTIN line when the buyer gave none', async () => {
    const mail = await renderMailTemplate(
      'quotation-request-owner',
      { ...owner, requester: { ...owner.requester, gstin: null } },
      sampleShop,
    );
    expect(mail.text).not.toContain('GSTIN');
  });

  it("lists every piece and quantity to an unverified address, without any piece's notes", async () => {
    const mail = await renderSample('quotation-request-customer');
    for (const piece of sample.pieces) {
      expect(mail.text).toContain(
        `${piece.name}\n${piece.productUrl}\nQuantity: ${piece.quantity}`,
      );
    }
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('Notes');
      expect(part).not.toContain('darker polish');
      expect(part).not.toContain(owner.requester.gstin);
    }
  });
});

describe('the offer mail', () => {
  // In rupees only: the approximate amounts have their own tests below.
  const sample = { ...mailSamples['offer-sent-customer'], displayRate: null };

  it('lands “View the offer” on the offer itself, keeping the link’s key', async () => {
    const { html } = await renderSample('offer-sent-customer');
    const link = /<a\b[^>]*href="([^"]+)"[^>]*>(?:(?!<\/a>)[\s\S])*View the offer/.exec(html);
    expect(link?.[1]?.replaceAll('&amp;', '&')).toBe(`${sample.quotationUrl}#current-offer`);
  });

  it('reads its lines and totals in the plain-text part in the page order', async () => {
    const { text } = await renderMailTemplate('offer-sent-customer', sample, sampleShop);
    const lines = linesOf(text);
    expect(lines).toContain('Floral Inlay Marble Urli — 20 × ₹2,300 = ₹46,000');
    const totals = ['Subtotal: ₹1,78,200', 'Discount: −₹8,200', 'Shipping: ₹6,500'];
    const order = [...totals, 'GST (12%): ₹21,180', 'Total: ₹1,97,680'].map((line) =>
      lines.indexOf(line),
    );
    expect(order.every((index) => index >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(lines).toContain('Valid until December 10, 2026');
    expect(text).toContain('The offer is attached as a PDF.');
    expect(text).toContain('replaces our earlier offer');
  });

  it('stacks each line in one cell, the piece over "20 × ₹2,300 = ₹46,000", in both parts', async () => {
    const { html, text } = await renderMailTemplate('offer-sent-customer', sample, sampleShop);
    // The innermost rows: React Email nests a section's table in the layout's cells.
    const rows = [...html.matchAll(/<tr\b[^>]*>((?:(?!<tr\b)[\s\S])*?)<\/tr>/g)].map(
      ([, row = '']) => row,
    );
    for (const line of sample.offer.lines) {
      const words = lineText(line);
      expect(linesOf(text)).toContain(`${line.description} — ${words}`);
      // One cell a line, so a narrow client has no column to squeeze: no media query needed.
      const row = rows.find((cells) => cells.includes(line.description));
      expect(row, line.description).toBeDefined();
      expect(row!.match(/<td\b/g), line.description).toHaveLength(1);
      expect(wordsOf(`<body>${row!}`)).toBe(`${line.description} ${words}`);
    }
    expect(lineText(sample.offer.lines[0]!)).toBe('20 × ₹2,300 = ₹46,000');
  });

  it('says the payment sentence made from the offer’s advance, then the shop’s terms and note, in both parts', async () => {
    const { html, text } = await renderMailTemplate('offer-sent-customer', sample, sampleShop);
    const lines = linesOf(text);
    // ₹1,97,680 at 50%: the balance is ₹98,840
    const expected = [
      'Terms',
      '50% advance on acceptance, the balance of ₹98,840 before dispatch.',
      'Prices include packing.',
      'Returns within 7 days of delivery, in the original packing.',
      'A note from the shop',
      'Revised: the brass elephants at ₹14,750 a pair, as you asked.',
    ];
    const positions = expected.map((line) => lines.findIndex((entry) => entry.includes(line)));
    expect(
      positions.every((index) => index >= 0),
      positions.join(),
    ).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(lines.indexOf('Total: ₹1,97,680')).toBeLessThan(positions[0]!);
    const words = wordsOf(html);
    for (const line of expected) expect(words).toContain(line);
  });

  it('asks for payment in full on acceptance at 100%, and shows the sentence without terms or note', async () => {
    const { html, text } = await renderMailTemplate(
      'offer-sent-customer',
      { ...sample, offer: { ...sample.offer, advancePercent: 100, terms: '', note: null } },
      sampleShop,
    );
    for (const part of [text, wordsOf(html)]) {
      expect(part).toContain('Payment in full on acceptance.');
      expect(part).not.toContain('advance');
      expect(part).not.toContain('A note from the shop');
    }
  });

  it('shows no discount line without a discount, and no revision note on a first offer', async () => {
    const { text } = await renderMailTemplate(
      'offer-sent-customer',
      { ...sample, offer: { ...sample.offer, version: 1, discountMinor: 0, leadTimeDays: null } },
      sampleShop,
    );
    expect(text).not.toContain('Discount');
    expect(text).not.toContain('replaces');
    expect(text).not.toContain('dispatched within');
  });
});

describe('the customer step mail to the owner', () => {
  const sample = mailSamples['customer-message-owner'];
  const kinds: CustomerMessageKind[] = [
    'message',
    'changes-requested',
    'declined',
    'new-offer-requested',
  ];

  it.each(kinds)('never says "vnull" for a %s without an offer', async (kind) => {
    const mail = await renderMailTemplate(
      'customer-message-owner',
      { ...sample, kind, offerVersion: null },
      sampleShop,
    );
    expect(mail.text).not.toMatch(/\bv(null|undefined)?\b/);
    expect(mail.text).toContain('Ananya Iyer wrote:');
  });

  it('says "(no reason given)" for a decline without words', async () => {
    const props: MailTemplateProps['customer-message-owner'] = {
      ...sample,
      kind: 'declined',
      body: '',
    };
    const { text } = await renderMailTemplate('customer-message-owner', props, sampleShop);
    expect(text).toContain(
      'Ananya Iyer declined offer v2 for Hand-carved Sheesham Jharokha Mirror and 1 more piece.',
    );
    expect(text).toContain('(no reason given)');
  });
});

describe('the paying mails', () => {
  it('offer the UPI button with the bank transfer as the alternative', async () => {
    const { html, text } = await renderSample('offer-accepted-customer');
    expect(linksOf(html)).toContain(mailSamples['offer-accepted-customer'].upiUrl);
    expect(text).toContain('Pay with UPI\nupi://pay?');
    expect(text).toContain('Or pay by bank transfer');
    expect(text).toContain('HDFC Bank, MI Road, Jaipur\nAccount 50200012345678');
  });

  it('give only the bank details for a bank transfer', async () => {
    const { text } = await renderMailTemplate(
      'offer-accepted-customer',
      { ...mailSamples['offer-accepted-customer'], paymentMethod: 'bank transfer', upiUrl: null },
      sampleShop,
    );
    expect(text).not.toContain('upi://');
    expect(text).toContain('Pay by bank transfer');
  });
});

describe('the payment reference mail to the owner', () => {
  it.each([
    ['advance', 'Advance reference received', 'for the advance of ₹98,840 on order'],
    ['balance', 'Balance reference received', 'for the balance of ₹98,840 on order'],
    ['full', 'Payment reference received', 'for the payment of ₹98,840 on order'],
  ] as const)('names the %s it pays, with its amount', async (payment, subject, body) => {
    const { subject: sent, text } = await renderMailTemplate(
      'payment-reference-owner',
      { ...mailSamples['payment-reference-owner'], payment },
      sampleShop,
    );
    expect(sent).toBe(`${subject} for ORD-20261127-0042`);
    expect(text.replace(/\s+/g, ' ')).toContain(
      `submitted the UPI reference 433512987654 ${body} ORD-20261127-0042.`,
    );
  });
});

describe('the identity mails', () => {
  it('keep the sign-in code out of the subject and the preheader, and in the body', async () => {
    const { subject, html, text } = await renderSample('sign-in-code');
    expect(subject).not.toMatch(/\d{6}/);
    expect(/<div[^>]*data-skip-in-text="true"[^>]*>([^<]+)/.exec(html)?.[1]).not.toMatch(/\d{6}/);
    // tests/e2e/support/accounts.ts reads the code with this phrase.
    expect(text).toMatch(/Your code to sign in is 493817/);
  });
});

describe('the newsletter welcome', () => {
  it('has the one-click unsubscribe link, in the footer too', async () => {
    const { unsubscribeUrl } = mailSamples['newsletter-welcome'];
    const { html, text } = await renderSample('newsletter-welcome');
    expect(linksOf(html).filter((link) => link === unsubscribeUrl)).toHaveLength(2);
    expect(linesOf(text)).toContain(unsubscribeUrl);
    expect(text).toContain('Unsubscribe from the newsletter');
  });
});

// docs/requirements.md §24: the buyer's mail of each shipment.
describe('the shipped mail', () => {
  const sample = mailSamples['order-shipped-customer'];
  const render = (props: Partial<MailTemplateProps['order-shipped-customer']> = {}) =>
    renderMailTemplate('order-shipped-customer', { ...sample, ...props }, sampleShop);

  it('says the day it left, the carrier, the tracking number beside its link, the pieces and the boxes', async () => {
    const { html, text } = await render();
    for (const part of [text.replace(/\s+/g, ' '), wordsOf(html)]) {
      expect(part).toContain(
        'Your order ORD-20261127-0042 left us on November 30, 2026 with Blue Dart.',
      );
      expect(part).toContain('Tracking number: 12345678901');
      expect(part).toContain('In this shipment:');
      expect(part).toContain('20 × Floral Inlay Marble Urli');
      expect(part).toContain('6 × Hand-carved Sheesham Jharokha Mirror');
      expect(part).toContain('2 boxes');
      expect(part).toContain('More pieces of your order will follow in another shipment.');
      expect(part).toContain('Your tax invoice KK/26-27/0042 is attached.');
    }
    const lines = linesOf(text);
    // The number stands right before "Track Shipment" and its link.
    const number = lines.indexOf('Tracking number: 12345678901');
    expect(lines.slice(number + 1, number + 3).filter(Boolean)).toEqual(['Track Shipment']);
    expect(lines).toContain(sample.trackingUrl);
    expect(linksOf(html)).toContain(sample.trackingUrl);
    expect(lines).toContain(sample.quotationUrl);
    expect(lines.indexOf('20 × Floral Inlay Marble Urli')).toBeLessThan(lines.indexOf('2 boxes'));
  });

  it('shows neither number nor link without them, "1 box", and no line of more to follow when all have shipped', async () => {
    const { html, text } = await render({
      trackingNumber: null,
      trackingUrl: null,
      boxes: 1,
      everyPieceShipped: true,
      photoUrl: null,
      invoiceNumber: null,
    });
    for (const part of [text.replace(/\s+/g, ' '), wordsOf(html)]) {
      expect(part).toContain('left us on November 30, 2026 with Blue Dart.');
      expect(part).not.toContain('Tracking number');
      expect(part).not.toContain('Track Shipment');
      expect(part).toMatch(/\b1 box\b/);
      expect(part).not.toContain('boxes');
      expect(part).not.toContain('More pieces');
      expect(part).not.toContain('invoice');
    }
    expect(linksOf(html)).not.toContain(sample.trackingUrl);
    expect(linesOf(text)).toContain(sample.quotationUrl);
  });

  // docs/decisions/017: a mail loads nothing from elsewhere, so the photo is a link to it.
  it('links the first photo of the packed boxes after the boxes, and shows no photo without', async () => {
    const { html, text } = await render();
    expect(text).toContain(`See the photo of your packed boxes\n${sample.photoUrl}`);
    expect(linksOf(html)).toContain(sample.photoUrl);
    expect(html).not.toMatch(/<img\b/i);
    const lines = linesOf(text);
    expect(lines.indexOf('2 boxes')).toBeLessThan(
      lines.indexOf('See the photo of your packed boxes'),
    );
    const without = await render({ photoUrl: null });
    for (const part of [without.html, without.text]) {
      expect(part).not.toContain('kalakriti.example/media');
      expect(part).not.toContain('photo');
    }
  });

  it('shows the number beside a link that does not carry it (India Post)', async () => {
    const indiaPost =
      'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx';
    const { text } = await render({
      carrierName: 'India Post',
      trackingNumber: 'EK123456789IN',
      trackingUrl: indiaPost,
    });
    const lines = linesOf(text).filter(Boolean);
    const number = lines.indexOf('Tracking number: EK123456789IN');
    expect(lines.slice(number, number + 3)).toEqual([
      'Tracking number: EK123456789IN',
      'Track Shipment',
      indiaPost,
    ]);
  });
});

// docs/requirements.md §24: the buyer's mail when the order reached her.
describe('the delivered mail', () => {
  const sample = mailSamples['order-delivered-customer'];

  it.each([
    ['customer', 'Thank you for letting us know it has reached you.', 'If it has not reached you'],
    [
      'shop',
      'If it has not reached you, reply to this mail and we will look into it at once.',
      'Thank you for letting us know',
    ],
  ] as const)(
    'says the day, and the line for an order marked by the %s',
    async (confirmedBy, says, saysNot) => {
      const { html, text } = await renderMailTemplate(
        'order-delivered-customer',
        { ...sample, confirmedBy },
        sampleShop,
      );
      for (const part of [text.replace(/\s+/g, ' '), wordsOf(html)]) {
        expect(part).toContain('Your order ORD-20261127-0042 was delivered on December 3, 2026.');
        expect(part).toContain(says);
        expect(part).not.toContain(saysNot);
      }
      expect(text).toContain(`View your order\n${sample.quotationUrl}`);
    },
  );
});

// docs/requirements.md §24: the buyer's mail of each refund on a cancelled order.
describe('the refund mail', () => {
  const sample = mailSamples['order-refunded-customer'];
  const render = (props: Partial<MailTemplateProps['order-refunded-customer']> = {}) =>
    renderMailTemplate('order-refunded-customer', { ...sample, ...props }, sampleShop);
  // wordsOf leaves a space where the reference's tag closes, before its full stop.
  const partsOf = ({ html, text }: RenderedMail) =>
    [text.replace(/\s+/g, ' '), wordsOf(html).replaceAll(' .', '.')] as const;

  it('says the amount, the day, the method and the reference, and how much of what she paid is back', async () => {
    const mail = await render();
    for (const part of partsOf(mail)) {
      expect(part).toContain(
        'We have refunded ₹1,24,600 for your order ORD-20261127-0042 on December 2, 2026, by UPI, reference UTR612345678901.',
      );
      expect(part).toContain('₹1,24,600 of the ₹2,49,200 you paid is now refunded.');
      expect(part).not.toContain('Everything you paid');
      expect(part).not.toContain('Credit note');
    }
    expect(mail.text).toContain(`View your order\n${sample.quotationUrl}`);
  });

  it('says everything is refunded after the last refund, and names the credit note it attaches', async () => {
    const mail = await render({
      fullyRefunded: true,
      refundedTotalMinor: 24_920_000,
      creditNoteNumber: 'KKC/26-27/0003',
    });
    for (const part of partsOf(mail)) {
      expect(part).toContain('Everything you paid, ₹2,49,200, is now refunded.');
      expect(part).not.toContain('of the ₹2,49,200 you paid');
      expect(part).toContain('Credit note KKC/26-27/0003 is attached.');
    }
  });

  // docs/requirements.md §24 "Returns": the refund that closes a return names its pieces, after the amount.
  it('names the returned pieces after the amount when the refund closes a return', async () => {
    const mail = await render({
      returnedPieces: [
        { productName: 'Blue Pottery Planter, large', quantity: 2 },
        { productName: 'Hand-carved Sheesham Jharokha Mirror', quantity: 1 },
      ],
      creditNoteNumber: 'KKC/26-27/0004',
    });
    const sentence =
      'This refund is for the pieces you returned: 2 × Blue Pottery Planter, large, 1 × Hand-carved Sheesham Jharokha Mirror.';
    for (const part of partsOf(mail)) {
      expect(part).toContain(sentence);
      expect(part.indexOf(sentence)).toBeGreaterThan(part.indexOf('We have refunded ₹1,24,600'));
      expect(part.indexOf(sentence)).toBeLessThan(part.indexOf('of the ₹2,49,200 you paid'));
      expect(part).toContain('Credit note KKC/26-27/0004 is attached.');
    }
    for (const part of partsOf(await render({ returnedPieces: [] }))) {
      expect(part).not.toContain('pieces you returned');
    }
  });

  it('shows "(≈ US$…)" beside its amounts with a display currency, and keeps the subject in rupees', async () => {
    const usd: DisplayRate = { currency: 'USD', rate: 835_000, setOn: '2026-11-27' };
    const mail = await render({ displayRate: usd });
    const amount = formatRupeesWithApproximation(12_460_000, usd);
    expect(amount).toMatch(/^₹1,24,600 \(≈ US\$[\d,]+\)$/);
    for (const part of partsOf(mail)) {
      expect(part).toContain(`We have refunded ${amount} for your order`);
      expect(part).toContain(
        `${amount} of the ${formatRupeesWithApproximation(24_920_000, usd)} you paid is now refunded.`,
      );
    }
    expect(mail.subject).toBe('Refund of ₹1,24,600 for ORD-20261127-0042');
  });
});

// docs/requirements.md §24 "Returns": the buyer's request to the owner, and the owner's answer to her.
describe('the return mails', () => {
  const requested = mailSamples['return-requested-owner'];
  const approved = mailSamples['return-approved-customer'];
  const declined = mailSamples['return-declined-customer'];
  const partsOf = ({ html, text }: RenderedMail) =>
    [text.replace(/\s+/g, ' '), wordsOf(html).replaceAll(' .', '.')] as const;

  it('tell the owner who asks, for which pieces and why, link each photo, and lead to the console', async () => {
    const mail = await renderSample('return-requested-owner');
    for (const part of partsOf(mail)) {
      expect(part).toContain('Ananya Iyer asks to return pieces of order ORD-20261127-0042.');
      expect(part).toContain(
        '2 × Blue Pottery Planter, large 1 × Hand-carved Sheesham Jharokha Mirror',
      );
      expect(part).toContain('2 photos with the request.');
    }
    const lines = linesOf(mail.text);
    expect(lines).toContain('2 × Blue Pottery Planter, large');
    expect(lines).toContain('1 × Hand-carved Sheesham Jharokha Mirror');
    // The buyer's words keep their line break, after "Reason: ".
    expect(mail.text).toContain(
      'Reason: Two of the planters arrived with chipped rims.\nThe mirror is smaller than the lobby wall needs.',
    );
    expect(mail.html).toContain(
      'Reason: <!-- -->Two of the planters arrived with chipped rims.<br/>The mirror',
    );
    // docs/decisions/017: the photos are links, never pictures loaded by the mail.
    expect(mail.text).toContain(`Photo 1\n${requested.photoUrls[0]}`);
    expect(mail.text).toContain(`Photo 2\n${requested.photoUrls[1]}`);
    expect(linksOf(mail.html)).toEqual(expect.arrayContaining(requested.photoUrls));
    expect(mail.html).not.toMatch(/<img\b/i);
    expect(mail.text).toContain(`Answer the Return\n${requested.adminUrl}`);
  });

  it('tell the owner of no photos when the request has none', async () => {
    const mail = await renderMailTemplate(
      'return-requested-owner',
      { ...requested, photoUrls: [] },
      sampleShop,
    );
    for (const part of [mail.html, mail.text]) {
      expect(part).not.toMatch(/photo/i);
      expect(part).not.toContain('/media/');
    }
  });

  it('say one photo as one', async () => {
    const mail = await renderMailTemplate(
      'return-requested-owner',
      { ...requested, photoUrls: requested.photoUrls.slice(0, 1) },
      sampleShop,
    );
    expect(mail.text).toContain('1 photo with the request.');
    expect(mail.text).not.toContain('Photo 2');
  });

  it('tell the buyer which pieces to send back, how, and that the way back is hers to pay', async () => {
    const mail = await renderSample('return-approved-customer');
    for (const part of partsOf(mail)) {
      expect(part).toContain(
        'We have approved the return of: 2 × Blue Pottery Planter, large 1 × Hand-carved Sheesham Jharokha Mirror How to send them back:',
      );
      expect(part).toContain('Return shipping is yours to arrange and pay.');
      expect(part).toContain('We will refund you once the pieces are back with us.');
    }
    // The owner's instructions in the owner's line breaks.
    expect(mail.text).toContain(approved.instructions);
    expect(mail.html).toContain(approved.instructions.replaceAll('\n', '<br/>'));
    expect(mail.text).toContain(`View your order\n${approved.quotationUrl}`);
  });

  it('tell the buyer which pieces the shop cannot take back, and why', async () => {
    const mail = await renderSample('return-declined-customer');
    for (const part of partsOf(mail)) {
      expect(part).toContain(
        'We cannot accept the return of: 2 × Blue Pottery Planter, large 1 × Hand-carved Sheesham Jharokha Mirror Why:',
      );
      expect(part).toContain('If you have a question, reply to this mail.');
    }
    expect(mail.text).toContain(`Why: ${declined.reason}`);
    expect(mail.text).toContain(`View your order\n${declined.quotationUrl}`);
  });
});

// docs/requirements.md §24 "Making-of updates": the owner's note on the buyer's piece being made.
describe('the production update mail', () => {
  const sample = mailSamples['production-update-customer'];
  const render = (props: Partial<MailTemplateProps['production-update-customer']> = {}) =>
    renderMailTemplate('production-update-customer', { ...sample, ...props }, sampleShop);
  const preheaderOf = (html: string) =>
    decodeEntities(/<div[^>]*data-skip-in-text="true"[^>]*>([^<]+)/.exec(html)?.[1] ?? '').trim();
  const first = 'The marble for your urli is cut and the inlay is half done.';
  const second = 'The artisans expect to finish polishing next week.';

  it('says the order and the day, then the note in its two paragraphs, in both parts', async () => {
    const { html, text } = await render();
    for (const part of [text.replace(/\s+/g, ' '), wordsOf(html)]) {
      expect(part).toContain(
        'Here is how your order ORD-20261127-0042 is coming along, as of December 2, 2026:',
      );
    }
    // The blank line between the paragraphs is kept: a line of its own in the text part.
    expect(text).toContain(`${first}\n\n${second}`);
    expect(html).toContain(`${first}<br/><br/>${second}`);
    expect(text).toContain(`See your order\n${sample.quotationUrl}`);
  });

  // docs/decisions/017: a mail loads nothing from elsewhere, so the photo is a link to it.
  it('links the photo when there is one, and shows no photo without', async () => {
    const mail = await render();
    expect(linksOf(mail.html)).toContain(sample.photoUrl);
    expect(mail.text).toContain(`See the photo of your order being made\n${sample.photoUrl}`);
    expect(mail.html).not.toMatch(/<img\b/i);
    const without = await render({ photoUrl: null, photoCount: 0 });
    for (const part of [without.html, without.text]) {
      expect(part).not.toContain('kalakriti.example/media');
      expect(part).not.toContain('photo');
    }
    expect(without.html).not.toMatch(/<img\b/i);
  });

  it.each([
    [3, '2 more photos on your order’s page.'],
    [2, '1 more photo on your order’s page.'],
    [1, null],
    [0, null],
  ] as const)('with %i photos says %s', async (photoCount, says) => {
    const { html, text } = await render({
      photoCount,
      photoUrl: photoCount ? sample.photoUrl : null,
    });
    for (const part of [text.replace(/\s+/g, ' '), wordsOf(html)]) {
      if (says) expect(part).toContain(says);
      else expect(part).not.toMatch(/more photos?/);
    }
  });

  it('previews the note on one line, cut after a word at 90 characters with "…"', async () => {
    const { html } = await render();
    // The note is 110 characters on one line; "finish" ends before the 90th.
    expect(preheaderOf(html)).toBe(
      'The marble for your urli is cut and the inlay is half done. The artisans expect to finish…',
    );
    const short = await render({ note: 'The inlay is done.\nPolishing next.' });
    expect(preheaderOf(short.html)).toBe('The inlay is done. Polishing next.');
    const exact = 'a'.repeat(85) + ' bcd';
    expect(preheaderOf((await render({ note: exact })).html)).toBe(exact);
    const word = 'x'.repeat(120);
    expect(preheaderOf((await render({ note: word })).html)).toBe(`${'x'.repeat(90)}…`);
  });
});

describe('the GST document mails', () => {
  // docs/requirements.md §23, word for word
  it('say which invoice is attached, for which order, and its total', async () => {
    const { html, text } = await renderSample('invoice-issued-customer');
    for (const part of [text.replace(/\s+/g, ' '), wordsOf(html)]) {
      expect(part).toContain(
        'Your tax invoice KK/26-27/0042 for order ORD-20261127-0042 is attached.',
      );
      expect(part).toContain('Total: ₹1,97,680');
    }
    expect(linesOf(text)).toContain(mailSamples['invoice-issued-customer'].quotationUrl);
  });

  it('say which invoice a credit note cancels and why', async () => {
    const { html, text } = await renderSample('credit-note-issued-customer');
    for (const part of [text.replace(/\s+/g, ' '), wordsOf(html)]) {
      expect(part).toContain(
        'Credit note KKC/26-27/0003 for order ORD-20261127-0042 cancels invoice KK/26-27/0042 (Order cancelled).',
      );
    }
    expect(linesOf(text)).toContain(mailSamples['credit-note-issued-customer'].quotationUrl);
  });
});

// docs/decisions/026: a customer whose account or request has a display currency reads every
// amount of these mails with its approximation beside the rupees, which stay the amount charged.
describe('the approximate amounts of the customer mails', () => {
  const usd: DisplayRate = { currency: 'USD', rate: 835_000, setOn: '2026-11-27' };
  const mails = [
    'offer-accepted-customer',
    'advance-confirmed-customer',
    'balance-confirmed-customer',
    'price-drop-customer',
    'payment-confirmed-customer',
    'offer-expiring-customer',
    'invoice-issued-customer',
    'order-refunded-customer',
  ] as const;

  it.each(mails)('%s shows "(≈ US$…)" beside each rupee amount, in both parts', async (name) => {
    const props = { ...mailSamples[name], displayRate: usd };
    const { html, text, subject } = await renderMailTemplate(name, props, sampleShop);
    const amounts = amountsOf(props);
    expect(amounts.length).toBeGreaterThan(0);
    for (const paise of amounts) {
      const shown = formatRupeesWithApproximation(paise, usd);
      expect(shown).toMatch(/^₹[\d,]+ \(≈ US\$[\d,]+\)$/);
      expect(text.replace(/\s+/g, ' '), shown).toContain(shown);
      expect(wordsOf(html), shown).toContain(shown);
    }
    // No rupee amount stands without its approximation but the subject's (the price drop's
    // heading repeats it), which keeps the rupees alone.
    for (const part of [text.replace(/\s+/g, ' '), wordsOf(html)]) {
      const body = part.replaceAll(subject, '');
      expect(body.match(/₹[\d,]+(?![\d,]| \(≈ US\$)/g) ?? [], body).toEqual([]);
    }
  });

  it.each(mails)('%s shows rupees only without a display currency', async (name) => {
    const props = { ...mailSamples[name], displayRate: null };
    const { html, text } = await renderMailTemplate(name, props, sampleShop);
    for (const paise of amountsOf(props)) expect(text).toContain(formatRupees(paise));
    expect(text).not.toContain('≈');
    expect(html).not.toContain('≈');
  });

  it('the offer mail shows it beside every line total, every total and the balance of its terms', async () => {
    const sample = mailSamples['offer-sent-customer'];
    const { text } = await renderMailTemplate(
      'offer-sent-customer',
      { ...sample, displayRate: usd },
      sampleShop,
    );
    const lines = linesOf(text);
    for (const row of offerTotalRows(sample.offer)) {
      expect(lines).toContain(`${row.label}: ${row.amount} ${approximateText(row.minor, usd)}`);
    }
    for (const line of sample.offer.lines) {
      expect(lines).toContain(
        `${line.description} — ${lineText(line)} ${approximateText(line.lineTotalMinor, usd)}`,
      );
    }
    expect(text).toContain(
      `the balance of ${formatRupeesWithApproximation(98_840_00, usd)} before dispatch.`,
    );
    const rupeesOnly = await renderMailTemplate(
      'offer-sent-customer',
      { ...sample, displayRate: null },
      sampleShop,
    );
    expect(rupeesOnly.text).not.toContain('≈');
  });
});

// docs/requirements.md §24: the digest names the paid orders not yet shipped 14 days after payment.
describe('the daily digest’s orders not yet shipped', () => {
  const sample = mailSamples['daily-digest'];
  it('adds the line beside the requests, and stands alone when no request waits', async () => {
    const both = await renderMailTemplate('daily-digest', sample, sampleShop);
    expect(both.subject).toBe('5 requests await your reply');
    expect(both.text).toContain('2 paid orders are not yet shipped 14 days after payment.');
    const alone = await renderMailTemplate(
      'daily-digest',
      { ...sample, total: 0, requests: [], unshippedOrders: 1 },
      sampleShop,
    );
    expect(alone.subject).toBe('1 paid order not yet shipped');
    expect(alone.text).toContain('1 paid order is not yet shipped 14 days after payment.');
    expect(alone.text).not.toContain('waiting for a reply');
    const none = await renderMailTemplate(
      'daily-digest',
      { ...sample, unshippedOrders: 0 },
      sampleShop,
    );
    expect(none.text).not.toContain('not yet shipped');
  });

  it('counts the returns waiting for an answer, with their filtered list, and stands alone too', async () => {
    const both = await renderMailTemplate('daily-digest', sample, sampleShop);
    expect(both.text).toContain('1 return is waiting for your answer.');
    expect(both.html).toContain('/admin?tab=orders&amp;status=return_requested');
    const alone = await renderMailTemplate(
      'daily-digest',
      { ...sample, total: 0, requests: [], unshippedOrders: 0, returnsRequested: 2 },
      sampleShop,
    );
    expect(alone.subject).toBe('2 returns requested');
    expect(alone.text).toContain('2 returns are waiting for your answer.');
    const none = await renderMailTemplate(
      'daily-digest',
      { ...sample, returnsRequested: 0 },
      sampleShop,
    );
    expect(none.text).not.toContain('waiting for your answer');
  });
});
