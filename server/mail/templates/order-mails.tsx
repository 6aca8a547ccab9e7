/**
 * From an accepted offer to a paid order (issue 16, issue 25 §2): the order made and how to pay
 * it, the payment reference the customer submitted, and the payment confirmed.
 */
import { formatRupees } from '../../../core/money';
import type { MailPaymentMethod } from './props';
import { MailLayout, type MailTemplate } from './layout';
import {
  ButtonLink,
  Details,
  Greeting,
  Paragraph,
  QuestionsParagraph,
  QuotedText,
  SectionHeading,
  Unbroken,
} from './mail-parts';

function paymentMethodName(method: MailPaymentMethod): string {
  return method === 'upi' ? 'UPI' : method === 'bank transfer' ? 'bank transfer' : 'payment';
}

export const offerAcceptedCustomer: MailTemplate<'offer-accepted-customer'> = {
  subject: ({ reference }) => `Offer accepted: ${reference}`,
  render: (
    {
      customerName,
      orderNumber,
      totalMinor,
      paymentMethod,
      upiUrl,
      upiId,
      bankDetails,
      quotationUrl,
    },
    shop,
  ) => {
    const total = formatRupees(totalMinor);
    // issue 16: a UPI order gets the app link and the ID; the bank details are the alternative
    // under it, and the only way for an order paid by bank transfer.
    const showsUpi = paymentMethod !== 'bank transfer' && Boolean(upiUrl || upiId.trim());
    const showsBank = Boolean(bankDetails.trim());
    return (
      <MailLayout shop={shop} preview={`Your order ${orderNumber} for ${total}: how to pay.`}>
        <Greeting name={customerName} />
        <Paragraph>
          Thank you! Your order <Unbroken>{orderNumber}</Unbroken>
          {` has been created for ${total}. Pay by ${paymentMethodName(paymentMethod)} from the page below and submit the payment reference (UTR) there; we confirm the payment and start work.`}
        </Paragraph>
        {showsUpi ? (
          <>
            {upiUrl ? (
              <ButtonLink href={upiUrl}>Pay with UPI</ButtonLink>
            ) : (
              <SectionHeading>Pay by UPI</SectionHeading>
            )}
            {upiId.trim() ? (
              <Details
                items={[
                  ['UPI ID', upiId],
                  ['Amount', total],
                ]}
              />
            ) : null}
          </>
        ) : null}
        {showsBank ? (
          <>
            <SectionHeading>
              {showsUpi ? 'Or pay by bank transfer' : 'Pay by bank transfer'}
            </SectionHeading>
            <QuotedText>{bankDetails}</QuotedText>
          </>
        ) : null}
        <ButtonLink href={quotationUrl} secondary={Boolean(upiUrl)}>
          View your quotation
        </ButtonLink>
        <QuestionsParagraph shop={shop} />
      </MailLayout>
    );
  },
};

export const offerAcceptedOwner: MailTemplate<'offer-accepted-owner'> = {
  subject: ({ reference }) => `Offer accepted: ${reference}`,
  render: ({ customerName, version, orderNumber, totalMinor, paymentMethod, adminUrl }, shop) => (
    <MailLayout
      shop={shop}
      preview={`${customerName} accepted offer v${version}: order ${orderNumber}.`}
    >
      <Paragraph>
        {`${customerName} accepted offer v${version} for ${formatRupees(totalMinor)}. Order `}
        <Unbroken>{orderNumber}</Unbroken>
        {` is pending until the payment is confirmed (${paymentMethodName(paymentMethod)}).`}
      </Paragraph>
      <ButtonLink href={adminUrl}>Open in the admin</ButtonLink>
    </MailLayout>
  ),
};

export const paymentReferenceOwner: MailTemplate<'payment-reference-owner'> = {
  subject: ({ orderNumber }) => `Payment reference received for ${orderNumber}`,
  render: (
    { customerName, orderNumber, totalMinor, paymentMethod, paymentReference, adminUrl },
    shop,
  ) => (
    <MailLayout
      shop={shop}
      preview={`${customerName} paid order ${orderNumber}: check reference ${paymentReference}.`}
    >
      <Paragraph>
        {`${customerName} submitted the ${paymentMethodName(paymentMethod)} reference `}
        <Unbroken>{paymentReference}</Unbroken>
        {' for order '}
        <Unbroken>{orderNumber}</Unbroken>
        {` (${formatRupees(totalMinor)}). Check it against your account, then confirm the payment in the Orders tab.`}
      </Paragraph>
      <ButtonLink href={adminUrl}>Open in the admin</ButtonLink>
    </MailLayout>
  ),
};

export const paymentConfirmedCustomer: MailTemplate<'payment-confirmed-customer'> = {
  subject: ({ orderNumber }) => `Payment confirmed for ${orderNumber}`,
  render: ({ customerName, orderNumber, totalMinor, quotationUrl }, shop) => (
    <MailLayout
      shop={shop}
      preview={`We received your payment for order ${orderNumber}; work starts now.`}
    >
      <Greeting name={customerName} />
      <Paragraph>
        {`We have received your payment of ${formatRupees(totalMinor)} for order `}
        <Unbroken>{orderNumber}</Unbroken>. Your order is confirmed and our artisans will start on
        it.
      </Paragraph>
      <ButtonLink href={quotationUrl}>View your quotation</ButtonLink>
      <QuestionsParagraph shop={shop} />
    </MailLayout>
  ),
};
