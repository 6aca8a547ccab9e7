/**
 * spec §2 Product detail: the product page's gallery, the picked image large and, when there is
 * more than one, thumbnails that pick another by `?image=`.
 */
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { displayImageUrl } from '../../../core/catalog/media-url';
import { ProductImage, type ProductImageData } from './product-image';

export function ProductGallery({
  images,
  selected,
}: {
  images: ProductImageData[];
  selected: number;
}) {
  return (
    <section aria-label="Gallery">
      <ProductImage image={images[selected] ?? null} priority className="rounded-2xl" />
      {/* spec §2: thumbnails when there is more than one image */}
      {images.length > 1 ? (
        <ul className="mt-4 grid grid-cols-4 gap-3">
          {images.map((image, index) => (
            <li key={image.url}>
              <Link
                to={`?image=${index + 1}`}
                replace
                preventScrollReset
                aria-label={`Show image ${index + 1} of ${images.length}: ${image.alt}`}
                aria-current={index === selected ? 'true' : undefined}
                className={clsx(
                  'block overflow-hidden rounded-xl ring-2',
                  index === selected ? 'ring-brass-700' : 'ring-transparent hover:ring-stone',
                )}
              >
                <img
                  src={displayImageUrl(image.url)}
                  alt=""
                  width={160}
                  height={160}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full object-cover"
                />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
