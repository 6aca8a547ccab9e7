import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, insertOrderItem, insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { reviewHelpfulVotes, reviews } from '../../db/schema';
import type { Actor } from '../actor';
import { createReview, listReviews, toggleHelpfulVote } from './index';

describe(`reviews and helpful votes on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let productId: string;
  let buyer: Actor;
  let browser: Actor;
  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    productId = (await insertProduct(db, { name: 'Lotus Urli' })).id;
    const buyerRow = await insertUser(db, { name: 'Asha Rao' });
    const browserRow = await insertUser(db, { name: 'Bala' });
    buyer = { userId: buyerRow.id, roles: [] };
    browser = { userId: browserRow.id, roles: [] };
    const order = await insertOrder(db, { userId: buyerRow.id, status: 'delivered' });
    await insertOrderItem(db, { orderId: order.id, productId, productName: 'Lotus Urli' });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('marks a review verified only when the author received the piece, whatever the client says', async () => {
    const { db } = database;
    const fromBuyer = await createReview(db, buyer, {
      productId,
      title: 'Beautiful',
      content: 'Floats the flowers perfectly.',
      rating: '5',
    });
    const fromBrowser = await createReview(db, browser, {
      productId,
      content: 'Looks lovely in the photos.',
      rating: '3',
      isVerifiedPurchase: 'true',
    });
    expect(fromBuyer.isVerifiedPurchase).toBe(true);
    expect(fromBrowser.isVerifiedPurchase).toBe(false);
    const { reviews: listed, summary } = await listReviews(db, null, {
      productId,
      sort: 'newest',
    });
    expect(listed.map((review) => review.author.name)).toEqual(['Bala', 'Asha Rao']);
    expect(summary).toEqual({ count: 2, averageRating: 4 });
  });

  it('refuses a visitor and an empty review', async () => {
    const { db } = database;
    await expect(createReview(db, null, { productId, content: 'x' })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    await expect(createReview(db, buyer, { productId, content: '   ' })).rejects.toMatchObject({
      code: 'invalid',
      message: 'Please write your review',
    });
  });

  it('keeps one helpful vote per user, toggled, and sorts by it', async () => {
    const { db } = database;
    const { reviews: listed } = await listReviews(db, null, { productId, sort: 'newest' });
    const older = listed[1]!;
    expect(await toggleHelpfulVote(db, browser, { reviewId: older.id })).toEqual({
      voted: true,
      helpfulCount: 1,
    });
    const mostHelpful = await listReviews(db, browser, { productId, sort: 'most_helpful' });
    expect(mostHelpful.reviews[0]).toMatchObject({ id: older.id, votedHelpful: true });
    expect(await toggleHelpfulVote(db, browser, { reviewId: older.id })).toEqual({
      voted: false,
      helpfulCount: 0,
    });
    await expect(toggleHelpfulVote(db, null, { reviewId: older.id })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
  });

  it('keeps helpful_count equal to the vote rows under concurrent toggles', async () => {
    const { db } = database;
    const [review] = await db.select({ id: reviews.id }).from(reviews).limit(1);
    const voters: Actor[] = [];
    for (let index = 0; index < 5; index += 1) {
      voters.push({ userId: (await insertUser(db)).id, roles: [] });
    }
    // Each voter toggles three times at once with the others: each ends with one vote.
    await Promise.all(
      voters.flatMap((voter) =>
        [1, 2, 3].map(() => toggleHelpfulVote(db, voter, { reviewId: review!.id })),
      ),
    );
    const [votes] = await db
      .select({ value: count() })
      .from(reviewHelpfulVotes)
      .where(eq(reviewHelpfulVotes.reviewId, review!.id));
    const [stored] = await db
      .select({ helpfulCount: reviews.helpfulCount })
      .from(reviews)
      .where(eq(reviews.id, review!.id));
    expect(stored?.helpfulCount).toBe(votes?.value);
    expect(votes?.value).toBe(5);
  });
});
