import { redirect } from 'react-router';
import { readCurrencyChoice, RUPEES } from '../../core/money/display-currency';
import { currencyChoiceSchema } from '../../core/money/display-currency-schema';
import { safeRedirectTarget } from '../../core/identity/identity';
import { answerAction, intent } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { currencyCookie } from '../../server/http/display-currency';
import { refuseLargeVisitorBody } from '../../server/http/visitor-body';
import { setDisplayCurrencyChoice } from '../../server/modules/account';
import type { Route } from './+types/currency';

/**
 * docs/requirements.md §21: the header's and footer's currency picker, a plain form that works without
 * JavaScript. The choice is kept in a cookie and, signed in, in the profile; the answer goes back
 * to the page the picker was on, inside the shop only.
 */
const currencyIntents = {
  choose: intent({
    schema: currencyChoiceSchema,
    run: async (fields, { app }) => {
      const choice =
        app.actor && !app.actor.apiKey
          ? await setDisplayCurrencyChoice(app.db, app.actor, fields)
          : (readCurrencyChoice(fields.currency) ?? RUPEES);
      const secure = app.config.publicUrl.startsWith('https://');
      throw redirect(safeRedirectTarget(fields.returnTo, app.config.publicUrl), {
        headers: { 'Set-Cookie': currencyCookie(choice, secure) },
      });
    },
    success: null,
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerAction(
    { request, params, context },
    {
      // docs/requirements.md §14: a visitor's body is read only when small.
      guard: refuseLargeVisitorBody,
      intents: currencyIntents,
      defaultIntent: 'choose',
    },
    context.get(appContext),
  );
}

/** Nothing to show here: a visit goes home. */
export function loader() {
  return redirect('/');
}
