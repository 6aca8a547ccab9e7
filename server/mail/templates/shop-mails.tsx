/**
 * The shop's own mails (docs/requirements.md §13): the newsletter's welcome, and the owner's notices of the
 * contact form, the welcome pop-up's call-back request, a disabled webhook endpoint (docs/requirements.md §11) and
 * the morning digest of requests awaiting a reply (docs/requirements.md §12).
 */
import { formatLongDate } from '../../../core/time/dates';
import { MailLayout, type MailTemplate, telephoneAddress } from './layout';
import {
  ButtonLink,
  Details,
  ListEntry,
  MailHeading,
  Paragraph,
  QuotedText,
  TextLink,
} from './mail-parts';

export const newsletterWelcome: MailTemplate<'newsletter-welcome'> = {
  subject: (_props, shop) => `Welcome to the ${shop.name} newsletter`,
  render: ({ unsubscribeUrl, shopUrl }, shop) => (
    <MailLayout
      shop={shop}
      preview="Once a month: a new artisan story and the pieces that came out of the workshops."
      unsubscribeUrl={unsubscribeUrl}
    >
      <MailHeading>{`Welcome to the ${shop.name} newsletter`}</MailHeading>
      <Paragraph>
        Thank you for subscribing! Once a month we will send you a new artisan story and the pieces
        that came out of the workshops.
      </Paragraph>
      <ButtonLink href={shopUrl}>Visit the shop</ButtonLink>
      <Paragraph muted>You can unsubscribe at any time with one click:</Paragraph>
      <TextLink href={unsubscribeUrl}>Unsubscribe</TextLink>
    </MailLayout>
  ),
};

export const contactMessageOwner: MailTemplate<'contact-message-owner'> = {
  subject: ({ subject }) => `New message: ${subject}`,
  render: ({ name, email, subject, message, adminUrl }, shop) => (
    <MailLayout shop={shop} preview={`${name} wrote through the contact form: ${subject}`}>
      <MailHeading>New message</MailHeading>
      <Details
        items={[
          ['From', `${name} <${email}>`],
          ['Subject', subject],
        ]}
      />
      <QuotedText>{message}</QuotedText>
      <Paragraph>Answer it from the admin console:</Paragraph>
      <ButtonLink href={adminUrl}>Open in the admin</ButtonLink>
    </MailLayout>
  ),
};

export const callbackRequestOwner: MailTemplate<'callback-request-owner'> = {
  subject: ({ phoneNumber }) => `Call-back request from ${phoneNumber}`,
  render: ({ phoneNumber, adminUrl }, shop) => (
    <MailLayout shop={shop} preview={`Call ${phoneNumber} back: they asked from the pop-up.`}>
      <MailHeading>Call-back request</MailHeading>
      <TextLink href={telephoneAddress(phoneNumber)}>{phoneNumber}</TextLink>
      <Paragraph>They asked to be called back from the welcome pop-up.</Paragraph>
      <ButtonLink href={adminUrl}>Open in the admin</ButtonLink>
    </MailLayout>
  ),
};

export const webhookEndpointDisabled: MailTemplate<'webhook-endpoint-disabled'> = {
  subject: ({ url }) => `Webhook endpoint disabled: ${url}`,
  render: ({ url, failingSince, adminUrl }, shop) => (
    <MailLayout shop={shop} preview={`${url} failed for 3 days and gets no new events.`}>
      <MailHeading>Webhook endpoint disabled</MailHeading>
      <Paragraph>
        {`Every delivery to ${url} has failed since ${formatLongDate(failingSince)}, so the endpoint has been disabled and gets no new events.`}
      </Paragraph>
      <Paragraph>
        Check the attempts in the delivery log, then enable it again and resend what it missed:
      </Paragraph>
      <ButtonLink href={adminUrl}>Open in the admin</ButtonLink>
    </MailLayout>
  ),
};

/** docs/requirements.md §24: "2 paid orders are not yet shipped 14 days after payment". */
function unshippedLine(count: number): string {
  return `${count} paid ${count === 1 ? 'order is' : 'orders are'} not yet shipped 14 days after payment.`;
}

/** docs/requirements.md §24: "1 return is waiting for your answer." */
function returnsLine(count: number): string {
  return `${count} ${count === 1 ? 'return is' : 'returns are'} waiting for your answer.`;
}

export const dailyDigest: MailTemplate<'daily-digest'> = {
  subject: ({ total, unshippedOrders, returnsRequested }) =>
    total > 0
      ? `${total} ${total === 1 ? 'request awaits' : 'requests await'} your reply`
      : unshippedOrders > 0
        ? `${unshippedOrders} paid ${unshippedOrders === 1 ? 'order' : 'orders'} not yet shipped`
        : `${returnsRequested} ${returnsRequested === 1 ? 'return' : 'returns'} requested`,
  render: (
    {
      total,
      requests,
      listUrl,
      unshippedOrders,
      ordersUrl,
      returnsRequested,
      returnsUrl,
      settingsUrl,
    },
    shop,
  ) => {
    const more = total - requests.length;
    return (
      <MailLayout
        shop={shop}
        preview={
          total > 0
            ? `${total} quotation ${total === 1 ? 'request is' : 'requests are'} waiting for a reply.`
            : unshippedOrders > 0
              ? unshippedLine(unshippedOrders)
              : returnsLine(returnsRequested)
        }
      >
        <MailHeading>Good morning</MailHeading>
        {total > 0 ? (
          <>
            <Paragraph>
              {`These quotation requests are waiting for a reply from ${shop.name}, the longest first:`}
            </Paragraph>
            {requests.map((request) => (
              <ListEntry
                key={request.reference}
                title={`${request.reference} · ${request.customerName}`}
                detail={`${request.productName} · waiting ${request.waited}`}
              >
                <TextLink href={request.adminUrl}>{`Answer ${request.reference}`}</TextLink>
              </ListEntry>
            ))}
            {more > 0 ? <Paragraph>{`…and ${more} more.`}</Paragraph> : null}
            <ButtonLink href={listUrl}>Open in the admin</ButtonLink>
          </>
        ) : null}
        {unshippedOrders > 0 ? (
          <>
            <Paragraph>{unshippedLine(unshippedOrders)}</Paragraph>
            <ButtonLink href={ordersUrl} secondary={total > 0}>
              Open the orders
            </ButtonLink>
          </>
        ) : null}
        {returnsRequested > 0 ? (
          <>
            <Paragraph>{returnsLine(returnsRequested)}</Paragraph>
            <ButtonLink href={returnsUrl} secondary={total > 0 || unshippedOrders > 0}>
              Answer the returns
            </ButtonLink>
          </>
        ) : null}
        <Paragraph muted>
          The shop promises a reply within 24 hours. Turn this digest off in Settings:
        </Paragraph>
        <TextLink href={settingsUrl}>Settings</TextLink>
      </MailLayout>
    );
  },
};
