import { describe, expect, it } from 'vitest';
import type { Notice } from '../../core/admin/notices';
import { isVerifiedAddressOf, quotationEventMail, renderNotice } from './notifications';
import type { QuotationMailFacts } from './notifications';

const settings = {
  site: {
    shopName: 'Kalakriti',
    shopEmail: 'owner@kalakriti.example',
    phone: '+91 98290 00000',
    whatsappNumber: '919829000000',
    address: 'Banswara, Rajasthan',
    upiId: 'kalakriti@upi',
    bankDetails: 'Kalakriti · A/c 000000000000 · IFSC SBIN0000000',
    upiPaymentLimit: '100000',
  },
  publicUrl: 'https://shop.example',
};
const request = {
  id: '0b4f7e0a-5c1d-4d8e-9a55-3f1f2a6b9c01',
  productId: 'lotus-urli',
  productName: 'Lotus Urli',
  reference: 'Q-20261124-0007',
  quantity: 4,
  customizationNotes: null,
  customerName: 'Meera',
  customerCompany: null,
  customerMobile: '+91 98765 43210',
  customerEmail: null,
};

function requestNotice(
  to: 'owner' | 'requester',
  quotation: typeof request | Record<string, unknown>,
  recipientVerified = false,
): Notice {
  return {
    kind: 'quotation-request',
    to,
    quotation: quotation as typeof request,
    recipientVerified,
  };
}

