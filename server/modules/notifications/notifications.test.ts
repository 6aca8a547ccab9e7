import { describe, expect, it } from 'vitest';
import { contactMessageMail, newsletterWelcomeMail, quotationRequestMails } from './index';

const shop = {
  site: { shopName: 'Kalakriti', shopEmail: 'owner@kalakriti.example', phone: '+91 98290 00000' },
  publicUrl: 'https://shop.example',
};
const request = {
  productId: 'lotus-urli',
  productName: 'Lotus Urli',
  quantity: 4,
  customizationNotes: null,
  customerName: 'Meera',
  customerCompany: null,
  customerMobile: '+91 98765 43210',
  customerEmail: null,
};

describe('the shop e-mails', () => {
  it('tell the owner of a quotation request, with a link to the console', () => {
    const [owner, ...others] = quotationRequestMails(request, shop);
    expect(others).toEqual([]);
    expect(owner).toMatchObject({
      to: 'owner@kalakriti.example',
      subject: 'New quotation request: Lotus Urli',
    });
    expect(owner?.text).toContain('Quantity: 4');
    expect(owner?.text).toContain('https://shop.example/admin');
  });

  it('confirm to a requester who gave an e-mail address', () => {
    const mails = quotationRequestMails({ ...request, customerEmail: 'meera@example.com' }, shop);
    expect(mails.map((mail) => mail.to)).toEqual(['owner@kalakriti.example', 'meera@example.com']);
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
