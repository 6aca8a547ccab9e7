/**
 * The e-mails the shop sends (issue: notifications): the owner hears of every quotation request
 * and contact message, a requester who gave an address gets a confirmation, and a new subscriber
 * gets a welcome with a one-click unsubscribe link. Pure builders; the mail module sends them.
 */
import type { ContactMessage } from '../../../core/contact';
import type { QuotationRequest } from '../../../core/quotation';
import type { SiteSettings } from '../../../content/site';
import type { MailMessage } from '../mail';

interface Shop {
  site: Pick<SiteSettings, 'shopName' | 'shopEmail' | 'phone'>;
  publicUrl: string;
}

export function quotationRequestMails(
  request: QuotationRequest & { productId: string; productName: string },
  { site, publicUrl }: Shop,
): MailMessage[] {
  const details = [
    `Product: ${request.productName} (${publicUrl}/product/${request.productId})`,
    `Quantity: ${request.quantity}`,
    `Customisation notes: ${request.customizationNotes ?? '(none)'}`,
    `Name: ${request.customerName}`,
    `Company: ${request.customerCompany ?? '(none)'}`,
    `Mobile: ${request.customerMobile}`,
    `Email: ${request.customerEmail ?? '(none)'}`,
  ].join('\n');
  const owner: MailMessage = {
    to: site.shopEmail,
    subject: `New quotation request: ${request.productName}`,
    text: `${details}\n\nAnswer it from the admin console: ${publicUrl}/admin\n`,
  };
  if (!request.customerEmail) return [owner];
  return [
    owner,
    {
      to: request.customerEmail,
      subject: `We received your quotation request for ${request.productName}`,
      text: `Dear ${request.customerName},\n\nThank you for your request. We will contact you shortly with a quotation.\n\n${details}\n\nQuestions? Call us on ${site.phone} or reply to this e-mail.\n\n${site.shopName}\n`,
    },
  ];
}

export function contactMessageMail(
  message: ContactMessage,
  { site, publicUrl }: Shop,
): MailMessage {
  return {
    to: site.shopEmail,
    subject: `New message: ${message.subject}`,
    text: `From: ${message.name} <${message.email}>\nSubject: ${message.subject}\n\n${message.message}\n\nAnswer it from the admin console: ${publicUrl}/admin\n`,
  };
}

export function newsletterWelcomeMail(
  email: string,
  unsubscribeUrl: string,
  { site }: Shop,
): MailMessage {
  return {
    to: email,
    subject: `Welcome to the ${site.shopName} newsletter`,
    text: `Thank you for subscribing! Once a month we will send you a new artisan story and the pieces that came out of the workshops.\n\nYou can unsubscribe at any time with one click: ${unsubscribeUrl}\n\n${site.shopName}\n`,
    // RFC 8058: mail clients show an Unsubscribe button that posts to this address.
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
