/**
 * The shop's Content-Security-Policy (docs/decisions/012; narrowed by docs/requirements.md §14 "Also", decision 012): scripts
 * and style elements only with this response's nonce, images and media only from the hosts the
 * shop actually shows them from.
 */
import { NONCE } from 'hono/secure-headers';
import type { ContentSecurityPolicyOptionHandler } from 'hono/secure-headers';
import { DRIVE_THUMBNAIL_ORIGIN } from '../../core/catalog/media-url';

type Sources = (string | ContentSecurityPolicyOptionHandler)[];

/**
 * Google answers a shared-drive thumbnail with a redirect to its user-content servers (lh3…,
 * lh4…); a CSP checks the redirect's target as well.
 */
const DRIVE_THUMBNAIL_REDIRECT_HOSTS = 'https://*.googleusercontent.com';

export interface ContentSecurityPolicyInput {
  mode: 'development' | 'production';
  /** Origins images are stored at besides the shop itself: the S3 bucket or its CDN. */
  mediaOrigins: readonly string[];
}

export function contentSecurityPolicy({ mode, mediaOrigins }: ContentSecurityPolicyInput) {
  // docs/requirements.md §14: the hosts images are actually shown from (decision 012), not every https host.
  const imageHosts = [...new Set(mediaOrigins)];
  const styleElements: Sources = ["'self'", NONCE];
  return {
    defaultSrc: ["'self'"],
    // React Router's inline hydration scripts carry this response's nonce.
    scriptSrc: ["'self'", NONCE],
    // Browsers without style-src-elem/-attr (CSP 2) fall back to this for both.
    styleSrc: styleElements,
    // Our stylesheet is a file; the one style element is the scroll lock of an open dialog
    // (react-remove-scroll), which carries the nonce (app/components/layout/nonce.tsx).
    styleSrcElem: styleElements,
    // Radix renders style attributes on the server (the toast region's pointer-events, the tabs'
    // outline), and a CSP nonce cannot apply to an attribute: decision 012.
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: [
      "'self'",
      'data:',
      'blob:',
      ...imageHosts,
      DRIVE_THUMBNAIL_ORIGIN,
      DRIVE_THUMBNAIL_REDIRECT_HOSTS,
    ],
    fontSrc: ["'self'"],
    connectSrc: mode === 'development' ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    mediaSrc: ["'self'", ...imageHosts],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    // docs/requirements.md §14: "Send on WhatsApp" is a form post whose answer redirects to WhatsApp, and
    // form-action governs where a submission's redirects may go.
    formAction: ["'self'", 'https://wa.me'],
    frameAncestors: ["'none'"],
  };
}
