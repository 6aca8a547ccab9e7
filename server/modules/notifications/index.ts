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
import { formatLongDate } from '../../../core/dates';
import { waitedFor } from '../../../core/week-at-a-glance';
import { formatRupees } from '../../../core/money';
import { quotationLink } from '../../../core/quote-offer';
import type { MailMessage } from '../mail';
import { unsubscribeToken } from '../newsletter';

interface Shop {
  site: Pick<SiteSettings, 'shopName' | 'shopEmail' | 'phone'>;
  publicUrl: string;
}

type StoredQuotation = QuotationRequest & {
  id: string;
  productId: string;
  productName: string;
  reference: string;
};

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
  | { kind: 'message'; message: MailMessage }
  /** issue 17: a webhook endpoint failing for 3 days was disabled; the owner hears of it once. */
  | { kind: 'webhook-endpoint-disabled'; url: string; failingSince: string }
  | DailyDigestNotice
  | QuotationEventNotice;

/** issue 18: the 09:00 digest of the requests awaiting the shop's reply, as it was queued. */
export interface DailyDigestNotice {
  kind: 'daily-digest';
  /** The shop day, YYYY-MM-DD. */
  day: string;
  /** When the digest was made (ISO): the waits are counted to it. */
  now: string;
  /** Every request waiting; `requests` lists the longest-waiting of them. */
  total: number;
  requests: {
    id: string;
    reference: string;
    customerName: string;
    productName: string;
    waitingSince: string;
  }[];
}

/** issue 16: the quote lifecycle's mails. */
export type QuotationEvent =
  | 'offer-sent'
  | 'message'
  | 'offer-accepted'
  | 'offer-expiring'
  | 'offer-expired'
  | 'payment-reference'
  | 'payment-confirmed';

/** A lifecycle mail as queued: ids only, read at delivery (server/modules/quotations/mail-facts). */
export interface QuotationEventNotice {
  kind: 'quotation-event';
  event: QuotationEvent;
  to: 'customer' | 'owner';
  quotationId: string;
  offerId?: string;
  orderId?: string;
  messageId?: string;
}

interface OfferFacts {
  version: number;
  totalMinor: number;
  validUntil: string;
}

/** What a lifecycle mail says, read when it is delivered. */
export interface QuotationMailFacts {
  reference: string;
  quotationId: string;
  productName: string;
  customerName: string;
  customerEmail: string | null;
  /** A private key made for this mail's link (customer mails only). */
  customerKey: string | null;
  /** The offer as its PDF shows it (server/modules/quotations offerDocumentOf). */
  offer: OfferFacts | null;
  order: {
    orderNumber: string;
    totalMinor: number;
    paymentMethod: 'upi' | 'bank transfer' | null;
    submittedPaymentReference: string | null;
  } | null;
  message: { author: 'customer' | 'shop'; kind: string; body: string } | null;
}

/** What rendering needs besides the notice: the shop, and the secret that signs unsubscribe links. */
export interface NoticeSettings extends Shop {
  authSecret: string;
}

/**
 * The mail of a notice, rendered with the shop's settings as they are at delivery. `customerKey`
 * is the private key the worker made for a requester's link (issue 16).
 */
