/**
 * The one list of the shop's mail templates (docs/requirements.md §13), and the one way to render a mail: its
 * subject, its HTML part and, from the same markup, its plain-text part.
 */
import { render } from '@react-email/render';
import { PLAIN_TEXT_ATTRIBUTE, type MailTemplate } from './layout';
import {
  confirmNewEmail,
  passkeyAdded,
  resetPassword,
  signInCode,
  signUpAttempt,
  verifyEmail,
} from './identity-mails';
import { customerMessageOwner, shopMessageCustomer } from './message-mails';
import { quotationMergedCustomer } from './merge-mails';
import {
  offerExpiredCustomer,
  offerExpiredOwner,
  offerExpiringCustomer,
  offerSentCustomer,
  offerWithdrawnCustomer,
} from './offer-mails';
import {
  offerAcceptedCustomer,
  offerAcceptedOwner,
  paymentConfirmedCustomer,
  advanceConfirmedCustomer,
  balanceConfirmedCustomer,
  paymentReferenceOwner,
  orderShippedCustomer,
  orderDeliveredCustomer,
  orderRefundedCustomer,
  returnRequestedOwner,
  returnApprovedCustomer,
  returnDeclinedCustomer,
  productionUpdateCustomer,
  invoiceIssuedCustomer,
  creditNoteIssuedCustomer,
} from './order-mails';
import type { MailShop, MailTemplateName, MailTemplateProps, RenderedMail } from './props';
import { quotationRequestCustomer, quotationRequestOwner } from './request-mails';
import {
  callbackRequestOwner,
  contactMessageOwner,
  dailyDigest,
  newsletterWelcome,
  webhookEndpointDisabled,
} from './shop-mails';
import { priceDropCustomer } from './wishlist-mails';

export type { MailTemplate } from './layout';

export const mailTemplates: { [Name in MailTemplateName]: MailTemplate<Name> } = {
  'quotation-request-owner': quotationRequestOwner,
  'quotation-request-customer': quotationRequestCustomer,
  'contact-message-owner': contactMessageOwner,
  'callback-request-owner': callbackRequestOwner,
  'newsletter-welcome': newsletterWelcome,
  'webhook-endpoint-disabled': webhookEndpointDisabled,
  'daily-digest': dailyDigest,
  'offer-sent-customer': offerSentCustomer,
  'offer-withdrawn-customer': offerWithdrawnCustomer,
  'shop-message-customer': shopMessageCustomer,
  'customer-message-owner': customerMessageOwner,
  'offer-accepted-customer': offerAcceptedCustomer,
  'offer-accepted-owner': offerAcceptedOwner,
  'offer-expiring-customer': offerExpiringCustomer,
  'offer-expired-customer': offerExpiredCustomer,
  'offer-expired-owner': offerExpiredOwner,
  'payment-reference-owner': paymentReferenceOwner,
  'payment-confirmed-customer': paymentConfirmedCustomer,
  'advance-confirmed-customer': advanceConfirmedCustomer,
  'balance-confirmed-customer': balanceConfirmedCustomer,
  'order-shipped-customer': orderShippedCustomer,
  'order-delivered-customer': orderDeliveredCustomer,
  'order-refunded-customer': orderRefundedCustomer,
  'return-requested-owner': returnRequestedOwner,
  'return-approved-customer': returnApprovedCustomer,
  'return-declined-customer': returnDeclinedCustomer,
  'production-update-customer': productionUpdateCustomer,
  'invoice-issued-customer': invoiceIssuedCustomer,
  'credit-note-issued-customer': creditNoteIssuedCustomer,
  'quotation-merged-customer': quotationMergedCustomer,
  'price-drop-customer': priceDropCustomer,
  'reset-password': resetPassword,
  'verify-email': verifyEmail,
  'confirm-new-email': confirmNewEmail,
  'sign-up-attempt': signUpAttempt,
  'passkey-added': passkeyAdded,
  'sign-in-code': signInCode,
};

// html-to-text (under @react-email/render) ships no types: the little of its formatter API used here.
interface TextBuilder {
  openBlock(options?: { leadingLineBreaks?: number }): void;
  closeBlock(options?: { trailingLineBreaks?: number }): void;
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
  addLineBreak(): void;
  pushWordTransform(transform: (word: string) => string): void;
  popWordTransform(): void;
}
interface MarkupElement {
  attribs?: Record<string, string>;
  children: unknown[];
}
type TextFormatter = (
  element: MarkupElement,
  walk: (nodes: unknown[], builder: TextBuilder) => void,
  builder: TextBuilder,
) => void;

/** Where a link goes, as a reader types it: an address without `mailto:`, a number without `tel:`. */
function linkAddress(href: string): string {
  return href.replace(/^(mailto|tel):/, '');
}

/** Whether a link's text already says where it goes ("Call +91 98290 12345" for tel:+919829012345). */
function textNamesAddress(text: string, href: string): boolean {
  const squeezed = text.replace(/\s+/g, '');
  if (href.startsWith('tel:')) {
    return squeezed.replace(/[^\d]/g, '').endsWith(linkAddress(href).replace(/[^\d]/g, ''));
  }
  return squeezed.includes(linkAddress(href));
}

/**
 * docs/requirements.md §13: in the plain-text part every link stands on its own: its text on one line and its
 * address on the next, or the address once when the text is the address already.
 */
const formatLinkOnItsOwnLines: TextFormatter = (element, walk, builder) => {
  const href = element.attribs?.href?.trim() ?? '';
  builder.openBlock({ leadingLineBreaks: 1 });
  let text = '';
  builder.pushWordTransform((word) => {
    text += word;
    return word;
  });
  walk(element.children, builder);
  builder.popWordTransform();
  if (href && !textNamesAddress(text, href)) {
    if (text) builder.addLineBreak();
    builder.addInline(linkAddress(href), { noWordTransform: true });
  }
  builder.closeBlock({ trailingLineBreaks: 1 });
};

/** An element that reads differently in plain text (a row of cells) says how, in an attribute. */
const formatPlainTextAttribute: TextFormatter = (element, _walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 1 });
  builder.addInline(element.attribs?.[PLAIN_TEXT_ATTRIBUTE] ?? '');
  builder.closeBlock({ trailingLineBreaks: 1 });
};

const htmlToTextOptions = {
  formatters: {
    linkOnItsOwnLines: formatLinkOnItsOwnLines,
    plainTextAttribute: formatPlainTextAttribute,
  },
  selectors: [
    { selector: 'a', format: 'linkOnItsOwnLines' },
    { selector: `[${PLAIN_TEXT_ATTRIBUTE}]`, format: 'plainTextAttribute' },
    // Headings as written: the text part is read, not shouted.
    ...(['h1', 'h2'] as const).map((selector) => ({
      selector,
      options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 },
    })),
  ],
};

/** The mail `name` with `props`, for the shop as it is now: subject, HTML and plain text. */
export async function renderMailTemplate<Name extends MailTemplateName>(
  name: Name,
  props: MailTemplateProps[Name],
  shop: MailShop,
): Promise<RenderedMail> {
  const template: MailTemplate<Name> = mailTemplates[name];
  const markup = template.render(props, shop);
  const [html, text] = await Promise.all([
    render(markup),
    render(markup, { plainText: true, htmlToTextOptions }),
  ]);
  return { subject: template.subject(props, shop), html, text: `${text.trim()}\n` };
}
