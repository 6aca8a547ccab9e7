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
      amountDueMinor,
      balanceMinor,
      upiUrl,
      upiOverLimit,
      upiId,
      bankDetails,
      quotationUrl,
    },
    shop,
  ) => {
    const total = formatRupees(totalMinor);
    const amountDue = formatRupees(amountDueMinor);
    return (
      <MailLayout shop={shop} preview={`Your order ${orderNumber} for ${total}: how to pay.`}>
        <Greeting name={customerName} />
        <Paragraph>
          Thank you! Your order <Unbroken>{orderNumber}</Unbroken>
          {` has been created for ${total}. Pay by ${paymentMethodName(paymentMethod)} from the page below and submit the payment reference (UTR) there; we confirm the payment and start work.`}
        </Paragraph>
        {balanceMinor !== null ? (
          // issue 32: the advance first, the balance before dispatch
          <Paragraph>
            {`Please pay the advance of ${amountDue} now; the balance of ${formatRupees(balanceMinor)} is due before dispatch.`}
          </Paragraph>
        ) : null}
        <HowToPay
          payment={{ paymentMethod, upiUrl, upiOverLimit, upiId, bankDetails }}
          amount={amountDue}
        />
        <ButtonLink href={quotationUrl} secondary={Boolean(upiUrl)}>
          View your quotation
        </ButtonLink>
        <QuestionsParagraph shop={shop} />
      </MailLayout>
    );
  },
};

/**
 * How to pay an amount: issue 16's UPI link and ID, with the bank details as the alternative under
 * them and the only way for an order paid by bank transfer; issue 32: an amount above the UPI
 * limit is paid by bank transfer only, with the line that says why.
 */
function HowToPay({
  payment,
  amount,
}: {
  payment: {
    paymentMethod: MailPaymentMethod;
    upiUrl: string | null;
    upiOverLimit: string | null;
    upiId: string;
    bankDetails: string;
  };
  amount: string;
}) {
  const { paymentMethod, upiUrl, upiOverLimit, upiId, bankDetails } = payment;
  const showsUpi =
    paymentMethod !== 'bank transfer' && !upiOverLimit && Boolean(upiUrl || upiId.trim());
  return (
    <>
      {upiOverLimit ? <Paragraph>{upiOverLimit}</Paragraph> : null}
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
                ['Amount', amount],
              ]}
            />
          ) : null}
        </>
      ) : null}
      {bankDetails.trim() ? (
        <>
          <SectionHeading>
            {showsUpi ? 'Or pay by bank transfer' : 'Pay by bank transfer'}
          </SectionHeading>
          <QuotedText>{bankDetails}</QuotedText>
        </>
      ) : null}
    </>
  );
}

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

/**
 * issue 32: the advance is confirmed; the mail asks for the balance with the same UPI link (of
 * the balance), bank details and the page's reference field.
 */
export const advanceConfirmedCustomer: MailTemplate<'advance-confirmed-customer'> = {
  subject: ({ orderNumber }) => `Advance received for ${orderNumber}: balance due`,
  render: (
    {
      customerName,
      orderNumber,
      advanceMinor,
      balanceMinor,
      paymentMethod,
      upiUrl,
      upiOverLimit,
      upiId,
      bankDetails,
      quotationUrl,
    },
    shop,
  ) => {
    const balance = formatRupees(balanceMinor);
    return (
      <MailLayout
        shop={shop}
        preview={`We received your advance for order ${orderNumber}; the balance of ${balance} is due before dispatch.`}
      >
        <Greeting name={customerName} />
        <Paragraph>
          {`We have received your advance of ${formatRupees(advanceMinor)} for order `}
          <Unbroken>{orderNumber}</Unbroken>. Your order is confirmed and our artisans will start on
          it.
        </Paragraph>
        <Paragraph>
          {`Please pay the balance of ${balance} before dispatch, and submit its payment reference (UTR) on the page below.`}
        </Paragraph>
        <HowToPay
          payment={{ paymentMethod, upiUrl, upiOverLimit, upiId, bankDetails }}
          amount={balance}
        />
        <ButtonLink href={quotationUrl} secondary={Boolean(upiUrl)}>
          View your quotation
        </ButtonLink>
        <QuestionsParagraph shop={shop} />
      </MailLayout>
    );
  },
};

/** issue 32: the balance is confirmed: the order is paid in full. */
export const balanceConfirmedCustomer: MailTemplate<'balance-confirmed-customer'> = {
  subject: ({ orderNumber }) => `Payment confirmed for ${orderNumber}`,
  render: ({ customerName, orderNumber, balanceMinor, totalMinor, quotationUrl }, shop) => (
    <MailLayout shop={shop} preview={`Order ${orderNumber} is paid in full.`}>
      <Greeting name={customerName} />
      <Paragraph>
        {`We have received the balance of ${formatRupees(balanceMinor)} for order `}
        <Unbroken>{orderNumber}</Unbroken>
        {`. The order is paid in full (${formatRupees(totalMinor)}). Thank you!`}
      </Paragraph>
      <ButtonLink href={quotationUrl}>View your quotation</ButtonLink>
      <QuestionsParagraph shop={shop} />
    </MailLayout>
  ),
};
