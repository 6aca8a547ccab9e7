/**
 * An offer's mails through its life (docs/requirements.md §10, §13): sent (or revised), withdrawn, about
 * to expire, and expired, to the customer with their private link and to the owner with the
 * admin's.
 */
import { formatLongDate } from '../../../core/time/dates';
import { MailLayout, type MailTemplate } from './layout';
import { withLineBreaks } from './layout';
import {
  ButtonLink,
  Greeting,
  MailHeading,
  Paragraph,
  QuestionsParagraph,
  QuotedText,
  SectionHeading,
  Unbroken,
} from './mail-parts';
import { OfferTable } from './offer-table';
import { paymentTermsSentence } from '../../../core/orders/payment-terms';
import { formatRupeesWithApproximation } from '../../../core/money/display-currency';
import { CURRENT_OFFER_ANCHOR } from '../../../core/quotes/quote-texts';

export const offerSentCustomer: MailTemplate<'offer-sent-customer'> = {
  subject: ({ reference }, shop) => `Your quotation ${reference} from ${shop.name}`,
  render: (
    { customerName, reference, requestedPieces, offer, displayRate, quotationUrl },
    shop,
  ) => {
    // docs/requirements.md §21: "₹3,400 (≈ US$41)" for a reader with a display currency
    const total = formatRupeesWithApproximation(offer.totalMinor, displayRate);
    const validUntil = formatLongDate(offer.validUntil);
    return (
      <MailLayout
        shop={shop}
        preview={`Offer v${offer.version} for ${requestedPieces}: ${total}, valid until ${validUntil}.`}
      >
        <MailHeading>
          Your quotation <Unbroken>{reference}</Unbroken>
        </MailHeading>
        <Greeting name={customerName} />
        <Paragraph>
          {`Our offer v${offer.version} for ${requestedPieces} is ready: ${total}, valid until ${validUntil}.`}
        </Paragraph>
        {offer.version > 1 ? (
          <Paragraph>
            It replaces our earlier offer for quotation <Unbroken>{reference}</Unbroken>.
          </Paragraph>
        ) : null}
        <OfferTable offer={offer} displayRate={displayRate} />
        {/* As the page and the PDF show them: the payment sentence made from the offer's
            numbers first, then the shop's own terms, then its note (a revision says what changed). */}
        <SectionHeading>Terms</SectionHeading>
        <Paragraph>
          {paymentTermsSentence(offer.totalMinor, offer.advancePercent, (paise) =>
            formatRupeesWithApproximation(paise, displayRate),
          )}
        </Paragraph>
        {offer.terms.trim() ? <Paragraph>{withLineBreaks(offer.terms.trim())}</Paragraph> : null}
        {offer.note?.trim() ? (
          <>
            <SectionHeading>A note from the shop</SectionHeading>
            <QuotedText>{offer.note.trim()}</QuotedText>
          </>
        ) : null}
        <Paragraph>The offer is attached as a PDF.</Paragraph>
        <Paragraph>
          Open the link below to read it, accept it online, ask for changes or decline.
        </Paragraph>
        {/* docs/requirements.md §10: the link lands on the offer, not on the request's recap. */}
        <ButtonLink href={`${quotationUrl}#${CURRENT_OFFER_ANCHOR}`}>View the offer</ButtonLink>
        <QuestionsParagraph shop={shop} />
      </MailLayout>
    );
  },
};

export const offerWithdrawnCustomer: MailTemplate<'offer-withdrawn-customer'> = {
  subject: ({ reference }) => `Offer withdrawn: ${reference}`,
  render: ({ customerName, requestedPieces, version, quotationUrl }, shop) => (
    <MailLayout
      shop={shop}
      preview={`We withdrew offer v${version} for ${requestedPieces}; a new one will follow.`}
    >
      <Greeting name={customerName} />
      <Paragraph>
        {`We have withdrawn offer v${version} for ${requestedPieces}. We will be in touch with a new offer; you can write to us from the page below.`}
      </Paragraph>
      <ButtonLink href={quotationUrl}>View your quotation</ButtonLink>
      <QuestionsParagraph shop={shop} />
    </MailLayout>
  ),
};

export const offerExpiringCustomer: MailTemplate<'offer-expiring-customer'> = {
  subject: ({ reference }) => `Your offer ${reference} expires in 2 days`,
  render: (
    { customerName, requestedPieces, version, totalMinor, validUntil, quotationUrl, displayRate },
    shop,
  ) => (
    <MailLayout
      shop={shop}
      preview={`Offer v${version} for ${requestedPieces} is valid until ${formatLongDate(validUntil)}.`}
    >
      <Greeting name={customerName} />
      <Paragraph>
        {`Offer v${version} for ${requestedPieces}, at ${formatRupeesWithApproximation(totalMinor, displayRate)}, is valid until ${formatLongDate(validUntil)}. Accept it from the page below before then, or ask us for changes.`}
      </Paragraph>
      <ButtonLink href={quotationUrl}>View your quotation</ButtonLink>
      <QuestionsParagraph shop={shop} />
    </MailLayout>
  ),
};

export const offerExpiredCustomer: MailTemplate<'offer-expired-customer'> = {
  subject: ({ reference }) => `Offer expired: ${reference}`,
  render: ({ customerName, requestedPieces, version, validUntil, quotationUrl }, shop) => (
    <MailLayout
      shop={shop}
      preview={`Offer v${version} for ${requestedPieces} expired; you can ask us for a new one.`}
    >
      <Greeting name={customerName} />
      <Paragraph>
        {`Offer v${version} for ${requestedPieces} expired on ${formatLongDate(validUntil)}. You can ask us for a new offer from the page below.`}
      </Paragraph>
      <ButtonLink href={quotationUrl}>View your quotation</ButtonLink>
      <QuestionsParagraph shop={shop} />
    </MailLayout>
  ),
};

export const offerExpiredOwner: MailTemplate<'offer-expired-owner'> = {
  subject: ({ reference }) => `Offer expired: ${reference}`,
  render: ({ customerName, requestedPieces, version, validUntil, adminUrl }, shop) => (
    <MailLayout shop={shop} preview={`Offer v${version} to ${customerName} expired.`}>
      <Paragraph>
        {`Offer v${version} to ${customerName} for ${requestedPieces} expired on ${formatLongDate(validUntil)}.`}
      </Paragraph>
      <ButtonLink href={adminUrl}>Open in the admin</ButtonLink>
    </MailLayout>
  ),
};
