/**
 * The mails of a new quotation request (docs/requirements.md §10, §13): the owner's, with everything the
 * requester wrote, and the requester's confirmation with their private link.
 */
import type { MailPiece, MailRequester } from './props';
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
import { piecesTitle, requestSubjectPieces } from './pieces';

function titleOf(pieces: MailPiece[]): string {
  return piecesTitle(pieces.map((piece) => piece.name));
}

/**
 * The pieces, then the request's own notes (docs/requirements.md §18: a request of several pieces has notes per
 * piece and notes for the whole of it, and says which are which).
 */
function RequestContent({ pieces, notes }: { pieces: MailPiece[]; notes: string | null }) {
  const several = pieces.length > 1;
  return (
    <>
      {several ? <SectionHeading>{`${pieces.length} pieces`}</SectionHeading> : null}
      <PieceList pieces={pieces} />
      <SectionHeading>
        {several ? 'Notes for the whole request' : 'Customisation notes'}
      </SectionHeading>
      {notes?.trim() ? <QuotedText>{notes}</QuotedText> : <Paragraph>(none)</Paragraph>}
    </>
  );
}

/** The requester's details; the GSTIN only when they gave one (docs/requirements.md §18). */
function RequesterDetails({ requester }: { requester: MailRequester }) {
  return (
    <Details
      items={[
        ['Name', requester.name],
        ['Company', requester.company],
        ['Mobile', requester.mobile],
        ['Email', requester.email],
        ...(requester.gstin?.trim() ? [['GSTIN', requester.gstin] as [string, string]] : []),
      ]}
    />
  );
}

export const quotationRequestOwner: MailTemplate<'quotation-request-owner'> = {
  subject: ({ pieces }) => `New quotation request: ${requestSubjectPieces(pieces)}`,
  render: ({ reference, pieces, notes, requester, adminUrl }, shop) => (
    <MailLayout
      shop={shop}
      preview={`${requester.name} asked for a quotation for ${titleOf(pieces)} (${reference}).`}
    >
      <MailHeading>New quotation request</MailHeading>
      <Details items={[['Reference', reference]]} />
      <RequestContent pieces={pieces} notes={notes} />
      <SectionHeading>Requester</SectionHeading>
      <RequesterDetails requester={requester} />
      <Paragraph>Answer it with an offer:</Paragraph>
      <ButtonLink href={adminUrl}>Open in the admin</ButtonLink>
    </MailLayout>
  ),
};

export const quotationRequestCustomer: MailTemplate<'quotation-request-customer'> = {
  subject: ({ pieces }) => `We received your quotation request for ${requestSubjectPieces(pieces)}`,
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
      {requester ? (
        // Only for the signed-in requester's verified address: the words are theirs.
        <>
          <RequestContent pieces={pieces} notes={notes} />
          <SectionHeading>Your details</SectionHeading>
          <RequesterDetails requester={requester} />
        </>
      ) : (
        // docs/requirements.md §18: what the shop knows, every piece and its quantity; no piece's notes, which
        // the requester wrote.
        <>
          {pieces.length > 1 ? <SectionHeading>{`${pieces.length} pieces`}</SectionHeading> : null}
          <PieceList pieces={pieces.map((piece) => ({ ...piece, notes: null }))} />
        </>
      )}
      <Paragraph>Follow your quotation, read our offer and accept it online:</Paragraph>
      <ButtonLink href={quotationUrl}>View your quotation</ButtonLink>
      {claimUrl ? (
        // docs/requirements.md §15: a guest's request joins an account only when its holder adds it.
        <>
          <Paragraph>
            Have an account with this e-mail address? Sign in and add the request to it, to follow
            it and its order from your dashboard:
          </Paragraph>
          <TextLink href={claimUrl}>Is this your request? Add it to your account</TextLink>
        </>
      ) : null}
      {requester ? null : (
        // docs/requirements.md §13: anyone can type an address into the form, so this mail carries
        // nothing the request wrote, and tells a stranger what to do with it.
        <Paragraph>If you did not ask for a quotation, ignore this e-mail.</Paragraph>
      )}
      <QuestionsParagraph shop={shop} />
    </MailLayout>
  ),
};
