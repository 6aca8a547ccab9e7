/**
 * The quotation thread's messages (docs/requirements.md §10, §13): the shop's to the customer, and the
 * customer's steps to the owner (a message, changes asked for, a decline, a new offer asked for).
 */
import type { CustomerMessageKind } from './props';
import { MailLayout, type MailTemplate } from './layout';
import { ButtonLink, Greeting, Paragraph, QuestionsParagraph, QuotedText } from './mail-parts';

export const shopMessageCustomer: MailTemplate<'shop-message-customer'> = {
  subject: ({ reference }) => `New message on quotation ${reference}`,
  render: ({ customerName, reference, body, quotationUrl }, shop) => (
    <MailLayout shop={shop} preview={`${shop.name} wrote on your quotation ${reference}.`}>
      <Greeting name={customerName} />
      <Paragraph>{`${shop.name} wrote:`}</Paragraph>
      <QuotedText>{body}</QuotedText>
      <ButtonLink href={quotationUrl}>View your quotation</ButtonLink>
      <QuestionsParagraph shop={shop} />
    </MailLayout>
  ),
};

/**
 * The line before the customer's words, by the kind of their step. A step about an offer names
 * its version, the customer and the pieces (docs/requirements.md §13); without one it reads as a
 * plain message, so a mail never says "offer vnull".
 */
function customerStepLine(
  kind: CustomerMessageKind,
  offerVersion: number | null,
  customerName: string,
  requestedPieces: string,
): string {
  const wrote = `${customerName} wrote:`;
  if (offerVersion === null) return wrote;
  const offer = `offer v${offerVersion} for ${requestedPieces}`;
  switch (kind) {
    case 'changes-requested':
      return `${customerName} asked for changes to ${offer}:`;
    case 'declined':
      return `${customerName} declined ${offer}.`;
    case 'new-offer-requested':
      return `${customerName}'s ${offer} expired, and they asked for a new one:`;
    case 'message':
      return wrote;
  }
}

export const customerMessageOwner: MailTemplate<'customer-message-owner'> = {
  subject: ({ reference }) => `New message on quotation ${reference}`,
  render: (
    { reference, customerName, requestedPieces, kind, offerVersion, body, adminUrl },
    shop,
  ) => (
    <MailLayout shop={shop} preview={`${customerName} wrote on quotation ${reference}.`}>
      <Paragraph>{customerStepLine(kind, offerVersion, customerName, requestedPieces)}</Paragraph>
      {body.trim() ? (
        <QuotedText>{body}</QuotedText>
      ) : (
        <Paragraph muted>(no reason given)</Paragraph>
      )}
      <ButtonLink href={adminUrl}>Open in the admin</ButtonLink>
    </MailLayout>
  ),
};
