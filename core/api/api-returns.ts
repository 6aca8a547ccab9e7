/**
 * docs/requirements.md §24 "Returns" over the API: the buyer's request and the owner's answer are the forms' own
 * schemas (core/orders/returns.ts); a return is answered in the one shape the order's pages and
 * mails show (ReturnView), and a refund that closes one names it (core/orders/refunds.ts).
 */
import { z } from 'zod';
import { refundFormSchema } from '../orders/refunds';
import { returnStatuses } from '../orders/return-status';
import { apiOrderPhotoSchema } from './api-shipments';

const instant = z.string().meta({ description: 'An ISO 8601 instant.' });

export const apiReturnSchema = z
  .object({
    id: z.guid(),
    orderId: z.guid(),
    status: z.enum(returnStatuses).meta({
      description:
        '`requested`, then `approved` or `declined` by the shop; an approved return is `refunded` once its refund is recorded.',
    }),
    pieces: z.array(
      z.object({ orderItemId: z.guid(), productName: z.string(), quantity: z.number().int() }),
    ),
    reason: z.string(),
    photos: z.array(apiOrderPhotoSchema).meta({
      description: 'Up to 4, added in My Account; a return asked over the API has none.',
    }),
    requestedAt: instant,
    decisionNote: z.string().nullable().meta({
      description:
        'The approval’s instructions (where and how to send the pieces back) or the decline’s reason; null until answered.',
    }),
    decidedAt: instant.nullable(),
    refundId: z.guid().nullable().meta({ description: 'The refund that closed the return.' }),
  })
  .meta({ id: 'Return' });

export const apiReturnTexts = {
  refundOfReturnIsRecordRefund: 'The refund of a return is recorded with the action record-refund.',
} as const;

/**
 * The console's refund form (core/orders/refunds.ts) as the API takes it: a `returnId` names the
 * approved return the refund closes, which is a "Record Refund", never a cancellation.
 */
export const apiRefundBodySchema = refundFormSchema.superRefine((refund, context) => {
  if (refund.returnId !== undefined && refund.action !== 'record-refund') {
    context.addIssue({
      code: 'custom',
      path: ['action'],
      message: apiReturnTexts.refundOfReturnIsRecordRefund,
    });
  }
});
