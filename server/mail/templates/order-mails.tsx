/**
 * From an accepted offer to a paid order (docs/requirements.md §10, §13): the order made and how to pay
 * it, the payment reference the customer submitted, and the payment confirmed; each shipment with
 * its tracking, and the owner's making-of updates while the order is made (docs/requirements.md
 * §24), and a delivered order's returns: the buyer's request and the owner's answer
 * (docs/requirements.md §24 "Returns"); then the buyer's GST documents, each with its PDF
 * attached (docs/requirements.md §23).
 */
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { countOf } from '../../../core/forms/plurals';
import { formatRupees } from '../../../core/money/money';
import { formatLongDate } from '../../../core/time/dates';
import { formatRupeesWithApproximation } from '../../../core/money/display-currency';
import type { PaymentStage } from '../../../core/orders/payment-terms';
import { returnTexts } from '../../../core/orders/return-status';
import type { MailPaymentMethod, MailReturnedPiece } from './props';
import { Line, MailLayout, textStyles, withLineBreaks, type MailTemplate } from './layout';
import {
  ButtonLink,
  Details,
  Greeting,
  Paragraph,
  QuestionsParagraph,
  QuotedText,
  SectionHeading,
  TextLink,
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
      displayRate,
    },
    shop,
  ) => {
    // docs/decisions/026: every amount with its approximation in the reader's currency
    const rupees = (paise: number) => formatRupeesWithApproximation(paise, displayRate);
    const total = rupees(totalMinor);
    const amountDue = rupees(amountDueMinor);
    return (
      <MailLayout shop={shop} preview={`Your order ${orderNumber} for ${total}: how to pay.`}>
        <Greeting name={customerName} />
        <Paragraph>
          Thank you! Your order <Unbroken>{orderNumber}</Unbroken>
          {` has been created for ${total}. Pay by ${paymentMethodName(paymentMethod)} from the page below and submit the payment reference (UTR) there; we confirm the payment and start work.`}
        </Paragraph>
        {balanceMinor !== null ? (
          // docs/requirements.md §21: the advance first, the balance before dispatch
          <Paragraph>
            {`Please pay the advance of ${amountDue} now; the balance of ${rupees(balanceMinor)} is due before dispatch.`}
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
 * How to pay an amount: docs/requirements.md §10's UPI link and ID, with the bank details as the alternative under
 * them and the only way for an order paid by bank transfer; docs/requirements.md §21: an amount above the UPI
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

/**
 * Which payment a reference pays, so the owner tells the advance's from the balance's
 * (docs/requirements.md §21): the stage comes from the order's amounts and payment status.
 */
const referencePaymentWords = {
  advance: { subject: 'Advance reference received', payment: 'the advance' },
  balance: { subject: 'Balance reference received', payment: 'the balance' },
  full: { subject: 'Payment reference received', payment: 'the payment' },
} satisfies Record<PaymentStage, { subject: string; payment: string }>;

export const paymentReferenceOwner: MailTemplate<'payment-reference-owner'> = {
  subject: ({ orderNumber, payment }) =>
    `${referencePaymentWords[payment].subject} for ${orderNumber}`,
  render: (
    { customerName, orderNumber, payment, totalMinor, paymentMethod, paymentReference, adminUrl },
    shop,
  ) => (
    <MailLayout
      shop={shop}
      preview={`${customerName} paid ${referencePaymentWords[payment].payment} of order ${orderNumber}: check reference ${paymentReference}.`}
    >
      <Paragraph>
        {`${customerName} submitted the ${paymentMethodName(paymentMethod)} reference `}
        <Unbroken>{paymentReference}</Unbroken>
        {` for ${referencePaymentWords[payment].payment} of ${formatRupees(totalMinor)} on order `}
        <Unbroken>{orderNumber}</Unbroken>
        {'. Check it against your account, then confirm the payment in the Orders tab.'}
      </Paragraph>
      <ButtonLink href={adminUrl}>Open in the admin</ButtonLink>
    </MailLayout>
  ),
};

export const paymentConfirmedCustomer: MailTemplate<'payment-confirmed-customer'> = {
  subject: ({ orderNumber }) => `Payment confirmed for ${orderNumber}`,
  render: ({ customerName, orderNumber, totalMinor, quotationUrl, displayRate }, shop) => (
    <MailLayout
      shop={shop}
      preview={`We received your payment for order ${orderNumber}; work starts now.`}
    >
      <Greeting name={customerName} />
      <Paragraph>
        {`We have received your payment of ${formatRupeesWithApproximation(totalMinor, displayRate)} for order `}
        <Unbroken>{orderNumber}</Unbroken>. Your order is confirmed and our artisans will start on
        it.
      </Paragraph>
      <ButtonLink href={quotationUrl}>View your quotation</ButtonLink>
      <QuestionsParagraph shop={shop} />
    </MailLayout>
  ),
};

/**
 * docs/requirements.md §21: the advance is confirmed; the mail asks for the balance with the same UPI link (of
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
      displayRate,
    },
    shop,
  ) => {
    const rupees = (paise: number) => formatRupeesWithApproximation(paise, displayRate);
    const balance = rupees(balanceMinor);
    return (
      <MailLayout
        shop={shop}
        preview={`We received your advance for order ${orderNumber}; the balance of ${balance} is due before dispatch.`}
      >
        <Greeting name={customerName} />
        <Paragraph>
          {`We have received your advance of ${rupees(advanceMinor)} for order `}
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

/** docs/requirements.md §21: the balance is confirmed: the order is paid in full. */
export const balanceConfirmedCustomer: MailTemplate<'balance-confirmed-customer'> = {
  subject: ({ orderNumber }) => `Payment confirmed for ${orderNumber}`,
  render: (
    { customerName, orderNumber, balanceMinor, totalMinor, quotationUrl, displayRate },
    shop,
  ) => (
    <MailLayout shop={shop} preview={`Order ${orderNumber} is paid in full.`}>
      <Greeting name={customerName} />
      <Paragraph>
        {`We have received the balance of ${formatRupeesWithApproximation(balanceMinor, displayRate)} for order `}
        <Unbroken>{orderNumber}</Unbroken>
        {`. The order is paid in full: ${formatRupeesWithApproximation(totalMinor, displayRate)}. Thank you!`}
      </Paragraph>
      <ButtonLink href={quotationUrl}>View your quotation</ButtonLink>
      <QuestionsParagraph shop={shop} />
    </MailLayout>
  ),
};

/**
 * docs/requirements.md §24: a shipment left the shop. The tracking number stands beside "Track
 * Shipment" whenever there is one: India Post's link opens its page without the number
 * (docs/decisions/028), so the buyer types it there. The photo of the packed boxes is a link, not
 * a picture in the mail: a mail loads nothing from elsewhere (docs/decisions/017,
 * docs/requirements.md §13). The worker attaches the order's invoice.
 */
export const orderShippedCustomer: MailTemplate<'order-shipped-customer'> = {
  subject: ({ orderNumber }) => `Your order ${orderNumber} has shipped`,
  render: (
    {
      customerName,
      orderNumber,
      carrierName,
      trackingNumber,
      trackingUrl,
      dispatchedOn,
      boxes,
      pieces,
      everyPieceShipped,
      photoUrl,
      invoiceNumber,
      quotationUrl,
    },
    shop,
  ) => (
    <MailLayout
      shop={shop}
      preview={`${carrierName} is bringing your order ${orderNumber}${trackingNumber ? ` (tracking number ${trackingNumber})` : ''}.`}
    >
      <Greeting name={customerName} />
      <Paragraph>
        {'Your order '}
        <Unbroken>{orderNumber}</Unbroken>
        {` left us on ${formatLongDate(dispatchedOn)} with ${carrierName}.`}
      </Paragraph>
      {trackingNumber ? (
        <Paragraph>
          {'Tracking number: '}
          <Unbroken>{trackingNumber}</Unbroken>
        </Paragraph>
      ) : null}
      {trackingUrl ? <ButtonLink href={trackingUrl}>Track Shipment</ButtonLink> : null}
      <Paragraph>In this shipment:</Paragraph>
      <Section style={{ margin: '0 0 16px' }}>
        {pieces.map((piece, index) => (
          <Line key={index} style={{ marginBottom: '4px' }}>
            {`${piece.quantity} × ${piece.productName}`}
          </Line>
        ))}
        <Line muted>{countOf(boxes, 'box', 'boxes')}</Line>
      </Section>
      {photoUrl ? <TextLink href={photoUrl}>See the photo of your packed boxes</TextLink> : null}
      {everyPieceShipped ? null : (
        <Paragraph>More pieces of your order will follow in another shipment.</Paragraph>
      )}
      {invoiceNumber ? (
        <Paragraph>
          {'Your tax invoice '}
          <Unbroken>{invoiceNumber}</Unbroken>
          {' is attached.'}
        </Paragraph>
      ) : null}
      <ButtonLink href={quotationUrl} secondary={Boolean(trackingUrl)}>
        View your quotation
      </ButtonLink>
      <QuestionsParagraph shop={shop} />
    </MailLayout>
  ),
};

/**
 * docs/requirements.md §24: the order reached the buyer. When the shop marked it, she may not
 * have it yet, so the mail asks her to say so.
 */
export const orderDeliveredCustomer: MailTemplate<'order-delivered-customer'> = {
  subject: ({ orderNumber }) => `Your order ${orderNumber} was delivered`,
  render: ({ customerName, orderNumber, deliveredOn, confirmedBy, quotationUrl }, shop) => {
    const day = formatLongDate(deliveredOn);
    return (
      <MailLayout shop={shop} preview={`Order ${orderNumber} was delivered on ${day}.`}>
        <Greeting name={customerName} />
        <Paragraph>
          {'Your order '}
          <Unbroken>{orderNumber}</Unbroken>
          {` was delivered on ${day}.`}
        </Paragraph>
        <Paragraph>
          {confirmedBy === 'customer'
            ? 'Thank you for letting us know it has reached you.'
            : 'If it has not reached you, reply to this mail and we will look into it at once.'}
        </Paragraph>
        <ButtonLink href={quotationUrl}>View your order</ButtonLink>
        <QuestionsParagraph shop={shop} />
      </MailLayout>
    );
  },
};

/**
 * docs/requirements.md §24: a refund on a cancelled order, or the one that closes an approved
 * return (which names the returned pieces), with how much of what she paid is now back. The
 * subject keeps the rupees alone, as the price drop's does; the body shows every amount with its
 * approximation (docs/decisions/026). The worker attaches the credit note when there is one.
 */
export const orderRefundedCustomer: MailTemplate<'order-refunded-customer'> = {
  subject: ({ amountMinor, orderNumber }) =>
    `Refund of ${formatRupees(amountMinor)} for ${orderNumber}`,
  render: (
    {
      customerName,
      orderNumber,
      amountMinor,
      methodLabel,
      refundReference,
      refundedOn,
      fullyRefunded,
      refundedTotalMinor,
      receivedMinor,
      creditNoteNumber,
      returnedPieces,
      quotationUrl,
      displayRate,
    },
    shop,
  ) => {
    const rupees = (paise: number) => formatRupeesWithApproximation(paise, displayRate);
    const amount = rupees(amountMinor);
    const returned = returnedPieces?.length ? returnedPieces.map(pieceWords).join(', ') : null;
    return (
      <MailLayout shop={shop} preview={`Refund of ${amount} for order ${orderNumber}.`}>
        <Greeting name={customerName} />
        <Paragraph>
          {`We have refunded ${amount} for your order `}
          <Unbroken>{orderNumber}</Unbroken>
          {` on ${formatLongDate(refundedOn)}, by ${methodLabel}, reference `}
          <Unbroken>{refundReference}</Unbroken>.
        </Paragraph>
        {returned ? (
          <Paragraph>{`This refund is for the pieces you returned: ${returned}.`}</Paragraph>
        ) : null}
        <Paragraph>
          {fullyRefunded
            ? `Everything you paid, ${rupees(receivedMinor)}, is now refunded.`
            : `${rupees(refundedTotalMinor)} of the ${rupees(receivedMinor)} you paid is now refunded.`}
        </Paragraph>
        {creditNoteNumber ? (
          <Paragraph>
            {'Credit note '}
            <Unbroken>{creditNoteNumber}</Unbroken>
            {' is attached.'}
          </Paragraph>
        ) : null}
        <ButtonLink href={quotationUrl}>View your order</ButtonLink>
        <QuestionsParagraph shop={shop} />
      </MailLayout>
    );
  },
};

/** How many pieces a return holds, its lines added up. */
function piecesIn(pieces: MailReturnedPiece[]): number {
  return pieces.reduce((sum, piece) => sum + piece.quantity, 0);
}

/** A returned line as the return mails name it: "2 × Lotus Urli". */
function pieceWords({ quantity, productName }: MailReturnedPiece): string {
  return `${quantity} × ${productName}`;
}

/** The pieces of a return, one line each ("2 × Lotus Urli"), as the shipped mail lists its pieces. */
function ReturnedPieces({ pieces }: { pieces: MailReturnedPiece[] }) {
  return (
    <Section style={{ margin: '0 0 16px' }}>
      {pieces.map((piece, index) => (
        <Line key={index} style={{ marginBottom: '4px' }}>
          {pieceWords(piece)}
        </Line>
      ))}
    </Section>
  );
}

/** "Reason: …" or "Why: …" with someone's words after it, their line breaks kept. */
function LabelledWords({ label, words }: { label: string; words: string }) {
  return (
    <Text className="mail-text" style={{ ...textStyles.paragraph, whiteSpace: 'pre-line' }}>
      {`${label}: `}
      {withLineBreaks(words)}
    </Text>
  );
}

/**
 * docs/requirements.md §24 "Returns": the buyer asks to return pieces of her delivered order; the
 * owner reads what, why and her photos, then answers in the console. The photos are links, never
 * pictures in the mail: a mail loads nothing from elsewhere (docs/decisions/017).
 */
export const returnRequestedOwner: MailTemplate<'return-requested-owner'> = {
  subject: ({ orderNumber }) => `Return requested for ${orderNumber}`,
  render: ({ customerName, orderNumber, pieces, reason, photoUrls, adminUrl }, shop) => (
    <MailLayout
      shop={shop}
      preview={`${customerName} wants to send back ${countOf(piecesIn(pieces), 'piece')} of ${orderNumber}: approve or decline.`}
    >
      <Paragraph>
        {`${customerName} asks to return pieces of order `}
        <Unbroken>{orderNumber}</Unbroken>.
      </Paragraph>
      <ReturnedPieces pieces={pieces} />
      <LabelledWords label="Reason" words={reason} />
      {photoUrls.length > 0 ? (
        <>
          <Paragraph>{`${countOf(photoUrls.length, 'photo')} with the request.`}</Paragraph>
          {photoUrls.map((url, index) => (
            <TextLink key={index} href={url}>{`Photo ${index + 1}`}</TextLink>
          ))}
        </>
      ) : null}
      <ButtonLink href={adminUrl}>Answer the Return</ButtonLink>
    </MailLayout>
  ),
};

/**
 * docs/requirements.md §24 "Returns": the owner approved the return: which pieces, the owner's
 * instructions in the owner's words and line breaks, and that the buyer pays the way back.
 */
export const returnApprovedCustomer: MailTemplate<'return-approved-customer'> = {
  subject: ({ orderNumber }) => `Your return for ${orderNumber} is approved`,
  render: ({ customerName, orderNumber, pieces, instructions, quotationUrl }, shop) => (
    <MailLayout shop={shop} preview={`Where to send the pieces of order ${orderNumber} back.`}>
      <Greeting name={customerName} />
      <Paragraph>We have approved the return of:</Paragraph>
      <ReturnedPieces pieces={pieces} />
      <Paragraph>How to send them back:</Paragraph>
      <QuotedText>{instructions}</QuotedText>
      <Paragraph>{returnTexts.shippingIsYours}</Paragraph>
      <Paragraph>We will refund you once the pieces are back with us.</Paragraph>
      <ButtonLink href={quotationUrl}>View your order</ButtonLink>
      <QuestionsParagraph shop={shop} />
    </MailLayout>
  ),
};

/** docs/requirements.md §24 "Returns": the owner declined the return, and the owner's reason. */
export const returnDeclinedCustomer: MailTemplate<'return-declined-customer'> = {
  subject: ({ orderNumber }) => `Your return for ${orderNumber} was declined`,
  render: ({ customerName, orderNumber, pieces, reason, quotationUrl }, shop) => (
    <MailLayout shop={shop} preview={`Our answer on returning pieces of order ${orderNumber}.`}>
      <Greeting name={customerName} />
      <Paragraph>We cannot accept the return of:</Paragraph>
      <ReturnedPieces pieces={pieces} />
      <LabelledWords label="Why" words={reason} />
      <Paragraph>If you have a question, reply to this mail.</Paragraph>
      <ButtonLink href={quotationUrl}>View your order</ButtonLink>
    </MailLayout>
  ),
};

/** How much of the owner's note the inbox line shows. */
const NOTE_PREVIEW_LENGTH = 90;

/**
 * The note's beginning for the inbox line, on one line: its first 90 characters, cut after a whole
 * word (a single word longer than that is cut where it must), with "…" when something is left out.
 */
function notePreview(note: string): string {
  const words = note.replace(/\s+/g, ' ').trim();
  if (words.length <= NOTE_PREVIEW_LENGTH) return words;
  const head = words.slice(0, NOTE_PREVIEW_LENGTH + 1);
  const lastSpace = head.lastIndexOf(' ');
  const cut = lastSpace > 0 ? head.slice(0, lastSpace) : head.slice(0, NOTE_PREVIEW_LENGTH);
  return `${cut.replace(/[\s,;:]+$/, '')}…`;
}

/**
 * docs/requirements.md §24 "Making-of updates": the owner's note on the buyer's piece being made,
 * in the owner's words and line breaks as the shop's thread messages are quoted. The photo is a
 * link, not a picture in the mail: a mail loads nothing from elsewhere (docs/decisions/017,
 * docs/requirements.md §13); every photo of the update is on the order's page.
 */
export const productionUpdateCustomer: MailTemplate<'production-update-customer'> = {
  subject: ({ orderNumber }) => `News of your order ${orderNumber}`,
  render: (
    { customerName, orderNumber, note, photoUrl, photoCount, postedOn, quotationUrl },
    shop,
  ) => {
    const morePhotos = photoCount - 1;
    return (
      <MailLayout shop={shop} preview={notePreview(note)}>
        <Greeting name={customerName} />
        <Paragraph>
          {'Here is how your order '}
          <Unbroken>{orderNumber}</Unbroken>
          {` is coming along, as of ${formatLongDate(postedOn)}:`}
        </Paragraph>
        <QuotedText>{note}</QuotedText>
        {photoUrl ? (
          <TextLink href={photoUrl}>See the photo of your order being made</TextLink>
        ) : null}
        {morePhotos > 0 ? (
          <Paragraph>
            {`${countOf(morePhotos, 'more photo', 'more photos')} on your order’s page.`}
          </Paragraph>
        ) : null}
        <ButtonLink href={quotationUrl}>See your order</ButtonLink>
        <QuestionsParagraph shop={shop} />
      </MailLayout>
    );
  },
};

/** docs/requirements.md §23: the buyer's tax invoice; the worker attaches its PDF. */
export const invoiceIssuedCustomer: MailTemplate<'invoice-issued-customer'> = {
  subject: ({ invoiceNumber }) => `Your invoice ${invoiceNumber}`,
  render: (
    { customerName, invoiceNumber, orderNumber, totalMinor, quotationUrl, displayRate },
    shop,
  ) => (
    <MailLayout shop={shop} preview={`Tax invoice ${invoiceNumber} for order ${orderNumber}.`}>
      <Greeting name={customerName} />
      <Paragraph>
        {'Your tax invoice '}
        <Unbroken>{invoiceNumber}</Unbroken>
        {' for order '}
        <Unbroken>{orderNumber}</Unbroken>
        {' is attached.'}
      </Paragraph>
      <Paragraph>{`Total: ${formatRupeesWithApproximation(totalMinor, displayRate)}`}</Paragraph>
      <ButtonLink href={quotationUrl}>View your quotation</ButtonLink>
      <QuestionsParagraph shop={shop} />
    </MailLayout>
  ),
};

/** docs/requirements.md §23: the credit note that cancels the buyer's invoice; the worker attaches its PDF. */
export const creditNoteIssuedCustomer: MailTemplate<'credit-note-issued-customer'> = {
  subject: ({ creditNoteNumber }) => `Your credit note ${creditNoteNumber}`,
  render: (
    { customerName, creditNoteNumber, orderNumber, invoiceNumber, reason, quotationUrl },
    shop,
  ) => (
    <MailLayout shop={shop} preview={`Credit note ${creditNoteNumber} for order ${orderNumber}.`}>
      <Greeting name={customerName} />
      <Paragraph>
        {'Credit note '}
        <Unbroken>{creditNoteNumber}</Unbroken>
        {' for order '}
        <Unbroken>{orderNumber}</Unbroken>
        {' cancels invoice '}
        <Unbroken>{invoiceNumber}</Unbroken>
        {` (${reason}).`}
      </Paragraph>
      <Paragraph>The credit note is attached as a PDF.</Paragraph>
      <ButtonLink href={quotationUrl}>View your quotation</ButtonLink>
      <QuestionsParagraph shop={shop} />
    </MailLayout>
  ),
};
