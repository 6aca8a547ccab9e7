/**
 * docs/requirements.md §18 "Merge Requests": the customer's one mail when the owner merges their requests into
 * the one they keep: which references closed, every piece now on the kept one, and its link.
 */
import { referenceList } from '../../../core/quotes/quote-merge';
import { MailLayout, type MailTemplate } from './layout';
import {
  ButtonLink,
  Details,
  Greeting,
  Paragraph,
  PieceList,
  QuestionsParagraph,
} from './mail-parts';

export const quotationMergedCustomer: MailTemplate<'quotation-merged-customer'> = {
  subject: ({ reference }) => `Your requests are merged into ${reference}`,
  render: ({ customerName, reference, mergedReferences, pieces, quotationUrl }, shop) => (
    <MailLayout
      shop={shop}
      preview={`${referenceList(mergedReferences)} joined ${reference}: one offer for every piece.`}
    >
      <Greeting name={customerName} />
      <Paragraph>
        {`We merged your quotation ${mergedReferences.length === 1 ? 'request' : 'requests'} ${referenceList(mergedReferences)} into ${reference}, so that one offer covers every piece. Your messages are there too.`}
      </Paragraph>
      <Details items={[['Reference', reference]]} />
      <PieceList pieces={pieces} />
      <Paragraph>Follow it, read our offer and accept it online:</Paragraph>
      <ButtonLink href={quotationUrl}>View your quotation</ButtonLink>
      <QuestionsParagraph shop={shop} />
    </MailLayout>
  ),
};
