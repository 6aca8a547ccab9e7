import { clsx } from 'clsx';
import { uploadedImageVariants } from '../../../core/catalog/media-srcset';
import { displayImageUrl } from '../../../core/catalog/media-url';

export interface ProductImageData {
  url: string;
  alt: string;
}

/**
 * A product picture in a square box. The box holds the layout before the image loads, and
 * shared-drive links become thumbnails (spec §7). Only the one picture a visitor sees first is
 * fetched eagerly, and preloaded from the page's head; the rest wait until they scroll into view.
 * An uploaded image offers its AVIF and WebP variants, and the browser picks the format and width
 * it needs.
 */
export function ProductImage({
  image,
  priority = false,
  sizes = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
  shownFrom,
  className,
}: {
  image: ProductImageData | null;
  /** The page's main picture: eager, fetched first. */
  priority?: boolean;
  /** How wide the picture is shown, for choosing among an upload's variants. */
  sizes?: string;
  /**
   * For a picture the page hides below a width (a CSS `hidden md:block`): the media query where
   * it shows. Only there is it preloaded; elsewhere nothing fetches it, since a lazy image that is
   * not displayed never loads.
   */
  shownFrom?: string;
  className?: string;
}) {
  const variants = image ? uploadedImageVariants(image.url) : null;
  const eager = priority && !shownFrom;
  const picture = image && (
    <img
      // sizes and srcSet before src: a browser may start fetching as soon as src is set.
      sizes={variants ? sizes : undefined}
      srcSet={variants?.webp}
      src={displayImageUrl(image.url)}
      alt={image.alt}
      width={800}
      height={800}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      className="h-full w-full object-cover"
    />
  );
  // React preloads an eager <img> from the head by itself, but neither a lazy one nor one inside
  // a <picture>: those two get this link. An upload preloads its AVIF set, the format the
  // <picture> picks where supported.
  const preload = image && priority && (shownFrom || variants) && (
    <link
      rel="preload"
      as="image"
      href={displayImageUrl(image.url)}
      imageSrcSet={variants?.avif}
      imageSizes={variants ? sizes : undefined}
      type={variants ? 'image/avif' : undefined}
      media={shownFrom}
      fetchPriority="high"
    />
  );
  return (
    <div className={clsx('aspect-square overflow-hidden bg-sand', className)}>
      {preload}
      {!picture ? (
        <div className="flex h-full items-center justify-center text-sm text-ink-muted">
          No picture yet
        </div>
      ) : variants ? (
        // `contents`: the <img> sizes itself against the box, as it does without <picture>.
        <picture className="contents">
          <source type="image/avif" sizes={sizes} srcSet={variants.avif} />
          {picture}
        </picture>
      ) : (
        picture
      )}
    </div>
  );
}
