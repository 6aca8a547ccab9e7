/**
 * docs/requirements.md §24 "Returns": the buyer's return request and the owner's answer, one schema each for
 * the forms, the API and the server, and the pieces a request may name.
 */
import { z } from 'zod';
import { formText } from '../forms/form-text';
import {
  RETURN_DECISION_NOTE_MAX,
  RETURN_REASON_MAX,
  returnDecisions,
  returnProblems,
  type ReturnableLine,
  type ReturnedPiece,
} from './return-status';
import { SHIPMENT_MAX_PIECES, shipmentPieceSchema } from './shipments';

export const returnRequestSchema = z.object({
  pieces: z.array(shipmentPieceSchema).max(SHIPMENT_MAX_PIECES),
  reason: formText({ error: returnProblems.reason })
    .trim()
    .min(1, returnProblems.reason)
    .max(RETURN_REASON_MAX, returnProblems.reasonTooLong),
  // A posted checkbox sends "on"; the API sends true.
  condition: z
    .union([z.literal('on'), z.literal(true)], { error: returnProblems.condition })
    .transform(() => true as const),
});
export type ReturnRequestInput = z.input<typeof returnRequestSchema>;

export const returnDecisionSchema = z
  .object({
    decision: z.enum(returnDecisions),
    // An empty field is left out of a posted form: none is "", which the check below names.
    note: formText()
      .trim()
      .max(RETURN_DECISION_NOTE_MAX, returnProblems.decisionTooLong)
      .optional()
      .transform((value) => value ?? ''),
  })
  .superRefine((answer, context) => {
    if (answer.note === '') {
      context.addIssue({
        code: 'custom',
        path: ['note'],
        message:
          answer.decision === 'approve'
            ? returnProblems.instructions
            : returnProblems.declineReason,
      });
    }
  });

/**
 * The pieces of a request checked against what the order has left to return: the problem to
 * show, or the pieces with a quantity above 0.
 */
export function checkReturnPieces(
  lines: readonly ReturnableLine[],
  left: ReadonlyMap<string, number>,
  pieces: readonly ReturnedPiece[],
): { problem: string } | { pieces: ReturnedPiece[] } {
  const byId = new Map(lines.map((line) => [line.id, line]));
  const asked = new Map<string, number>();
  for (const piece of pieces) {
    const line = byId.get(piece.orderItemId);
    if (!line) return { problem: returnProblems.pieces };
    if (piece.quantity === 0) continue;
    if (line.madeToOrder) return { problem: returnProblems.notReturnable(line.productName) };
    asked.set(line.id, (asked.get(line.id) ?? 0) + piece.quantity);
    const most = left.get(line.id) ?? 0;
    if (asked.get(line.id)! > most)
      return { problem: returnProblems.tooMany(line.productName, most) };
  }
  if (asked.size === 0) return { problem: returnProblems.pieces };
  return {
    pieces: [...asked].map(([orderItemId, quantity]) => ({ orderItemId, quantity })),
  };
}

export * from './return-status';
