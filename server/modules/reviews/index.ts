/**
 * Product reviews (spec §2 Product detail, §3 Review, §7 "Read reviews" / "Insert reviews") and the
 * helpful vote (docs/design.md §5: one per signed-in user and review). The server decides
 * is_verified_purchase; the client never does.
 */
import { and, asc, avg, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { reviewSchema, type ReviewSort } from '../../../core/community/community';
import type { Database } from '../../db/client';
import {
  orderItems,
  orders,
  products,
  profiles,
  reviewHelpfulVotes,
  reviewMedia,
  reviews,
  users,
} from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import { parseInput, requireRowId, requireUser } from '../kernel';

export interface ReviewView {
  id: string;
  title: string | null;
  content: string;
  rating: number | null;
  isVerifiedPurchase: boolean;
  helpfulCount: number;
  /** Whether the viewer has marked this review helpful. */
  votedHelpful: boolean;
  createdAt: Date;
  author: { name: string; avatarUrl: string | null };
  media: { id: string; url: string; type: string }[];
}

export interface ReviewSummary {
  count: number;
  averageRating: number | null;
}

// spec §7: a read by product_id with profile and review_media, by helpful_count or created_at
export async function listReviews(
  db: Database,
  actor: Actor,
  input: { productId: string; sort: ReviewSort },
): Promise<{ reviews: ReviewView[]; summary: ReviewSummary }> {
  const order =
    input.sort === 'newest'
      ? [desc(reviews.createdAt)]
      : [desc(reviews.helpfulCount), desc(reviews.createdAt)];
  const rows = await db
    .select({
      id: reviews.id,
      title: reviews.title,
      content: reviews.content,
      rating: reviews.rating,
      isVerifiedPurchase: reviews.isVerifiedPurchase,
      helpfulCount: reviews.helpfulCount,
      createdAt: reviews.createdAt,
      displayName: profiles.displayName,
      accountName: users.name,
      avatarUrl: profiles.avatarUrl,
      image: users.image,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .leftJoin(profiles, eq(profiles.userId, reviews.userId))
    .where(eq(reviews.productId, input.productId))
    .orderBy(...order);
  const ids = rows.map((row) => row.id);
  const [media, votes, [summary]] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select()
          .from(reviewMedia)
          .where(inArray(reviewMedia.reviewId, ids))
          .orderBy(asc(reviewMedia.createdAt)),
    ids.length === 0 || !actor
      ? []
      : db
          .select({ reviewId: reviewHelpfulVotes.reviewId })
          .from(reviewHelpfulVotes)
          .where(
            and(
              eq(reviewHelpfulVotes.userId, actor.userId),
              inArray(reviewHelpfulVotes.reviewId, ids),
            ),
          ),
    db
      .select({ count: count(), average: avg(reviews.rating) })
      .from(reviews)
      .where(eq(reviews.productId, input.productId)),
  ]);
  const voted = new Set(votes.map((vote) => vote.reviewId));
  return {
    reviews: rows.map((row) => ({
      id: row.id,
      title: row.title,
      content: row.content,
      rating: row.rating,
      isVerifiedPurchase: row.isVerifiedPurchase,
      helpfulCount: row.helpfulCount,
      votedHelpful: voted.has(row.id),
      createdAt: row.createdAt,
      author: {
        name: row.displayName || row.accountName || 'Customer',
        avatarUrl: row.avatarUrl ?? row.image,
      },
      media: media
        .filter((item) => item.reviewId === row.id)
        .map((item) => ({ id: item.id, url: item.mediaUrl, type: item.mediaType })),
    })),
    summary: {
      count: summary?.count ?? 0,
      averageRating: summary?.average ? Math.round(Number(summary.average) * 10) / 10 : null,
    },
  };
}

/**
 * spec §7: insert a review. A purchase is "verified" when the author has a delivered order that
 * holds the product.
 */
export async function createReview(
  db: Database,
  actor: Actor,
  input: { productId: string } & Record<string, unknown>,
): Promise<{ id: string; isVerifiedPurchase: boolean }> {
  const userId = requireUser(actor);
  const values = parseInput(reviewSchema, input);
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, input.productId), eq(products.published, true)));
  if (!product) throw new DomainError('not_found', 'Product not found');
  const [purchase] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'delivered'),
        eq(orderItems.productId, product.id),
      ),
    )
    .limit(1);
  const [created] = await db
    .insert(reviews)
    .values({ productId: product.id, userId, ...values, isVerifiedPurchase: Boolean(purchase) })
    .returning({ id: reviews.id, isVerifiedPurchase: reviews.isVerifiedPurchase });
  if (!created) throw new Error('review not stored');
  return created;
}

/**
 * Marks a review helpful, or takes the mark back. The vote row and helpful_count change in one
 * transaction; the primary key keeps one vote per user, and the count moves by exactly the rows
 * that changed, so it always equals the number of votes.
 */
export async function toggleHelpfulVote(
  db: Database,
  actor: Actor,
  input: { reviewId: string },
): Promise<{ voted: boolean; helpfulCount: number }> {
  const userId = requireUser(actor);
  requireRowId(input.reviewId, 'Review');
  return db.transaction(async (tx) => {
    // Locks the review row: concurrent toggles on one review take turns.
    const [review] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.id, input.reviewId))
      .for('update');
    if (!review) throw new DomainError('not_found', 'Review not found');
    const removed = await tx
      .delete(reviewHelpfulVotes)
      .where(and(eq(reviewHelpfulVotes.reviewId, review.id), eq(reviewHelpfulVotes.userId, userId)))
      .returning({ userId: reviewHelpfulVotes.userId });
    let voted = false;
    let change = -removed.length;
    if (removed.length === 0) {
      const added = await tx
        .insert(reviewHelpfulVotes)
        .values({ reviewId: review.id, userId })
        .onConflictDoNothing()
        .returning({ userId: reviewHelpfulVotes.userId });
      voted = true;
      change = added.length;
    }
    const [updated] = await tx
      .update(reviews)
      .set({ helpfulCount: sql`${reviews.helpfulCount} + ${change}` })
      .where(eq(reviews.id, review.id))
      .returning({ helpfulCount: reviews.helpfulCount });
    return { voted, helpfulCount: updated?.helpfulCount ?? 0 };
  });
}
