/**
 * An offer's mails through its life (issue 16, issue 25 §2): sent (or revised), withdrawn, about
 * to expire, and expired, to the customer with their private link and to the owner with the
 * admin's.
 */
import { formatLongDate } from '../../../core/dates';
import { formatRupees } from '../../../core/money';
import { MailLayout, type MailTemplate } from './layout';
import {
  ButtonLink,
  Greeting,
  MailHeading,
  Paragraph,
  QuestionsParagraph,
  Unbroken,
} from './mail-parts';
import { OfferTable } from './offer-table';
import { advanceTermsText } from '../../../core/payment-terms';
import { formatRupeesWithApproximation } from '../../../core/display-currency';

export const offerSentCustomer: MailTemplate<'offer-sent-customer'> = {
  subject: ({ reference }, shop) => `Your quotation ${reference} from ${shop.name}`,
  render: (
    { customerName, reference, requestedPieces, offer, displayRate, quotationUrl },
    shop,
  ) => {
    // issue 32: "₹3,400 (≈ US$41)" for a reader with a display currency
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
        <OfferTable offer={offer} />
        {advanceTermsText(offer.totalMinor, offer.advancePercent) ? (
          // issue 32: the advance asked for on acceptance, and the balance before dispatch
          <Paragraph>{advanceTermsText(offer.totalMinor, offer.advancePercent)}</Paragraph>
        ) : null}
        <Paragraph>The offer is attached as a PDF.</Paragraph>
        <Paragraph>
          Open the link below to read it, accept it online, ask for changes or decline.
        </Paragraph>
        <ButtonLink href={quotationUrl}>View the offer</ButtonLink>
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
    { customerName, requestedPieces, version, totalMinor, validUntil, quotationUrl },
    shop,
  ) => (
    <MailLayout
      shop={shop}
      preview={`Offer v${version} for ${requestedPieces} is valid until ${formatLongDate(validUntil)}.`}
    >
      <Greeting name={customerName} />
      <Paragraph>
        {`Offer v${version} for ${requestedPieces} (${formatRupees(totalMinor)}) is valid until ${formatLongDate(validUntil)}. Accept it from the page below before then, or ask us for changes.`}
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
