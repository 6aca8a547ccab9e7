import { parseRouteQuery, unsubscribeQuerySchema } from '../../core/forms/route-query';
import { answerAction, intent } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import {
  emailFromUnsubscribeToken,
  unsubscribeFromNewsletter,
} from '../../server/modules/newsletter';
import { pageMeta } from '../components/layout/simple-page';
import { UnsubscribePage, type UnsubscribeTexts } from '../components/community/unsubscribe-page';
import type { Route } from './+types/newsletter.unsubscribe';

function tokenOf(request: Request): string {
  return parseRouteQuery(unsubscribeQuerySchema, new URL(request.url).searchParams).token;
}

/** Opening the link only asks: mail scanners that follow links must not unsubscribe anyone. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.get(appContext);
  const token = tokenOf(request);
  return { token, email: emailFromUnsubscribeToken(config.authSecret, token) };
}

/** The confirm button, and mail clients' one-click unsubscribe (RFC 8058), post here. */
const unsubscribeIntents = {
  unsubscribe: intent({
    // The link's token is the whole input: a forged one unsubscribes nobody and says so.
    run: (_fields, { app, request }) =>
      unsubscribeFromNewsletter(app.db, app.actor, app.config.authSecret, {
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
  return pageMeta(args, 'Unsubscribe', undefined, { noindex: true });
}

const TEXTS: UnsubscribeTexts = {
  askHeading: 'Unsubscribe from the newsletter?',
  ask: (email) => `${email} will stop receiving our e-mails.`,
  doneHeading: 'You have been unsubscribed',
  done: (email) =>
    `${email} will not receive our newsletter any more. You can subscribe again at any time.`,
  invalid: 'Please use the unsubscribe link from one of our e-mails, or write to us.',
};

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <UnsubscribePage
      token={loaderData.token}
      email={loaderData.email}
      outcome={actionData?.data}
      texts={TEXTS}
    />
  );
}
