import { clsx } from 'clsx';
import { Link } from 'react-router';
import type { ViewMode } from '../../../core/catalog/shop-listing';
import { ProductBadges, reviewCountLabel, type BadgeFlags } from './product-badges';
import { ProductImage, type ProductImageData } from './product-image';
import { AddToQuoteListButton } from '../quote-list/add-to-quote-list-button';

export interface ProductCardData extends BadgeFlags {
  id: string;
  name: string;
  shortDescription: string | null;
  primaryImage: ProductImageData | null;
  reviewCount: number;
}

/** spec §2 Shop listing: image, badges, name, short description, review count and the link. */
export function ProductCard({
  product,
  view,
  priority = false,
}: {
  product: ProductCardData;
  view: ViewMode;
  /** The card whose picture a visitor sees first (ProductImage's `priority`). */
  priority?: boolean;
}) {
  return (
    <li
      className={clsx(
        'group relative flex overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone/60',
        view === 'grid' ? 'flex-col' : 'flex-row',
      )}
    >
      <ProductImage
        image={product.primaryImage}
        priority={priority}
        className={view === 'grid' ? 'w-full' : 'w-32 shrink-0 sm:w-48'}
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <ProductBadges product={product} newLabel="New" />
        <h2 className="text-lg font-semibold">{product.name}</h2>
        {product.shortDescription ? (
          <p className="text-sm text-ink-muted">{product.shortDescription}</p>
        ) : null}
        <p className="text-sm text-ink-muted">{reviewCountLabel(product.reviewCount)}</p>
        <div className="mt-auto flex items-end justify-between gap-3 pt-2">
          <Link
            to={`/product/${product.id}`}
            className="inline-block font-medium text-brass-700 underline-offset-4 group-hover:underline after:absolute after:inset-0"
          >
            View & Request Quote<span className="sr-only">: {product.name}</span>
          </Link>
          {/* docs/requirements.md §18: above the card's whole-card link, so a tap adds rather than opens */}
          <AddToQuoteListButton productId={product.id} compact className="relative z-10" />
        </div>
      </div>
    </li>
  );
}
