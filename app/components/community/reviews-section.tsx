import { BadgeCheck, Star, ThumbsUp } from '../ui/icons';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import {
  communityToasts,
  initialsOf,
  type ReviewSort,
} from '../../../core/community/community-texts';
import { formatShopDate } from '../../../core/time/shop-calendar';
import type { ReviewSummary, ReviewView } from '../../../server/modules/reviews';
import { reviewCountLabel } from '../catalog/product-badges';
import { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { secondaryButtonClass } from '../ui/classes';
import { Modal } from '../ui/lazy-modal';
import { useShopTimeZone } from '../layout/shop-time';
import { SignInFirstButton } from './sign-in-first-button';

// The form, with Conform and its checks, loads when the dialog first opens.
const ReviewForm = lazy(() =>
  import('./review-form').then((module) => ({ default: module.ReviewForm })),
);

function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="inline-flex">
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={`h-4 w-4 ${star <= Math.round(rating) ? 'fill-brass-500 text-brass-500' : 'text-stone'}`}
        />
      ))}
    </span>
  );
}

export function Avatar({ name, url }: { name: string; url: string | null }) {
  if (url) {
    return (
      <img
        src={url}
        alt=""
        width={40}
        height={40}
        className="h-10 w-10 rounded-full object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex h-10 w-10 items-center justify-center rounded-full bg-sand font-semibold text-brass-800"
    >
      {initialsOf(name)}
    </span>
  );
}

/** spec §2 Product detail: the reviews, their sort, the helpful vote and "Write a Review". */
export function ReviewsSection({
  productId,
  signedIn,
  sort,
  reviews,
  summary,
}: {
  productId: string;
  signedIn: boolean;
  sort: ReviewSort;
  reviews: ReviewView[];
  summary: ReviewSummary;
}) {
  const [writing, setWriting] = useState(false);
  return (
    <section aria-labelledby="reviews-heading" className="mt-16">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="reviews-heading" className="text-2xl font-semibold">
            Customer Reviews
          </h2>
          <p className="mt-1 flex items-center gap-2 text-ink-muted">
            {summary.averageRating !== null ? (
              <Stars
                rating={summary.averageRating}
                label={`Average rating ${summary.averageRating} out of 5`}
              />
            ) : null}
            {reviewCountLabel(summary.count)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <nav aria-label="Sort reviews" className="flex gap-1 rounded-full bg-sand p-1 text-sm">
            {(
              [
                ['most_helpful', 'Most Helpful'],
                ['newest', 'Newest'],
              ] as const
            ).map(([value, label]) => (
              <Link
                key={value}
                to={value === 'newest' ? '?reviews=newest' : '?'}
                replace
                preventScrollReset
                aria-current={sort === value ? 'true' : undefined}
                className="rounded-full px-3 py-1 aria-[current=true]:bg-white aria-[current=true]:shadow"
              >
                {label}
              </Link>
            ))}
          </nav>
          {signedIn ? (
            <button type="button" className={secondaryButtonClass} onClick={() => setWriting(true)}>
              Write a Review
            </button>
          ) : (
            <SignInFirstButton label="Write a Review" signInToast={communityToasts.reviewSignIn} />
          )}
        </div>
      </div>
      {reviews.length === 0 ? (
        <p className="mt-6 text-ink-muted">No reviews yet. Be the first to share your thoughts.</p>
      ) : (
        <ul className="mt-6 grid gap-4">
          {reviews.map((review) => (
            <ReviewCard key={review.id} review={review} signedIn={signedIn} />
          ))}
        </ul>
      )}
      <Modal
        open={writing}
        onOpenChange={setWriting}
        title="Write a Review"
        description="Tell other shoppers about this piece."
      >
        <Suspense fallback={<p className="text-ink-muted">Loading the form…</p>}>
          <ReviewForm productId={productId} onDone={() => setWriting(false)} />
        </Suspense>
      </Modal>
    </section>
  );
}

function ReviewCard({ review, signedIn }: { review: ReviewView; signedIn: boolean }) {
  const timeZone = useShopTimeZone();
  // The vote's answer shows only a refusal (spec §6: signed out, the sign-in toast).
  const vote = useAnswerFetcher();
  const pending = vote.state !== 'idle';
  const voted = pending ? !review.votedHelpful : review.votedHelpful;
  const count = review.helpfulCount + (pending ? (voted ? 1 : -1) : 0);
  return (
    <li
      aria-label={`Review by ${review.author.name}`}
      className="rounded-2xl border border-stone/70 bg-white p-5"
    >
      <div className="flex items-center gap-3">
        <Avatar name={review.author.name} url={review.author.avatarUrl} />
        <div>
          <p className="font-semibold">{review.author.name}</p>
          <p className="text-sm text-ink-muted">{formatShopDate(review.createdAt, timeZone)}</p>
        </div>
        {review.isVerifiedPurchase ? (
          <span className="ml-auto inline-flex items-center gap-1 rounded-full bg-success/10 px-2 py-0.5 text-xs font-semibold text-success">
            <BadgeCheck aria-hidden="true" className="h-4 w-4" />
            Verified Purchase
          </span>
        ) : null}
      </div>
      {review.rating ? (
        <div className="mt-3">
          <Stars rating={review.rating} label={`${review.rating} out of 5 stars`} />
        </div>
      ) : null}
      {review.title ? (
        <h3 className="mt-2 font-sans text-lg font-semibold">{review.title}</h3>
      ) : null}
      <p className="mt-2 whitespace-pre-line">{review.content}</p>
      {review.media.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-2">
          {review.media.map((item) =>
            item.type === 'image' ? (
              <li key={item.id}>
                <img
                  src={item.url}
                  alt={`Shared by ${review.author.name}`}
                  width={96}
                  height={96}
                  loading="lazy"
                  className="h-24 w-24 rounded-lg object-cover"
                />
              </li>
            ) : (
              <li key={item.id}>
                <a
                  href={item.url}
                  rel="noopener noreferrer nofollow"
                  target="_blank"
                  className="underline"
                >
                  View attachment
                </a>
              </li>
            ),
          )}
        </ul>
      ) : null}
      <vote.Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="helpful" />
        <input type="hidden" name="reviewId" value={review.id} />
        <button
          type="submit"
          aria-pressed={signedIn ? voted : undefined}
          className="inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm ring-1 ring-stone hover:bg-sand aria-[pressed=true]:bg-sand"
        >
          <ThumbsUp aria-hidden="true" className="h-4 w-4" />
          Helpful ({count})
        </button>
      </vote.Form>
    </li>
  );
}
