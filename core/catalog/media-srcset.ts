/**
 * Uploaded images are stored as WebP and AVIF variants named `<uuid>-<width>.<format>`
 * (server/modules/media-storage); the storefront lists them in `srcset`.
 */
export const IMAGE_WIDTHS = [400, 800, 1200] as const;

const UPLOADED_WEBP =
  /^(?<base>[^?#]*\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(?<width>\d+)\.webp$/;

/** `srcSet` values for an upload's URL (its largest WebP variant); null for any other image. */
export function uploadedImageVariants(url: string): { webp: string; avif: string } | null {
  const match = UPLOADED_WEBP.exec(url);
  const base = match?.groups?.base;
  const storedWidth = Number(match?.groups?.width);
  if (!base || !IMAGE_WIDTHS.some((width) => width === storedWidth)) return null;
  const widths = IMAGE_WIDTHS.filter((width) => width <= storedWidth);
  const srcSet = (format: string) =>
    widths.map((width) => `${base}-${width}.${format} ${width}w`).join(', ');
  return { webp: srcSet('webp'), avif: srcSet('avif') };
}
