/**
 * spec §7 / §9: a shared-drive share link becomes a thumbnail URL (width 1000 on the storefront,
 * 400 in the console); any other URL is kept as it is.
 */
export const STOREFRONT_THUMBNAIL_WIDTH = 1000;
export const CONSOLE_THUMBNAIL_WIDTH = 400;

const DRIVE_HOSTS = new Set(['drive.google.com', 'docs.google.com']);
/** Where shared-drive thumbnails are fetched from (the CSP's img-src allows it). */
export const DRIVE_THUMBNAIL_ORIGIN = 'https://drive.google.com';
const FILE_ID = /^[A-Za-z0-9_-]{10,}$/;

export function driveFileId(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!DRIVE_HOSTS.has(parsed.hostname)) return null;
  const fromQuery = parsed.searchParams.get('id');
  if (fromQuery && FILE_ID.test(fromQuery)) return fromQuery;
  const fromPath = /\/d\/([^/]+)/.exec(parsed.pathname)?.[1];
  return fromPath && FILE_ID.test(fromPath) ? fromPath : null;
}

export function displayImageUrl(url: string, width: number = STOREFRONT_THUMBNAIL_WIDTH): string {
  const id = driveFileId(url);
  return id ? `${DRIVE_THUMBNAIL_ORIGIN}/thumbnail?id=${id}&sz=w${width}` : url;
}
