/**
 * docs/requirements.md §24: the photos of an order's making-of update, shipment or return, each a lazily
 * loaded thumbnail linking to the photo itself.
 */
import type { OrderPhoto } from '../../../core/orders/production-updates';

export function OrderPhotos({
  photos,
  label,
  altOf,
  className,
  imageClassName,
}: {
  photos: readonly OrderPhoto[];
  /** The list's name: "Photos", "Photos of the packed boxes", "Photos of the return". */
  label: string;
  /** Each photo's alternative text, from its place: "The packed boxes, 1 of 2". */
  altOf: (place: number, count: number) => string;
  className: string;
  imageClassName: string;
}) {
  if (photos.length === 0) return null;
  return (
    <ul aria-label={label} className={className}>
      {photos.map((photo, index) => (
        <li key={photo.url}>
          <a href={photo.url} target="_blank" rel="noopener noreferrer">
            <img
              src={photo.url}
              width={photo.width}
              height={photo.height}
              loading="lazy"
              decoding="async"
              alt={altOf(index + 1, photos.length)}
              className={imageClassName}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
