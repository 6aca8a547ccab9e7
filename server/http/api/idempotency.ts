/**
 * docs/requirements.md §11: a create sent with an `Idempotency-Key` is answered once. A retry with the same key
 * and body gets the first answer again and creates nothing; the same key with another body is
 * refused (422); a retry while the first is still running waits its turn (409). Keys are kept 24
 * hours, per caller, in the database (the idempotency module), so every process sees them. A
 * guest's caller is their quote list, never their address (the module's idempotencyScopeOf).
 */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { apiTexts, IDEMPOTENCY_KEY_MAX_CHARACTERS } from '../../../core/api/api-schemas';
import {
  claimIdempotencyKey,
  idempotencyScopeOf,
  keepIdempotentAnswer,
  releaseIdempotencyKey,
} from '../../modules/idempotency';
import { quoteListTokenOf, servedOverHttps } from '../quote-list-cookie';
import type { ApiEnv } from './context';
import { problemResponse } from './problem';

/** Answer headers a replay repeats; the rest are the server's own for each response. */
const REPLAYED_HEADERS = ['content-type', 'location'];

interface StoredAnswer {
  headers: Record<string, string>;
  body: string;
}

export function idempotentCreate(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined) return next();
    if (key.trim() === '' || key.length > IDEMPOTENCY_KEY_MAX_CHARACTERS) {
      return problemResponse(400, apiTexts.idempotencyKeyTooLong);
    }
    const principal = idempotencyScopeOf({
      signedIn: c.get('actor') !== null,
      principal: c.get('principal'),
      guestToken: quoteListTokenOf(
        c.req.raw.headers,
        servedOverHttps(c.get('services').config.publicUrl),
      ),
    });
    // A guest without a quote list: the create runs as if no key were sent.
    if (principal === null) return next();
    const { db, clock } = c.get('services');
    const now = clock();
    const requestHash = createHash('sha256')
      .update(`${c.req.method} ${c.req.path}\n`)
      .update(await c.req.text())
      .digest('hex');
    const thisKey = { principal, key };
    const claim = await claimIdempotencyKey(db, {
      ...thisKey,
      operation: `${c.req.method} ${c.req.routePath}`,
      requestHash,
      now,
    });
    if (!claim.claimed) {
      const { first } = claim;
      if (!first)
        return problemResponse(409, apiTexts.idempotencyInFlight, {
          headers: { 'Retry-After': '1' },
        });
      if (first.requestHash !== requestHash)
        return problemResponse(422, apiTexts.idempotencyKeyReused);
      if (first.status === null) {
        return problemResponse(409, apiTexts.idempotencyInFlight, {
          headers: { 'Retry-After': '1' },
        });
      }
      const answer = first.responseBody as StoredAnswer;
      return new Response(answer.body, {
        status: first.status,
        headers: { ...answer.headers, 'Cache-Control': 'no-store', 'Idempotent-Replayed': 'true' },
      });
    }
    try {
      await next();
    } catch (error) {
      await releaseIdempotencyKey(db, thisKey);
      throw error;
    }
    // A server failure is not an answer to keep: the retry should run the request again.
    if (c.res.status >= 500) {
      await releaseIdempotencyKey(db, thisKey);
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = c.res.headers.get(name);
      if (value) headers[name] = value;
    }
    const answer: StoredAnswer = { headers, body: await c.res.clone().text() };
    await keepIdempotentAnswer(db, thisKey, { status: c.res.status, responseBody: answer });
  };
}
