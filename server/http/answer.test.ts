/**
 * What the answer pipeline adds for the identity forms (docs/decisions/013): the reply carries the
 * headers an intent's module wrote (Better Auth's session cookies, Retry-After) whatever the
 * outcome; a redirect an intent throws is the answer itself; and an intent may show its own
 * failure toast for a rate limit ("Sign In Error", spec §8).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Answer } from '../../core/community/answer';
import { createLogger } from '../logger';
import { DomainError } from '../modules/errors';
import { answerAction, intent, pageData } from './answer';
import type { AppContext } from './app-context';

/** Every post is counted per address first (docs/requirements.md §14); here none is refused. */
const app = {
  logger: createLogger('silent'),
  config: { formRateLimit: 5 },
  clientAddress: '198.51.100.9',
  actor: null,
  rateLimiter: { consume: async () => ({ allowed: true, retryAfterSeconds: 0 }) },
} as unknown as AppContext;

function post(fields: Record<string, string>) {
  return {
    request: new Request('http://shop.test/auth', {
      method: 'POST',
      body: new URLSearchParams(fields),
    }),
    params: {},
    context: null,
  };
}

interface Reply {
  data: Answer;
  init: ResponseInit | null;
}

const signInError = (message: string) => ({
  title: 'Sign In Error',
  description: message,
  variant: 'destructive' as const,
});

describe('the answer pipeline', () => {
  it('sends the headers an intent wrote, on a success and on a refusal', async () => {
    const intents = {
      'sign-in': intent({
        run: async (_fields, { replyHeaders }) => {
          replyHeaders.append('Set-Cookie', 'storefront.session_token=abc; Path=/; HttpOnly');
          return { redirectTo: '/' };
        },
      }),
      limited: intent({
        run: async (_fields, { replyHeaders }) => {
          replyHeaders.set('Retry-After', '42');
          throw new DomainError('rate_limited', 'Too many requests, please try again in a minute.');
        },
      }),
    };
    const signedIn = (await answerAction(post({ intent: 'sign-in' }), { intents }, app)) as Reply;
    expect(new Headers(signedIn.init?.headers).getSetCookie()).toEqual([
      'storefront.session_token=abc; Path=/; HttpOnly',
    ]);
    const limited = (await answerAction(post({ intent: 'limited' }), { intents }, app)) as Reply;
    expect(limited.init?.status).toBe(429);
    expect(new Headers(limited.init?.headers).get('Retry-After')).toBe('42');
  });

  it('lets a redirect thrown by an intent through as the answer', async () => {
    const intents = {
      'sign-in': intent({
        run: async () => {
          throw new Response(null, { status: 302, headers: { Location: '/auth/two-factor' } });
        },
      }),
    };
    const thrown = await answerAction(post({ intent: 'sign-in' }), { intents }, app).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/auth/two-factor');
  });

  it('shows an intent’s own failure toast for a rate limit when it asks to', async () => {
    const limited = async () => {
      throw new DomainError('rate_limited', 'Too many requests, please try again in a minute.');
    };
    const intents = {
      own: intent({ run: limited, failure: signInError, failureOnRateLimit: true }),
      public: intent({ run: limited, failure: signInError }),
    };
    const own = (await answerAction(post({ intent: 'own' }), { intents }, app)) as Reply;
    expect(own.data.toast).toEqual(signInError('Too many requests, please try again in a minute.'));
    const publicForm = (await answerAction(post({ intent: 'public' }), { intents }, app)) as Reply;
    expect(publicForm.data.toast?.title).toBe('Too many requests');
  });

  it('refuses a form’s bad fields with 400 and their messages, however the form was posted', async () => {
    // docs/requirements.md §5: a post sent before the browser's check loaded is answered with the
    // same messages the check would have shown.
    const intents = {
      contact: intent({
        schema: z.object({ email: z.string().email('Invalid email address') }),
        run: async () => undefined,
      }),
    };
    const refused = (await answerAction(
      post({ intent: 'contact', email: 'not-an-address' }),
      { intents },
      app,
    )) as Reply;
    expect(refused.init?.status).toBe(400);
    expect(refused.data.status).toBe('invalid');
    expect(refused.data.result?.error?.email).toEqual(['Invalid email address']);
  });

  it('does not echo an unknown intent', async () => {
    const unknown = (await answerAction(
      post({ intent: 'x'.repeat(100_000) }),
      { intents: {} },
      app,
    )) as Reply;
    expect(unknown.init?.status).toBe(400);
    expect(unknown.data.intent).toBe('');
  });
});

describe('a page loader’s data (pageData)', () => {
  const signedOut = () => Promise.reject(new DomainError('unauthenticated', 'Please sign in'));

  it('turns a session that ended into a redirect to the page’s sign-in, when it names one', async () => {
    // docs/requirements.md §19: /dashboard/security's passkeys are read by Better Auth with the session again
    const thrown = await pageData(signedOut, ['not_found'], '/auth?redirectTo=%2Fx').catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('Location')).toBe('/auth?redirectTo=%2Fx');
  });

  it('leaves the refusal as it is without a sign-in address', async () => {
    await expect(pageData(signedOut)).rejects.toBeInstanceOf(DomainError);
  });
});