export function renderNotice(
  notice: Notice,
  settings: NoticeSettings,
  { customerKey = null }: { customerKey?: string | null } = {},
): MailMessage | null {
  switch (notice.kind) {
    case 'quotation-request': {
      const [owner, requester] = quotationRequestMails(notice.quotation, settings, {
        recipientVerified: notice.recipientVerified,
        customerKey,
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
    case 'webhook-endpoint-disabled':
      return webhookEndpointDisabledMail(notice, settings);
    case 'daily-digest':
      return dailyDigestMail(notice, settings);
    case 'quotation-event':
      // Rendered with its facts from the database: quotationEventMail.
      return null;
  }
}

const messageKindLines: Record<string, (version: number | null) => string> = {
  'changes-requested': (version) => `The customer asked for changes to offer v${version}:`,
  declined: (version) => `The customer declined offer v${version}.`,
  'new-offer-requested': (version) =>
    `Offer v${version} expired and the customer asked for a new one:`,
};

/**
 * issue 16: the lifecycle's mails, in its words: the customer's carry their private link, the
 * owner's the admin page of the quotation. Null when there is nothing to send to this side.
 */
export function quotationEventMail(
  notice: QuotationEventNotice,
  facts: QuotationMailFacts,
  { site, publicUrl }: Shop,
): MailMessage | null {
  const to = notice.to === 'owner' ? site.shopEmail : facts.customerEmail;
  if (!to) return null;
  const link =
    notice.to === 'owner'
      ? `${publicUrl}/admin/quotations/${facts.quotationId}`
      : quotationLink(publicUrl, facts.reference, facts.customerKey);
  const greeting = notice.to === 'owner' ? '' : `Dear ${facts.customerName},\n\n`;
  const signature =
    notice.to === 'owner'
      ? `Open it in the admin console: ${link}\n`
      : `Your quotation: ${link}\n\nQuestions? Call us on ${site.phone} or write to ${site.shopEmail}.\n\n${site.shopName}\n${publicUrl}\n`;
  const offer = facts.offer;
  const order = facts.order;
  const mail = (subject: string, body: string): MailMessage => ({
    to,
    subject,
    text: `${greeting}${body}\n\n${signature}`,
  });
  switch (notice.event) {
    case 'offer-sent':
      if (!offer) return null;
      return mail(
        `Your quotation ${facts.reference} from ${site.shopName}`,
        `Our offer v${offer.version} for ${facts.productName} is ready: ${formatRupees(offer.totalMinor)}, valid until ${formatLongDate(offer.validUntil)}.\n\nOpen the link below to read it, accept it online, ask for changes or decline. The offer is attached as a PDF.`,
      );
    case 'message': {
      const entry = facts.message;
      if (!entry) return null;
      const step = messageKindLines[entry.kind]?.(offer?.version ?? null) ?? '';
      const from = entry.author === 'shop' ? site.shopName : facts.customerName;
      return mail(
        `New message on quotation ${facts.reference}`,
        `${step ? `${step}\n\n` : `${from} wrote:\n\n`}${entry.body || '(no reason given)'}`,
      );
    }
    case 'offer-accepted':
      if (!order) return null;
      return mail(
        `Offer accepted: ${facts.reference}`,
        notice.to === 'owner'
          ? `${facts.customerName} accepted offer v${offer?.version ?? ''} for ${formatRupees(order.totalMinor)}. Order ${order.orderNumber} is pending until the payment is confirmed (${paymentMethodName(order.paymentMethod)}).`
          : `Thank you! Your order ${order.orderNumber} has been created for ${formatRupees(order.totalMinor)}. Pay by ${paymentMethodName(order.paymentMethod)} from the page below and submit the payment reference (UTR) there; we confirm the payment and start work.`,
      );
    case 'offer-expiring':
      if (!offer) return null;
      return mail(
        `Your offer ${facts.reference} expires in 2 days`,
        `Offer v${offer.version} for ${facts.productName} (${formatRupees(offer.totalMinor)}) is valid until ${formatLongDate(offer.validUntil)}. Accept it from the page below before then, or ask us for changes.`,
      );
    case 'offer-expired':
      if (!offer) return null;
      return mail(
        `Offer expired: ${facts.reference}`,
        notice.to === 'owner'
          ? `Offer v${offer.version} to ${facts.customerName} for ${facts.productName} expired on ${formatLongDate(offer.validUntil)}.`
          : `Offer v${offer.version} for ${facts.productName} expired on ${formatLongDate(offer.validUntil)}. You can ask us for a new offer from the page below.`,
      );
    case 'payment-reference':
      if (!order) return null;
      return mail(
        `Payment reference received for ${order.orderNumber}`,
        `${facts.customerName} submitted the ${paymentMethodName(order.paymentMethod)} reference ${order.submittedPaymentReference ?? ''} for order ${order.orderNumber} (${formatRupees(order.totalMinor)}). Check it against your account, then confirm the payment in the Orders tab.`,
      );
    case 'payment-confirmed':
      if (!order) return null;
      return mail(
        `Payment confirmed for ${order.orderNumber}`,
        `We have received your payment of ${formatRupees(order.totalMinor)} for order ${order.orderNumber}. Your order is confirmed and our artisans will start on it.`,
      );
  }
}

function paymentMethodName(method: 'upi' | 'bank transfer' | null): string {
  return method === 'upi' ? 'UPI' : method === 'bank transfer' ? 'bank transfer' : 'payment';
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
  {
    recipientVerified,
    customerKey = null,
  }: { recipientVerified: boolean; customerKey?: string | null },
): MailMessage[] {
  // issue 16: the reference the customer quotes, and their private link to the quotation
  const reference = `Reference: ${request.reference}`;
  const privateLink = `Follow your quotation, read our offer and accept it online: ${quotationLink(publicUrl, request.reference, customerKey)}`;
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
    text: `${details}\n\nAnswer it with an offer: ${publicUrl}/admin/quotations/${request.id}\n`,
  };
  if (!request.customerEmail) return [owner];
  const shopDetails = `Questions? Call us on ${site.phone} or write to ${site.shopEmail}.\n\n${site.shopName}\n${publicUrl}\n`;
  const confirmation: MailMessage = recipientVerified
    ? {
        to: request.customerEmail,
        subject: `We received your quotation request for ${request.productName}`,
        text: `Dear ${request.customerName},\n\nThank you for your request. We will contact you shortly with a quotation.\n\n${details}\n\n${privateLink}\n\n${shopDetails}`,
      }
    : {
        // issue 14 finding 5: anyone can type this address, so the mail carries nothing the
        // requester wrote (no notes, no name, no company): only what the shop itself knows.
        to: request.customerEmail,
        subject: `We received your quotation request for ${request.productName}`,
        text: `Thank you for your request. We will contact you shortly with a quotation.\n\n${[reference, product, quantity].join('\n')}\n\n${privateLink}\n\nIf you did not ask for a quotation, ignore this e-mail.\n\n${shopDetails}`,
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

/** issue 17: to the owner, once, when an endpoint that failed for 3 days is disabled. */
export function webhookEndpointDisabledMail(
  notice: { url: string; failingSince: string },
  { site, publicUrl }: Shop,
): MailMessage {
  return {
    to: site.shopEmail,
    subject: `Webhook endpoint disabled: ${notice.url}`,
    text: `Every delivery to ${notice.url} has failed since ${formatLongDate(notice.failingSince)}, so the endpoint has been disabled and gets no new events.\n\nCheck the attempts in the delivery log, then enable it again and resend what it missed: ${publicUrl}/admin/api\n`,
  };
}

/** issue 18: the owner's morning list of who is waiting, each with a link to answer. */
export function dailyDigestMail(notice: DailyDigestNotice, { site, publicUrl }: Shop): MailMessage {
  const now = new Date(notice.now);
  const lines = notice.requests.map(
    (request) =>
      `- ${request.reference} · ${request.customerName} · ${request.productName} · waiting ${waitedFor(new Date(request.waitingSince), now)}\n  ${publicUrl}/admin/quotations/${request.id}`,
  );
  const more = notice.total - notice.requests.length;
  return {
    to: site.shopEmail,
    subject: `${notice.total} ${notice.total === 1 ? 'request awaits' : 'requests await'} your reply`,
    text: [
      `Good morning. These quotation requests are waiting for a reply from ${site.shopName}, the longest first:`,
      '',
      ...lines,
      ...(more > 0 ? ['', `…and ${more} more: ${publicUrl}/admin?tab=quotations`] : []),
      '',
      `The shop promises a reply within 24 hours. Turn this digest off in Settings: ${publicUrl}/admin/settings`,
      '',
    ].join('\n'),
  };
}
