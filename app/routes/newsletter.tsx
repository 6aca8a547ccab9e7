import { data, Link, useActionData } from 'react-router';
import { appContext } from '../../server/http/app-context';
import { readFormData } from '../../server/http/form-content-type';
import { rateLimitedReply, retryAfterHeaders } from '../../server/http/form-guard';
import { DomainError } from '../../server/modules/errors';
import { newsletterSubscriptionSchema } from '../../core/newsletter';
import { subscribeToNewsletter, unsubscribeToken } from '../../server/modules/newsletter';
import { newsletterWelcomeMail } from '../../server/modules/notifications';
import { isRobotSubmission } from '../components/community/honeypot';
import {
  newsletterToasts,
  type NewsletterActionData,
} from '../components/community/newsletter-form';
import { pageMeta } from '../components/layout/simple-page';
import type { Route } from './+types/newsletter';

/** Every newsletter form posts here (spec §2: home, footer and blog). */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { db, logger } = app;
  const limited = await rateLimitedReply(app, 'newsletter');
  if (limited) return data<NewsletterActionData>(limited.body, limited.init);
  const formData = await readFormData(request);
  if (isRobotSubmission(formData)) return data<NewsletterActionData>({ status: 'subscribed' });
  try {
    const input = Object.fromEntries(formData);
    const status = await subscribeToNewsletter(db, app.actor, input);
    if (status === 'subscribed') {
      const { email } = newsletterSubscriptionSchema.parse(input);
      const token = unsubscribeToken(app.config.authSecret, email);
      const unsubscribeUrl = `${app.config.publicUrl}/newsletter/unsubscribe?token=${token}`;
      app.mailer.sendLater(newsletterWelcomeMail(email, unsubscribeUrl, app.config));
    }
    return data<NewsletterActionData>({ status });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'invalid') {
      return data<NewsletterActionData>(
        { status: 'invalid', message: error.message },
        { status: 400 },
      );
    }
    logger.error({ err: error }, 'newsletter sign-up failed');
    return data<NewsletterActionData>({ status: 'error' }, { status: 500 });
  }
}

export const headers = retryAfterHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Newsletter', undefined, { noindex: true });
}

/** What a visitor without JavaScript sees after signing up. */
export default function Newsletter() {
  const answer = useActionData<typeof action>();
  const outcome =
    answer?.status === 'subscribed'
      ? newsletterToasts.subscribed
      : answer?.status === 'already-subscribed'
        ? newsletterToasts.alreadySubscribed
        : answer?.status === 'invalid'
          ? { title: 'Invalid email', description: answer.message }
          : answer?.status === 'rate-limited'
            ? { title: 'Too many requests', description: answer.message }
            : newsletterToasts.failure;
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-semibold">{answer ? outcome.title : 'Newsletter'}</h1>
      <p role="status" className="mt-4 text-lg text-ink-muted">
        {answer ? outcome.description : 'Sign up from any page with the form at the bottom.'}
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
