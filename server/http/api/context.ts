/**
 * docs/requirements.md §11: who calls `/api/v1`, and the checks every call passes before its operation reads a
 * body: the credentials (an owner's API key, a customer's bearer token, or the shop's own session
 * cookie), the rate limit per key, account or address, and the operation's access rule, which is
 * the domain kernel's own check (`requireUser`, `requireAdmin` with the operation's scope).
 */
import type { MiddlewareHandler } from 'hono';
import { getSessionCookie } from 'better-auth/cookies';
import type { ApiScope } from '../../../core/api/api-access';
import { apiTexts } from '../../../core/api/api-schemas';
import type { Auth } from '../../auth';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import type { Actor } from '../../modules/actor';
import { actorOfApiKey, API_KEY_PREFIX } from '../../modules/api-keys';
import { DomainError } from '../../modules/errors';
import { requireAdmin, requireUser } from '../../modules/kernel';
import type { MediaStorage } from '../../media-storage';
import { RATE_LIMIT_MESSAGE, rateLimitAddress, type RateLimiter } from '../../modules/rate-limit';
import { rolesOfUser } from '../../modules/roles';
import { readSiteSettings, typedSettingsOf } from '../../modules/settings';
import type { SmsSender } from '../../modules/sms';
import { formRateLimitOf, type PublicForm } from '../form-guard';
import { problemResponse } from './problem';

/** What the API's operations are given: the same services the pages get (AppContext). */
export interface ApiServices {
  db: Database;
  config: Config;
  logger: Logger;
  auth: Auth;
  rateLimiter: RateLimiter;
  mediaStorage: MediaStorage;
  sms: SmsSender;
  clock: () => Date;
}

/**
 * docs/decisions/019: the shop's time zone as Settings have it now (the environment's, else the owner's,
 * else the default), which the shop's days and an offer's expiry are read in.
 */
export async function shopTimeZoneOf(services: Pick<ApiServices, 'db' | 'config'>) {
  return (await readSiteSettings(services.db, services.config)).shopTimeZone;
}

/** docs/requirements.md §21: the shop's UPI limit per payment, in paise. */
export async function upiLimitOf(services: Pick<ApiServices, 'db' | 'config'>) {
  return typedSettingsOf(await readSiteSettings(services.db, services.config)).upiLimitMinor;
}

/** docs/requirements.md §21: the shop's "Advance payment" setting, for an offer that names none. */
export async function advancePercentOf(services: Pick<ApiServices, 'db' | 'config'>) {
  return typedSettingsOf(await readSiteSettings(services.db, services.config)).advancePercent;
}

export type ApiEnv = {
  Variables: {
    requestId: string;
    clientAddress: string;
    services: ApiServices;
    actor: Actor;
    /** Whom limits and idempotency keys are counted for: `key:…`, `user:…` or `address:…`. */
    principal: string;
    /** The caller sent credentials: its answers are its own, never a shared cache's. */
    credentialed: boolean;
  };
};

/**
 * Who is calling. A presented key or token that is unknown, revoked or expired is refused at once
 * (401) rather than treated as a visitor, so an integration learns its key stopped working.
 */
export function identifyCaller(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const { db, auth, clock } = c.get('services');
    const authorization = c.req.header('authorization');
    let actor: Actor = null;
    let principal: string | null = null;
    if (authorization !== undefined) {
      const token = /^bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
      if (!token) return problemResponse(401, apiTexts.badCredentials);
      if (token.startsWith(API_KEY_PREFIX)) {
        actor = await actorOfApiKey(db, rolesOfUser, token, clock());
        if (!actor?.apiKey) return problemResponse(401, apiTexts.badCredentials);
        principal = `key:${actor.apiKey.id}`;
      } else {
        actor = await sessionActor(db, auth, c.req.raw.headers);
        if (!actor) return problemResponse(401, apiTexts.badCredentials);
        principal = `user:${actor.userId}`;
      }
    } else if (getSessionCookie(c.req.raw.headers, { cookiePrefix: 'storefront' })) {
      // The shop's own pages may call the API with their session; the Origin check (docs/requirements.md §14)
      // has already refused any other site's write.
      actor = await sessionActor(db, auth, c.req.raw.headers);
      if (actor) principal = `user:${actor.userId}`;
    }
    c.set('actor', actor);
    c.set('principal', principal ?? `address:${c.get('clientAddress')}`);
    c.set('credentialed', authorization !== undefined || actor !== null);
    await next();
  };
}

async function sessionActor(db: Database, auth: Auth, headers: Headers): Promise<Actor> {
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  return { userId: session.user.id, roles: await rolesOfUser(db, session.user.id) };
}

/** docs/requirements.md §11: requests per minute per key, account or address, counted across processes. */
export function apiRateLimit(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const { rateLimiter, config } = c.get('services');
    // A visitor is counted by its network (rateLimitAddress); the principal keeps its full
    // address for what it scopes besides.
    const who = c.get('actor')
      ? c.get('principal')
      : `address:${rateLimitAddress(c.get('clientAddress'))}`;
    const decision = await rateLimiter.consume({
      key: `api:${who}`,
      limit: config.apiRateLimit,
    });
    if (!decision.allowed) {
      return problemResponse(429, RATE_LIMIT_MESSAGE, {
        headers: { 'Retry-After': String(decision.retryAfterSeconds) },
      });
    }
    await next();
  };
}

/**
 * Who may call an operation: anyone, a signed-in customer, the owner with a scope, or a buyer:
 * anyone but an owner's API key (docs/requirements.md §18's quote list, a guest's by its cookie).
 */
export type ApiAccess =
  | { kind: 'public' }
  | { kind: 'customer' }
  | { kind: 'owner'; scope: ApiScope }
  | { kind: 'buyer' };

/**
 * The operation's access rule, checked by the domain kernel before its body is read or parsed
 * (the operation's module checks again, as it does for the pages). A form that the pages limit
 * per address (spec §8), or the quote list's writes (docs/requirements.md §18), is limited the same way here, on
 * the same counter at the same limit.
 */
export function checkAccess(access: ApiAccess, form?: PublicForm): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const actor = c.get('actor');
    if (access.kind === 'customer') requireUser(actor);
    if (access.kind === 'owner') requireAdmin(actor, access.scope);
    // docs/requirements.md §18: the quote-lists module refuses a key too; refused here, it spends no form count.
    if (access.kind === 'buyer' && actor?.apiKey) {
      throw new DomainError('forbidden', apiTexts.keyIsNotABuyer);
    }
    if (form) {
      const { rateLimiter, config } = c.get('services');
      const decision = await rateLimiter.consume({
        key: `${form}:${rateLimitAddress(c.get('clientAddress'))}`,
        limit: formRateLimitOf(form, config.formRateLimit),
      });
      if (!decision.allowed) {
        return problemResponse(429, RATE_LIMIT_MESSAGE, {
          headers: { 'Retry-After': String(decision.retryAfterSeconds) },
        });
      }
    }
    await next();
  };
}
