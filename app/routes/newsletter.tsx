import { Link, useActionData } from 'react-router';
import type { AnswerToast } from '../../core/community/answer';
import { newsletterSubscriptionSchema } from '../../core/community/newsletter';
import { newsletterToasts } from '../../core/community/newsletter-toasts';
import { answerAction, intent } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { retryAfterHeaders } from '../../server/http/form-guard';
import { subscribeToNewsletter, type SubscribeOutcome } from '../../server/modules/newsletter';
import { pageMeta } from '../components/layout/simple-page';
import type { Route } from './+types/newsletter';

const invalidEmail = (message: string): AnswerToast => ({
  title: 'Invalid email',
  description: message,
  variant: 'destructive',
});

/** Every newsletter form posts here (spec §2: home, footer and blog). */
const newsletterIntents = {
  subscribe: intent<SubscribeOutcome>({
    schema: newsletterSubscriptionSchema,
    rateLimit: 'newsletter',
    honeypot: true,
    run: (fields, { app }) =>
      subscribeToNewsletter(app.db, app.actor, app.config.authSecret, fields, app.clock()),
    // A robot caught by the honeypot (no outcome) is thanked like a new subscriber.
    success: (outcome) =>
      outcome === 'already-subscribed'
        ? newsletterToasts.alreadySubscribed
        : newsletterToasts.subscribed,
    data: (outcome) => outcome,
    invalid: (messages) => invalidEmail(messages[0] ?? ''),
    failure: (message, _fields, code) =>
      code === 'invalid' ? invalidEmail(message) : newsletterToasts.failure,
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerAction(
    { request, params, context },
    { intents: newsletterIntents, defaultIntent: 'subscribe' },
    context.get(appContext),
  );
}

export const headers = retryAfterHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Newsletter', undefined, { noindex: true });
}

/** What a visitor without JavaScript sees after signing up: the toast's words as the page. */
export default function Newsletter() {
  const answer = useActionData<typeof action>();
  const outcome = answer?.toast;
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-semibold">{outcome ? outcome.title : 'Newsletter'}</h1>
      <p role="status" className="mt-4 text-lg text-ink-muted">
        {outcome ? outcome.description : 'Sign up from any page with the form at the bottom.'}
      </p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-full bg-ink px-6 py-3 text-ivory hover:bg-brass-800"
      >
        Return to Home
      </Link>
    </section>
  );
}
