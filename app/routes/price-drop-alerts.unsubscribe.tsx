import { parseRouteQuery, unsubscribeQuerySchema } from '../../core/forms/route-query';
import { answerAction, intent } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import {
  priceDropUnsubscribeAddress,
  unsubscribeFromPriceDropAlerts,
} from '../../server/modules/account';
import { pageMeta } from '../components/layout/simple-page';
import { UnsubscribePage, type UnsubscribeTexts } from '../components/community/unsubscribe-page';
import type { Route } from './+types/price-drop-alerts.unsubscribe';

function tokenOf(request: Request): string {
  return parseRouteQuery(unsubscribeQuerySchema, new URL(request.url).searchParams).token;
}

/**
 * docs/requirements.md §21: the price-drop mail's unsubscribe link. Opening it only asks (as the newsletter's):
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

// docs/requirements.md §21: the price-drop mail's own words
const TEXTS: UnsubscribeTexts = {
  askHeading: 'Stop price-drop e-mails?',
  ask: (email) => `${email} will stop receiving e-mails when a piece on the wishlist costs less.`,
  doneHeading: 'Price-drop e-mails are off',
  done: (email) =>
    `${email} will not be told of lower prices on your wishlist any more. You can turn them on again in your dashboard’s profile.`,
  invalid:
    'Please use the unsubscribe link from one of our e-mails, or turn the e-mails off in your dashboard’s profile.',
};

export default function UnsubscribePriceDrops({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <UnsubscribePage
      token={loaderData.token}
      email={loaderData.email}
      outcome={actionData?.data}
      texts={TEXTS}
    />
  );
}
