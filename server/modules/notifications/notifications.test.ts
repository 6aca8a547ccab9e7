import { describe, expect, it } from 'vitest';
import {
  contactMessageMail,
  isVerifiedAddressOf,
  newsletterWelcomeMail,
  quotationRequestMails,
} from './index';

const shop = {
  site: { shopName: 'Kalakriti', shopEmail: 'owner@kalakriti.example', phone: '+91 98290 00000' },
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

describe('the shop e-mails', () => {
  it('tell the owner of a quotation request, with a link to the console', () => {
    const [owner, ...others] = quotationRequestMails(request, shop, { recipientVerified: false });
    expect(others).toEqual([]);
    expect(owner).toMatchObject({
      to: 'owner@kalakriti.example',
      subject: 'New quotation request: Lotus Urli',
    });
    expect(owner?.text).toContain('Quantity: 4');
    expect(owner?.text).toContain(`Reference: ${request.reference}`);
    expect(owner?.text).toContain(`https://shop.example/admin/quotations/${request.id}`);
  });

  it('confirm to a requester who gave an e-mail address', () => {
    const mails = quotationRequestMails({ ...request, customerEmail: 'meera@example.com' }, shop, {
      recipientVerified: false,
    });
    expect(mails.map((mail) => mail.to)).toEqual(['owner@kalakriti.example', 'meera@example.com']);
  });

  // issue 14 finding 5: a guest can type anyone's address into the form.
  const freeText = {
    ...request,
    customerName: 'Mallory Name-Marker',
    customerCompany: 'Company-Marker Pvt Ltd',
    customizationNotes: `Notes-Marker: click https://evil.example/win ${'x'.repeat(1900)}`,
    customerMobile: '+91 90000 11111',
    customerEmail: 'victim@example.com',
  };

  it('confirm to an unverified address with no free text from the request: no notes, no name, no company', () => {
    const [owner, confirmation] = quotationRequestMails(freeText, shop, {
      recipientVerified: false,
    });
    expect(confirmation?.to).toBe('victim@example.com');
    const mail = `${confirmation?.subject}\n${confirmation?.text}`;
    for (const written of [
      'Notes-Marker',
      'evil.example',
      'Mallory',
      'Name-Marker',
      'Company-Marker',
      '90000 11111',
    ]) {
      expect(mail).not.toContain(written);
    }
    expect(mail).not.toMatch(/Dear /);
    // What the shop itself knows: the reference, the product, the quantity and its own details.
    expect(confirmation?.text).toContain(`Reference: ${request.reference}`);
    expect(confirmation?.text).toContain(
      'Product: Lotus Urli (https://shop.example/product/lotus-urli)',
    );
    expect(confirmation?.text).toContain('Quantity: 4');
    expect(confirmation?.text).toContain('+91 98290 00000');
    expect(confirmation?.text).toContain('Kalakriti');
    // The owner still reads everything the requester wrote.
    expect(owner?.text).toContain('Notes-Marker');
    expect(owner?.text).toContain('Name: Mallory Name-Marker');
    expect(owner?.text).toContain('Company: Company-Marker Pvt Ltd');
  });

  it("confirm with the request's details to a signed-in requester's verified address", () => {
    const [, confirmation] = quotationRequestMails(freeText, shop, { recipientVerified: true });
    expect(confirmation?.to).toBe('victim@example.com');
    expect(confirmation?.text).toContain('Dear Mallory Name-Marker,');
    expect(confirmation?.text).toContain('Customisation notes: Notes-Marker');
    expect(confirmation?.text).toContain('Company: Company-Marker Pvt Ltd');
    expect(confirmation?.text).toContain(`Reference: ${request.reference}`);
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

  it('tell the owner of a contact message', () => {
    const mail = contactMessageMail(
      { name: 'Ravi', email: 'ravi@example.com', subject: 'Diyas', message: 'Hello' },
      shop,
    );
    expect(mail).toMatchObject({ to: 'owner@kalakriti.example', subject: 'New message: Diyas' });
    expect(mail.text).toContain('From: Ravi <ravi@example.com>');
  });

  it('welcome a subscriber with a one-click unsubscribe link and header', () => {
    const url = 'https://shop.example/newsletter/unsubscribe?token=abc';
    const mail = newsletterWelcomeMail('lata@example.com', url, shop);
    expect(mail.text).toContain(url);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
