import { clsx } from 'clsx';
import { countOf } from '../../../core/forms/plurals';

export interface BadgeFlags {
  newArrival: boolean;
  bestseller: boolean;
  featured: boolean;
}

/**
 * The product badges. Cards say "New" (spec §2 Shop listing); the product page says
 * "New Arrival" (spec §2 Product detail).
 */
export function ProductBadges({
  product,
  newLabel,
  className,
}: {
  product: BadgeFlags;
  newLabel: 'New' | 'New Arrival';
  className?: string;
}) {
  const badges = [
    product.newArrival && { label: newLabel, style: 'bg-terracotta text-white' },
    product.bestseller && { label: 'Bestseller', style: 'bg-ink text-ivory' },
    product.featured && { label: 'Featured', style: 'bg-brass-700 text-white' },
  ].filter((badge) => badge !== false);
  if (badges.length === 0) return null;
  return (
    <ul className={clsx('flex flex-wrap gap-1.5', className)} aria-label="Badges">
      {badges.map((badge) => (
        <li
          key={badge.label}
          className={clsx('rounded-full px-2.5 py-0.5 text-xs font-semibold', badge.style)}
        >
          {badge.label}
        </li>
      ))}
    </ul>
  );
}

/** "1 review" or "N reviews" (spec §2: singular or plural label). */
export function reviewCountLabel(count: number): string {
  return countOf(count, 'review');
}
