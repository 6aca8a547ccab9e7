import { clsx } from 'clsx';
import { displayImageUrl } from '../../../core/media-url';

export interface ProductImageData {
  url: string;
  alt: string;
}

/**
 * A product picture in a square box. The box holds the layout before the image loads, and
 * shared-drive links become thumbnails (spec §7). Only the one picture a visitor sees first is
 * fetched eagerly; the rest wait until they scroll into view.
 */
export function ProductImage({
  image,
  priority = false,
  className,
}: {
  image: ProductImageData | null;
  /** The page's main picture: eager, fetched first. */
  priority?: boolean;
  className?: string;
}) {
  return (
    <div className={clsx('aspect-square overflow-hidden bg-sand', className)}>
      {image ? (
        <img
          src={displayImageUrl(image.url)}
          alt={image.alt}
          width={800}
          height={800}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="h-full w-full object-cover"
        />
      ) : (
        <div className="flex h-full items-center justify-center text-sm text-ink-muted">
          No picture yet
        </div>
      )}
    </div>
  );
}
