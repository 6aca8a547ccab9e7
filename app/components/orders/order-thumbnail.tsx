import { Package } from '../ui/icons';

/** spec §2 Orders: an item's image, or a placeholder when it has none. */
export function OrderThumbnail({ image }: { image: string | null }) {
  return image ? (
    <img
      src={image}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      className="h-12 w-12 rounded-lg bg-sand object-cover"
    />
  ) : (
    <span
      aria-hidden="true"
      className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-sand"
    >
      <Package className="h-5 w-5 text-ink-muted" />
    </span>
  );
}
