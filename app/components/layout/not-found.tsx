import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface NotFoundProps {
  heading?: string;
  message?: ReactNode;
  linkTo?: string;
  linkLabel?: string;
}

/** The "nothing here" notice: by default the 404 page of spec §2; routes pass their own texts. */
export function NotFound({
  heading = 'Oops! Page not found',
  message,
  linkTo = '/',
  linkLabel = 'Return to Home',
}: NotFoundProps) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="font-display text-7xl text-brass-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-semibold">{heading}</h1>
      {message ? <p className="mt-4 text-ink-muted">{message}</p> : null}
      <Link
        to={linkTo}
        className="mt-8 inline-block rounded-full bg-ink px-6 py-3 text-ivory hover:bg-brass-800"
      >
        {linkLabel}
      </Link>
    </section>
  );
}

/** spec §2: the product page's not-found text, also used by the quotation page. */
export function ProductNotFound() {
  return (
    <NotFound
      heading="Product not found"
      message="The product you're looking for doesn't exist."
      linkTo="/shop"
      linkLabel="Browse the collection"
    />
  );
}
