/**
 * docs/requirements.md §18: a request's pieces named in one phrase, so that no mail about a request of several
 * pieces reads as if it were about its first piece only.
 */
import {
  piecesSummary,
  piecesTitle as piecesTitleOf,
} from '../../../core/quotes/request-pieces-texts';

/** "Lotus Urli", or "Floral Inlay Marble Urli and 3 more pieces" (core/request-pieces-texts). */
export function piecesTitle(names: readonly string[]): string {
  return piecesTitleOf(names[0] ?? 'a piece', names.length);
}

/**
 * What a new request's subject names: one piece by its name alone, as it always did (mail
 * filters and the tests match it); several as the admin list sums them up, "Floral Inlay Marble
 * Urli × 20 and 3 more pieces".
 */
export function requestSubjectPieces(
  pieces: readonly { name: string; quantity: number }[],
): string {
  if (pieces.length <= 1) return pieces[0]?.name ?? 'a piece';
  return piecesSummary(
    pieces.map((piece) => ({ productName: piece.name, quantity: piece.quantity })),
  );
}
