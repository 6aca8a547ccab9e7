/**
 * The e-mails the shop sends (issue: notifications): the owner hears of every quotation request
 * and contact message, a requester who gave an address gets a confirmation, and a new subscriber
 * gets a welcome with a one-click unsubscribe link. Pure builders: a domain function enqueues a
 * `Notice` in its transaction (server/modules/jobs), and the worker renders it here with the
 * shop's settings at delivery and hands it to the mail module.
 */
import type { ContactMessage } from '../../../core/contact';
import type { QuotationRequest } from '../../../core/quotation';
import type { SiteSettings } from '../../../content/site';
import type { MailMessage } from '../mail';
import { unsubscribeToken } from '../newsletter';

interface Shop {
  site: Pick<SiteSettings, 'shopName' | 'shopEmail' | 'phone'>;
  publicUrl: string;
}

type StoredQuotation = QuotationRequest & { id: string; productId: string; productName: string };

/** One e-mail to send, as a domain function enqueues it (JSON: it is stored until delivered). */
export type Notice =
  | {
      kind: 'quotation-request';
      to: 'owner' | 'requester';
      quotation: StoredQuotation;
      recipientVerified: boolean;
    }
  | { kind: 'contact-message'; message: ContactMessage & { id: string } }
  | { kind: 'newsletter-welcome'; email: string }
  /** A message its sender rendered already (Better Auth's links and codes). */
  | { kind: 'message'; message: MailMessage };

/** What rendering needs besides the notice: the shop, and the secret that signs unsubscribe links. */
export interface NoticeSettings extends Shop {
  authSecret: string;
}

/** The mail of a notice, rendered with the shop's settings as they are at delivery. */
export function renderNotice(notice: Notice, settings: NoticeSettings): MailMessage | null {
  switch (notice.kind) {
    case 'quotation-request': {
      const [owner, requester] = quotationRequestMails(notice.quotation, settings, {
        recipientVerified: notice.recipientVerified,
      });
      return (notice.to === 'owner' ? owner : requester) ?? null;
    }
    case 'contact-message':
      return contactMessageMail(notice.message, settings);
    case 'newsletter-welcome': {
      const token = unsubscribeToken(settings.authSecret, notice.email);
      const unsubscribeUrl = `${settings.publicUrl}/newsletter/unsubscribe?token=${token}`;
      return newsletterWelcomeMail(notice.email, unsubscribeUrl, settings);
    }
    case 'message':
      return notice.message;
  }
}

/** The signed-in requester, as far as the mails need them: whose address is confirmed. */
export interface Requester {
  email: string;
  emailVerified: boolean;
}

/**
 * issue 14 finding 5: an address given in a request belongs to the requester only when they are
 * signed in and it is their account's verified e-mail; anyone else may have typed it.
 */
export function isVerifiedAddressOf(requester: Requester | null, address: string | null): boolean {
  return Boolean(
    requester?.emailVerified &&
    address &&
    requester.email.trim().toLowerCase() === address.trim().toLowerCase(),
  );
}

export function quotationRequestMails(
  request: StoredQuotation,
  { site, publicUrl }: Shop,
  { recipientVerified }: { recipientVerified: boolean },
): MailMessage[] {
  const reference = `Reference: ${request.id}`;
  // The product's name comes from the catalogue, never from the request.
  const product = `Product: ${request.productName} (${publicUrl}/product/${request.productId})`;
  const quantity = `Quantity: ${request.quantity}`;
  const details = [
    reference,
    product,
    quantity,
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
  const shopDetails = `Questions? Call us on ${site.phone} or write to ${site.shopEmail}.\n\n${site.shopName}\n${publicUrl}\n`;
  const confirmation: MailMessage = recipientVerified
    ? {
        to: request.customerEmail,
        subject: `We received your quotation request for ${request.productName}`,
        text: `Dear ${request.customerName},\n\nThank you for your request. We will contact you shortly with a quotation.\n\n${details}\n\n${shopDetails}`,
      }
    : {
        // issue 14 finding 5: anyone can type this address, so the mail carries nothing the
        // requester wrote (no notes, no name, no company): only what the shop itself knows.
        to: request.customerEmail,
        subject: `We received your quotation request for ${request.productName}`,
        text: `Thank you for your request. We will contact you shortly with a quotation.\n\n${[reference, product, quantity].join('\n')}\n\nIf you did not ask for a quotation, ignore this e-mail.\n\n${shopDetails}`,
      };
  return [owner, confirmation];
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
