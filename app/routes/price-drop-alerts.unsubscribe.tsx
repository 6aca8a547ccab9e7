import { Form, Link } from 'react-router';
import { parseRouteQuery, unsubscribeQuerySchema } from '../../core/route-query';
import { answerAction, intent } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import {
  priceDropUnsubscribeAddress,
  unsubscribeFromPriceDropAlerts,
} from '../../server/modules/account';
import { pageMeta } from '../components/layout/simple-page';
import type { Route } from './+types/price-drop-alerts.unsubscribe';

function tokenOf(request: Request): string {
  return parseRouteQuery(unsubscribeQuerySchema, new URL(request.url).searchParams).token;
}

/**
 * issue 32: the price-drop mail's unsubscribe link. Opening it only asks (as the newsletter's):
 * mail scanners that follow links must not turn anyone's alerts off.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, db } = context.get(appContext);
  const token = tokenOf(request);
  return { token, email: await priceDropUnsubscribeAddress(db, config.authSecret, token) };
}

/** The confirm button, and mail clients' one-click unsubscribe (RFC 8058), post here. */
const unsubscribeIntents = {
  unsubscribe: intent({
    // The link's signed token is the whole input: a forged one changes nothing and says so.
    run: (_fields, { app, request }) =>
      unsubscribeFromPriceDropAlerts(app.db, app.actor, app.config.authSecret, {
        token: tokenOf(request),
      }),
    data: (outcome) => outcome,
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerAction(
    { request, params, context },
    { intents: unsubscribeIntents, defaultIntent: 'unsubscribe' },
    context.get(appContext),
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Price-drop e-mails', undefined, { noindex: true });
}

export default function UnsubscribePriceDrops({ loaderData, actionData }: Route.ComponentProps) {
  const { token, email } = loaderData;
  let body;
  const outcome = actionData?.data;
  if (outcome === 'unsubscribed') {
    body = (
      <>
        <h1 className="text-3xl font-semibold">Price-drop e-mails are off</h1>
        <p role="status" className="mt-4 text-lg text-ink-muted">
          {email} will not be told of lower prices on your wishlist any more. You can turn them on
          again in your dashboard’s profile.
        </p>
      </>
    );
  } else if (!email || outcome === 'invalid') {
    body = (
      <>
        <h1 className="text-3xl font-semibold">This link is not valid</h1>
        <p role="alert" className="mt-4 text-lg text-ink-muted">
          Please use the unsubscribe link from one of our e-mails, or turn the e-mails off in your
          dashboard’s profile.
        </p>
      </>
    );
  } else {
    body = (
      <>
        <h1 className="text-3xl font-semibold">Stop price-drop e-mails?</h1>
        <p className="mt-4 text-lg text-ink-muted">
          {email} will stop receiving e-mails when a piece on the wishlist costs less.
        </p>
        <Form method="post" action={`?token=${encodeURIComponent(token)}`} className="mt-8">
          <button
            type="submit"
            className="rounded-full bg-ink px-6 py-3 font-medium text-ivory hover:bg-brass-800"
          >
            Unsubscribe
          </button>
        </Form>
      </>
    );
  }
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      {body}
      <Link to="/" className="mt-8 block text-brass-700 underline underline-offset-4">
        Return to Home
      </Link>
    </section>
  );
}
