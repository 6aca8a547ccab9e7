import { createContext } from 'react-router';
import type { SiteSettings } from '../../content/site';
import type { Auth } from '../auth';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { Actor } from '../modules/actor';
import type { MediaStorage } from '../media-storage';
import type { OwnerSetupLink } from '../modules/identity/owner-setup-link';
import type { RateLimiter } from '../modules/rate-limit';
import type { TypedSettings } from '../modules/settings';
import type { SmsSender } from '../modules/sms';

/** The signed-in user as the pages show them; null for a visitor. */
export interface Viewer {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  isAdmin: boolean;
  sessionExpiresAt: string;
}

/** What every loader and action receives from the server, through React Router's context. */
export interface AppContext {
  db: Database;
  config: Config;
  /**
   * docs/requirements.md §12: the shop's settings as they are now (environment > the owner's stored value >
   * default), read per request; pages show these, never `config.site`.
   */
  site: SiteSettings;
  /** The numbers and switches of `site`, parsed once by the settings module: pages compute with these. */
  settings: TypedSettings;
  logger: Logger;
  requestId: string;
  /** The nonce of this response's CSP; inline scripts must carry it. */
  cspNonce: string;
  /** Who sends this request; loaders and actions hand it to the domain modules. */
  actor: Actor;
  viewer: Viewer | null;
  /** Better Auth; actions call `auth.api` with the request's headers. */
  auth: Auth;
  sms: SmsSender;
  /** Where uploaded images go: DATA_DIR/media, or the S3 bucket when S3_* is configured. */
  mediaStorage: MediaStorage;
  /** Counts form and sign-in requests per minute (database, or Redis with REDIS_URL). */
  rateLimiter: RateLimiter;
  /** The client's network address (with TRUST_PROXY, the one the trusted proxy added: client-address.ts). */
  clientAddress: string;
  /** The time now: the system's, or a test's that moves it (offers expire by it, docs/requirements.md §10). */
  clock: () => Date;
  /** docs/requirements.md §19: the first-run setup link of this process, while the shop has no owner; else null. */
  ownerSetup?: OwnerSetupLink | null;
}

export const appContext = createContext<AppContext>();
