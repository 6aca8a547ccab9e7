/**
 * The mails of a new quotation request (issue 16, issue 25 §2): the owner's, with everything the
 * requester wrote, and the requester's confirmation with their private link.
 */
import type { MailPiece } from './props';
import { MailLayout, type MailTemplate } from './layout';
import {
  ButtonLink,
  Details,
  Greeting,
  MailHeading,
  Paragraph,
  PieceList,
  QuestionsParagraph,
  QuotedText,
  SectionHeading,
  TextLink,
} from './mail-parts';

/** "Floral Inlay Marble Urli", or "Floral Inlay Marble Urli and 2 more pieces". */
function piecesTitle(pieces: MailPiece[]): string {
  const [first, ...others] = pieces;
  const name = first?.name ?? 'a piece';
  if (others.length === 0) return name;
  return `${name} and ${others.length} more ${others.length === 1 ? 'piece' : 'pieces'}`;
}

export const quotationRequestOwner: MailTemplate<'quotation-request-owner'> = {
  subject: ({ pieces }) => `New quotation request: ${piecesTitle(pieces)}`,
  render: ({ reference, pieces, notes, requester, adminUrl }, shop) => (
    <MailLayout
      shop={shop}
      preview={`${requester.name} asked for a quotation for ${piecesTitle(pieces)} (${reference}).`}
    >
      <MailHeading>New quotation request</MailHeading>
      <Details items={[['Reference', reference]]} />
      <PieceList pieces={pieces} />
      <SectionHeading>Customisation notes</SectionHeading>
      {notes?.trim() ? <QuotedText>{notes}</QuotedText> : <Paragraph>(none)</Paragraph>}
      <SectionHeading>Requester</SectionHeading>
      <Details
        items={[
          ['Name', requester.name],
          ['Company', requester.company],
          ['Mobile', requester.mobile],
          ['Email', requester.email],
        ]}
      />
      <Paragraph>Answer it with an offer:</Paragraph>
      <ButtonLink href={adminUrl}>Open in the admin</ButtonLink>
    </MailLayout>
  ),
};

export const quotationRequestCustomer: MailTemplate<'quotation-request-customer'> = {
  subject: ({ pieces }) => `We received your quotation request for ${piecesTitle(pieces)}`,
  render: ({ reference, pieces, notes, requester, quotationUrl, claimUrl }, shop) => (
    <MailLayout
      shop={shop}
      preview={`We received your quotation request ${reference}; we will contact you shortly.`}
    >
      {requester ? <Greeting name={requester.name} /> : null}
      <Paragraph>
        Thank you for your request. We will contact you shortly with a quotation.
      </Paragraph>
      <Details items={[['Reference', reference]]} />
      <PieceList pieces={pieces} />
      {requester ? (
        // Only for the signed-in requester's verified address: the words are theirs.
        <>
          <SectionHeading>Customisation notes</SectionHeading>
          {notes?.trim() ? <QuotedText>{notes}</QuotedText> : <Paragraph>(none)</Paragraph>}
          <SectionHeading>Your details</SectionHeading>
          <Details
            items={[
              ['Name', requester.name],
              ['Company', requester.company],
              ['Mobile', requester.mobile],
              ['Email', requester.email],
            ]}
          />
        </>
      ) : null}
      <Paragraph>Follow your quotation, read our offer and accept it online:</Paragraph>
      <ButtonLink href={quotationUrl}>View your quotation</ButtonLink>
      {claimUrl ? (
        // issue 26 item 2: a guest's request joins an account only when its holder adds it.
        <>
          <Paragraph>
            Have an account with this e-mail address? Sign in and add the request to it, to follow
            it and its order from your dashboard:
          </Paragraph>
          <TextLink href={claimUrl}>Is this your request? Add it to your account</TextLink>
        </>
      ) : null}
      {requester ? null : (
        // issue 14 finding 5: anyone can type an address into the form, so this mail carries
        // nothing the request wrote, and tells a stranger what to do with it.
        <Paragraph>If you did not ask for a quotation, ignore this e-mail.</Paragraph>
      )}
      <QuestionsParagraph shop={shop} />
    </MailLayout>
  ),
};