describe('the shop e-mails', () => {
  it('tell the owner of a quotation request, with a link to the console, in HTML and text', async () => {
    const owner = await renderNotice(requestNotice('owner', request), settings);
    expect(owner).toMatchObject({
      to: 'owner@kalakriti.example',
      subject: 'New quotation request: Lotus Urli',
    });
    const link = `https://shop.example/admin/quotations/${request.id}`;
    expect(owner?.text).toContain('Quantity: 4');
    expect(owner?.text).toContain(`Reference: ${request.reference}`);
    expect(owner?.text).toContain(`\n${link}\n`);
    expect(owner?.html).toContain(`href="${link}"`);
    // A requester without an address gets nothing, and the owner's Reply goes to the shop.
    expect(owner?.replyTo).toBeUndefined();
    expect(await renderNotice(requestNotice('requester', request), settings)).toBeNull();
  });

  // docs/requirements.md §13: a guest can type anyone's address into the form.
  const freeText = {
    ...request,
    customerName: 'Mallory Name-Marker',
    customerCompany: 'Company-Marker Pvt Ltd',
    customizationNotes: `Notes-Marker: click https://evil.example/win ${'x'.repeat(1900)}`,
    customerMobile: '+91 90000 11111',
    customerEmail: 'victim@example.com',
  };

  it('confirm to an unverified address with no free text from the request: no notes, no name, no company', async () => {
    const confirmation = await renderNotice(requestNotice('requester', freeText), settings, {
      customerKey: 'the-key',
    });
    const owner = await renderNotice(requestNotice('owner', freeText), settings);
    expect(confirmation?.to).toBe('victim@example.com');
    for (const part of [confirmation?.subject, confirmation?.text, confirmation?.html]) {
      for (const written of [
        'Notes-Marker',
        'evil.example',
        'Mallory',
        'Name-Marker',
        'Company-Marker',
        '90000 11111',
      ]) {
        expect(part).not.toContain(written);
      }
      expect(part).not.toMatch(/Dear /);
    }
    // What the shop itself knows: the reference, the product, the quantity and its own details.
    expect(confirmation?.text).toContain(`Reference: ${request.reference}`);
    expect(confirmation?.text).toContain('Lotus Urli\nhttps://shop.example/product/lotus-urli');
    expect(confirmation?.text).toContain('Quantity: 4');
    expect(confirmation?.text).toContain('https://shop.example/quotes/Q-20261124-0007?key=the-key');
    expect(confirmation?.text).toContain('+91 98290 00000');
    expect(confirmation?.text).toContain('Kalakriti');
    // The owner still reads everything the requester wrote, and Reply answers the requester.
    expect(owner?.text).toContain('Notes-Marker');
    expect(owner?.text).toContain('Name: Mallory Name-Marker');
    expect(owner?.text).toContain('Company: Company-Marker Pvt Ltd');
    expect(owner?.replyTo).toBe('victim@example.com');
    // docs/requirements.md §13: the customer's Reply reaches the shop.
    expect(confirmation?.replyTo).toBe('owner@kalakriti.example');
  });

  it("confirm with the request's details to a signed-in requester's verified address", async () => {
    const confirmation = await renderNotice(requestNotice('requester', freeText, true), settings);
    expect(confirmation?.to).toBe('victim@example.com');
    expect(confirmation?.text).toContain('Dear Mallory Name-Marker,');
    expect(confirmation?.text).toContain('Notes-Marker');
    expect(confirmation?.text).toContain('Company: Company-Marker Pvt Ltd');
    expect(confirmation?.text).toContain(`Reference: ${request.reference}`);
  });

  // docs/requirements.md §18: a request from the quote list, as createMultiPieceRequest queues it.
  const fourPieces = {
    ...request,
    customerEmail: 'meera@example.com',
    customizationNotes: 'One set for the Udaipur lobby',
    customerGstin: '08AAECI1234F1ZY',
    lines: [
      { productId: 'lotus-urli', productName: 'Lotus Urli', quantity: 20, notes: 'Darker polish' },
      { productId: 'brass-diya', productName: 'Brass Diya', quantity: 40, notes: null },
      {
        productId: 'cake-stand',
        productName: 'Cake Stand',
        quantity: 6,
        notes: 'Two tiers\nGold rim',
      },
      { productId: 'wine-chiller', productName: 'Wine Chiller', quantity: 2, notes: null },
    ],
  };

  it('list every piece of a request with its quantity and notes, the GSTIN and the notes, to the owner and the verified requester', async () => {
    const owner = await renderNotice(requestNotice('owner', fourPieces), settings);
    const confirmation = await renderNotice(
      requestNotice('requester', fourPieces, true),
      settings,
      {
        customerKey: 'the-key',
      },
    );
    expect(owner?.subject).toBe('New quotation request: Lotus Urli × 20 and 3 more pieces');
    expect(confirmation?.subject).toBe(
      'We received your quotation request for Lotus Urli × 20 and 3 more pieces',
    );
    for (const mail of [owner, confirmation]) {
      for (const line of fourPieces.lines) {
        const url = `https://shop.example/product/${line.productId}`;
        const notes = line.notes ? `\nNotes: ${line.notes}` : '';
        expect(mail?.text).toContain(
          `${line.productName}\n${url}\nQuantity: ${line.quantity}${notes}`,
        );
        expect(mail?.html).toContain(`href="${url}"`);
        expect(mail?.html).toContain(`Quantity: ${line.quantity}`);
      }
      expect(mail?.html).toContain('Darker polish');
      expect(mail?.html).toContain('Two tiers<br/>Gold rim');
      for (const part of [mail?.text, mail?.html]) {
        expect(part).toContain('One set for the Udaipur lobby');
        expect(part).toContain('08AAECI1234F1ZY');
      }
    }
  });

  it("confirm every piece and quantity of a request to an unverified address, without any piece's notes", async () => {
    const confirmation = await renderNotice(requestNotice('requester', fourPieces), settings);
    for (const line of fourPieces.lines) {
      expect(confirmation?.text).toContain(`${line.productName}\n`);
      expect(confirmation?.text).toContain(`Quantity: ${line.quantity}`);
    }
    for (const part of [confirmation?.subject, confirmation?.text, confirmation?.html]) {
      for (const written of ['Darker polish', 'Two tiers', 'Udaipur', '08AAECI1234F1ZY']) {
        expect(part).not.toContain(written);
      }
    }
  });

  it('count an address as verified only for a signed-in requester whose verified e-mail it is', () => {
    const verified = { email: 'Meera@Example.com', emailVerified: true };
    expect(isVerifiedAddressOf(verified, 'meera@example.com')).toBe(true);
    expect(isVerifiedAddressOf(verified, 'other@example.com')).toBe(false);
    expect(isVerifiedAddressOf({ ...verified, emailVerified: false }, 'meera@example.com')).toBe(
      false,
    );
    expect(isVerifiedAddressOf(null, 'meera@example.com')).toBe(false);
    expect(isVerifiedAddressOf(verified, null)).toBe(false);
  });

  it('tell the owner of a contact message, with Reply going to the one who wrote', async () => {
    const mail = await renderNotice(
      {
        kind: 'contact-message',
        message: {
          id: 'c1',
          name: 'Ravi',
          email: 'ravi@example.com',
          subject: 'Diyas',
          message: 'Hello',
        },
      },
      settings,
    );
    expect(mail).toMatchObject({
      to: 'owner@kalakriti.example',
      subject: 'New message: Diyas',
      replyTo: 'ravi@example.com',
    });
    expect(mail?.text).toContain('From: Ravi <ravi@example.com>');
  });

  it('tell the owner of a call-back request from the welcome pop-up', async () => {
    const mail = await renderNotice(
      { kind: 'callback-request', lead: { id: 'l1', phoneNumber: '+919876543210' } },
      settings,
    );
    expect(mail).toMatchObject({
      to: 'owner@kalakriti.example',
      subject: 'Call-back request from +919876543210',
    });
    expect(mail?.html).toContain('href="tel:+919876543210"');
  });

  it('welcome a subscriber with the one-click unsubscribe link and header the notice carries', async () => {
    const mail = await renderNotice(
      {
        kind: 'newsletter-welcome',
        email: 'lata@example.com',
        unsubscribePath: '/newsletter/unsubscribe?token=bGF0YQ.c2lnbmVk',
      },
      settings,
    );
    const url = 'https://shop.example/newsletter/unsubscribe?token=bGF0YQ.c2lnbmVk';
    expect(mail?.headers?.['List-Unsubscribe']).toBe(`<${url}>`);
    expect(mail?.text).toContain(url);
    expect(mail?.html).toContain(`href="${url}"`);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('never sends a welcome or a price-drop mail without an unsubscribe link', async () => {
    await expect(
      renderNotice({ kind: 'newsletter-welcome', email: 'lata@example.com' }, settings),
    ).rejects.toThrow(/unsubscribe link/);
    await expect(
      renderNotice(
        {
          kind: 'price-drop',
          to: 'lata@example.com',
          userId: 'user-42',
          productId: 'lotus-urli',
          productName: 'Lotus Urli',
          priceMinor: 90_000,
          thenPriceMinor: 100_000,
        },
        settings,
      ),
    ).rejects.toThrow(/unsubscribe link/);
  });
});

const facts: QuotationMailFacts = {
  reference: 'Q-20261124-0007',
  quotationId: request.id,
  productNames: ['Lotus Urli'],
  customerName: 'Meera',
  customerEmail: 'meera@example.com',
  customerKey: 'the-key',
  offer: {
    version: 2,
    lines: [
      {
        description: 'Lotus Urli',
        quantity: 2,
        unitPriceMinor: 1_000_000,
        lineTotalMinor: 2_000_000,
      },
    ],
    subtotalMinor: 2_000_000,
    discountMinor: 0,
    shippingMinor: 50_000,
    gstRateBasisPoints: 1200,
    gstMinor: 246_000,
    totalMinor: 2_296_000,
    validUntil: '2026-12-08',
    leadTimeDays: 21,
    advancePercent: 100,
    terms: 'Prices include packing.',
    note: null,
  },
  order: null,
  message: null,
};

describe('the quote lifecycle mails', () => {
  it('thread every mail of a quotation on each side, and send Reply to the other side', async () => {
    const customer = await quotationEventMail(
      { kind: 'quotation-event', event: 'offer-sent', to: 'customer', quotationId: request.id },
      facts,
      settings,
      { mailId: 'job-1' },
    );
    const root = `<quotation-${request.id}.customer@shop.example>`;
    expect(customer?.thread).toEqual({
      messageId: `<quotation-${request.id}.customer.job-1@shop.example>`,
      inReplyTo: root,
      references: [root],
    });
    expect(customer?.replyTo).toBe('owner@kalakriti.example');
    // The request's first mail to the customer started that thread.
    const first = await renderNotice(
      requestNotice('requester', { ...request, customerEmail: 'meera@example.com' }),
      settings,
    );
    expect(first?.thread).toEqual({ messageId: root });

    const owner = await quotationEventMail(
      {
        kind: 'quotation-event',
        event: 'message',
        to: 'owner',
        quotationId: request.id,
        messageId: 'm1',
      },
      {
        ...facts,
        message: { author: 'customer', kind: 'message', body: 'Hi', offerVersion: null },
      },
      settings,
      { mailId: 'job-2' },
    );
    expect(owner?.replyTo).toBe('meera@example.com');
    expect(owner?.thread?.inReplyTo).toBe(`<quotation-${request.id}.owner@shop.example>`);
  });

  it("name the customer, the pieces and the offer a change request is about, never 'vnull'", async () => {
    const owner = await quotationEventMail(
      {
        kind: 'quotation-event',
        event: 'message',
        to: 'owner',
        quotationId: request.id,
        messageId: 'm1',
      },
      {
        ...facts,
        // The notice names no offer: the version comes from the step the thread recorded.
        offer: null,
        message: {
          author: 'customer',
          kind: 'changes-requested',
          body: 'A darker polish, please',
          offerVersion: 2,
        },
      },
      settings,
    );
    // The owner reads who asks and for which pieces without opening the admin.
    expect(owner?.text).toContain('Meera asked for changes to offer v2 for Lotus Urli:');
    for (const part of [owner?.subject, owner?.text, owner?.html]) {
      expect(part).not.toMatch(/\b(null|undefined|NaN)\b/);
    }
  });

  // docs/requirements.md §18: a mail about a request of several pieces never names only its first.
  it.each([
    ['offer-sent', 'customer', 'Our offer v2 for Lotus Urli and 3 more pieces is ready'],
    ['offer-withdrawn', 'customer', 'withdrawn offer v2 for Lotus Urli and 3 more pieces.'],
    ['offer-expiring', 'customer', 'Offer v2 for Lotus Urli and 3 more pieces, at ₹22,960,'],
    ['offer-expired', 'customer', 'Offer v2 for Lotus Urli and 3 more pieces expired'],
    ['offer-expired', 'owner', 'Offer v2 to Meera for Lotus Urli and 3 more pieces expired'],
  ] as const)(
    'name every piece of the request in the %s mail to the %s',
    async (event, to, said) => {
      const mail = await quotationEventMail(
        { kind: 'quotation-event', event, to, quotationId: request.id },
        { ...facts, productNames: ['Lotus Urli', 'Brass Diya', 'Cake Stand', 'Wine Chiller'] },
        settings,
      );
      expect(mail?.text).toContain(said);
      expect(mail?.html).toContain(said);
    },
  );

  it('tell the customer when the shop withdraws the offer it sent', async () => {
    const mail = await quotationEventMail(
      {
        kind: 'quotation-event',
        event: 'offer-withdrawn',
        to: 'customer',
        quotationId: request.id,
      },
      facts,
      settings,
    );
    expect(mail?.subject).toBe('Offer withdrawn: Q-20261124-0007');
    expect(mail?.text).toContain('offer v2');
  });

  // docs/requirements.md §23: the buyer's documents, in her thread, Reply reaching the shop.
  it('send the customer her invoice and her credit note, and the owner neither', async () => {
    const invoice = {
      kind: 'invoice' as const,
      number: 'KK/26-27/0001',
      orderNumber: 'ORD-20261129-0001',
      totalMinor: 302_400,
      invoiceNumber: null,
      reason: null,
    };
    const note = {
      ...invoice,
      kind: 'credit_note' as const,
      number: 'KKC/26-27/0001',
      invoiceNumber: 'KK/26-27/0001',
      reason: 'Order cancelled',
    };
    const notice = (event: 'invoice-issued' | 'credit-note-issued', to: 'customer' | 'owner') => ({
      kind: 'quotation-event' as const,
      event,
      to,
      quotationId: request.id,
      orderId: 'order-1',
      documentId: 'document-1',
    });
    const invoiceMail = await quotationEventMail(
      notice('invoice-issued', 'customer'),
      { ...facts, document: invoice },
      settings,
      { mailId: 'job-3' },
    );
    expect(invoiceMail?.to).toBe('meera@example.com');
    expect(invoiceMail?.replyTo).toBe('owner@kalakriti.example');
    expect(invoiceMail?.thread?.inReplyTo).toBe(`<quotation-${request.id}.customer@shop.example>`);
    expect(invoiceMail?.subject).toBe('Your invoice KK/26-27/0001');
    const invoiceText = invoiceMail!.text.replace(/\s+/g, ' ');
    expect(invoiceText).toContain(
      'Your tax invoice KK/26-27/0001 for order ORD-20261129-0001 is attached.',
    );
    expect(invoiceText).toContain('Total: ₹3,024');
    expect(invoiceText).toContain('https://shop.example/quotes/Q-20261124-0007');

    const noteMail = await quotationEventMail(
      notice('credit-note-issued', 'customer'),
      { ...facts, document: note },
      settings,
    );
    expect(noteMail?.subject).toBe('Your credit note KKC/26-27/0001');
    expect(noteMail!.text.replace(/\s+/g, ' ')).toContain(
      'Credit note KKC/26-27/0001 for order ORD-20261129-0001 cancels invoice KK/26-27/0001 (Order cancelled).',
    );

    for (const [event, document] of [
      ['invoice-issued', invoice],
      ['credit-note-issued', note],
    ] as const) {
      expect(
        await quotationEventMail(notice(event, 'owner'), { ...facts, document }, settings),
      ).toBeNull();
      // A document gone (or not of this kind) mails nothing rather than a mail without its PDF.
      expect(await quotationEventMail(notice(event, 'customer'), facts, settings)).toBeNull();
    }
    expect(
      await quotationEventMail(
        notice('invoice-issued', 'customer'),
        { ...facts, document: note },
        settings,
      ),
    ).toBeNull();
  });

  // docs/requirements.md §24: the buyer hears of each shipment, in her thread; the owner does not.
  it('tell the customer of a shipment of her order, and no one of a shipment of another order', async () => {
    const notice = (to: 'customer' | 'owner') => ({
      kind: 'quotation-event' as const,
      event: 'order-shipped' as const,
      to,
      quotationId: request.id,
      orderId: 'order-1',
      shipmentId: 'shipment-1',
    });
    const shipment = {
      orderId: 'order-1',
      carrierName: 'Blue Dart',
      trackingNumber: '12345678901',
      trackingUrl:
        'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=12345678901',
      dispatchedOn: '2026-11-30',
      boxes: 1,
      pieces: [{ productName: 'Lotus Urli', quantity: 2 }],
      everyPieceShipped: true,
      photoUrls: [],
    };
    const order = {
      orderNumber: 'ORD-20261129-0001',
      totalMinor: 2_296_000,
      paymentMethod: 'upi' as const,
      submittedPaymentReference: null,
      advanceMinor: null,
      paymentStatus: 'paid' as const,
      submittedBalanceReference: null,
    };
    const mail = await quotationEventMail(
      notice('customer'),
      { ...facts, order, shipment },
      settings,
      { mailId: 'job-4' },
    );
    expect(mail?.to).toBe('meera@example.com');
    expect(mail?.replyTo).toBe('owner@kalakriti.example');
    expect(mail?.thread?.inReplyTo).toBe(`<quotation-${request.id}.customer@shop.example>`);
    expect(mail?.subject).toBe('Your order ORD-20261129-0001 has shipped');
    const text = mail!.text.replace(/\s+/g, ' ');
    expect(text).toContain(
      'Your order ORD-20261129-0001 left us on November 30, 2026 with Blue Dart.',
    );
    expect(text).toContain('Tracking number: 12345678901');
    expect(text).toContain(shipment.trackingUrl);
    expect(text).toContain('2 × Lotus Urli');
    expect(text).toContain('https://shop.example/quotes/Q-20261124-0007');

    expect(
      await quotationEventMail(notice('owner'), { ...facts, order, shipment }, settings),
    ).toBeNull();
    // A shipment of another order, or none read, mails nothing.
    expect(
      await quotationEventMail(
        notice('customer'),
        { ...facts, order, shipment: { ...shipment, orderId: 'order-2' } },
        settings,
      ),
    ).toBeNull();
    expect(await quotationEventMail(notice('customer'), { ...facts, order }, settings)).toBeNull();
  });
  // docs/requirements.md §24 "Returns": the buyer's request reaches the owner, the owner's answer the
  // buyer, each in its side's thread; a return of another order, or none read, mails nothing.
  describe('of a return', () => {
    const order = {
      orderNumber: 'ORD-20261129-0001',
      totalMinor: 2_296_000,
      paymentMethod: 'upi' as const,
      submittedPaymentReference: null,
      advanceMinor: null,
      paymentStatus: 'paid' as const,
      submittedBalanceReference: null,
    };
    const orderReturn = {
      id: 'return-1',
      orderId: 'order-1',
      pieces: [
        { productName: 'Brass Diya', quantity: 1 },
        { productName: 'Lotus Urli', quantity: 2 },
      ],
      reason: 'One urli has a crack.',
      photoUrls: ['/media/crack-800.webp', 'https://bucket.example/media/rim-800.webp'],
      decisionNote: null as string | null,
      refundId: null as string | null,
    };
    const notice = (
      event: 'return-requested' | 'return-approved' | 'return-declined',
      to: 'customer' | 'owner',
    ) => ({
      kind: 'quotation-event' as const,
      event,
      to,
      quotationId: request.id,
      orderId: 'order-1',
      returnId: 'return-1',
    });

    it('tell the owner what the buyer asks to return, with her photos and the way to answer', async () => {
      const mail = await quotationEventMail(
        notice('return-requested', 'owner'),
        { ...facts, order, orderReturn },
        settings,
        { mailId: 'job-5' },
      );
      expect(mail?.to).toBe('owner@kalakriti.example');
      expect(mail?.replyTo).toBe('meera@example.com');
      expect(mail?.thread?.inReplyTo).toBe(`<quotation-${request.id}.owner@shop.example>`);
      expect(mail?.subject).toBe('Return requested for ORD-20261129-0001');
      const text = mail!.text.replace(/\s+/g, ' ');
      expect(text).toContain('Meera asks to return pieces of order ORD-20261129-0001.');
      expect(text).toContain('1 × Brass Diya 2 × Lotus Urli');
      expect(text).toContain('Reason: One urli has a crack.');
      expect(text).toContain('2 photos with the request.');
      // A photo stored on the shop is a path: the mail makes its whole address.
      expect(mail!.text).toContain('Photo 1\nhttps://shop.example/media/crack-800.webp');
      expect(mail!.text).toContain('Photo 2\nhttps://bucket.example/media/rim-800.webp');
      expect(mail!.text).toContain(
        'Answer the Return\nhttps://shop.example/admin?tab=orders&q=ORD-20261129-0001',
      );
      expect(mail!.html).not.toMatch(/<img\b[^>]*media/i);

      expect(
        await quotationEventMail(
          notice('return-requested', 'customer'),
          { ...facts, order, orderReturn },
          settings,
        ),
      ).toBeNull();
      expect(
        await quotationEventMail(
          notice('return-requested', 'owner'),
          { ...facts, order, orderReturn: { ...orderReturn, orderId: 'order-2' } },
          settings,
        ),
      ).toBeNull();
      expect(
        await quotationEventMail(
          notice('return-requested', 'owner'),
          { ...facts, order },
          settings,
        ),
      ).toBeNull();
    });

    it.each([
      [
        'return-approved',
        'Send them to 14 Johari Bazar.\nWrite the order number on the box.',
        'Your return for ORD-20261129-0001 is approved',
        [
          'We have approved the return of: 1 × Brass Diya 2 × Lotus Urli How to send them back:',
          'Send them to 14 Johari Bazar. Write the order number on the box.',
          'Return shipping is yours to arrange and pay.',
          'We will refund you once the pieces are back with us.',
        ],
      ],
      [
        'return-declined',
        'The urli was made to your size.',
        'Your return for ORD-20261129-0001 was declined',
        [
          'We cannot accept the return of: 1 × Brass Diya 2 × Lotus Urli',
          'Why: The urli was made to your size.',
          'If you have a question, reply to this mail.',
        ],
      ],
    ] as const)(
      'tell the buyer of the %s, in her thread, and the owner nothing',
      async (event, decisionNote, subject, says) => {
        const answered = { ...orderReturn, decisionNote };
        const mail = await quotationEventMail(
          notice(event, 'customer'),
          { ...facts, order, orderReturn: answered },
          settings,
          { mailId: 'job-6' },
        );
        expect(mail?.to).toBe('meera@example.com');
        expect(mail?.replyTo).toBe('owner@kalakriti.example');
        expect(mail?.thread?.inReplyTo).toBe(`<quotation-${request.id}.customer@shop.example>`);
        expect(mail?.subject).toBe(subject);
        const text = mail!.text.replace(/\s+/g, ' ');
        for (const said of says) expect(text).toContain(said);
        expect(mail!.text).toContain(
          'View your order\nhttps://shop.example/quotes/Q-20261124-0007',
        );
        // The photos are the owner's to see.
        expect(mail!.text).not.toContain('/media/');

        expect(
          await quotationEventMail(
            notice(event, 'owner'),
            { ...facts, order, orderReturn: answered },
            settings,
          ),
        ).toBeNull();
        // A return not answered yet, or of another order, mails nothing.
        for (const other of [orderReturn, { ...answered, orderId: 'order-2' }]) {
          expect(
            await quotationEventMail(
              notice(event, 'customer'),
              { ...facts, order, orderReturn: other },
              settings,
            ),
          ).toBeNull();
        }
      },
    );

    it('name the returned pieces in the refund mail of the refund that closes the return, and only there', async () => {
      const refundNotice = {
        kind: 'quotation-event' as const,
        event: 'order-refunded' as const,
        to: 'customer' as const,
        quotationId: request.id,
        orderId: 'order-1',
        refundId: 'refund-1',
      };
      const refund = {
        orderId: 'order-1',
        amountMinor: 1_000_000,
        method: 'upi' as const,
        reference: 'UTR612345678901',
        refundedOn: '2026-12-20',
        receivedMinor: 2_296_000,
        refundedTotalMinor: 1_000_000,
      };
      const closed = { ...orderReturn, decisionNote: 'Send them back.', refundId: 'refund-1' };
      const sentence =
        'This refund is for the pieces you returned: 1 × Brass Diya, 2 × Lotus Urli.';
      const mail = await quotationEventMail(
        refundNotice,
        { ...facts, order, refund, orderReturn: closed },
        settings,
      );
      const text = mail!.text.replace(/\s+/g, ' ');
      expect(text).toContain(sentence);
      expect(text.indexOf(sentence)).toBeGreaterThan(text.indexOf('We have refunded ₹10,000'));
      for (const other of [null, { ...closed, refundId: 'refund-2' }]) {
        const unchanged = await quotationEventMail(
          refundNotice,
          { ...facts, order, refund, orderReturn: other },
          settings,
        );
        expect(unchanged?.text).toContain('We have refunded ₹10,000');
        expect(unchanged?.text).not.toContain('pieces you returned');
      }
    });
  });
});
