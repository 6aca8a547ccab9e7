import { welcomeLeadSchema } from '../../core/catalog/welcome-lead';
import { answerAction, intent } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { sendSignInCode } from '../../server/modules/identity';
import { createCallbackLead } from '../../server/modules/leads';
import type { Route } from './+types/welcome-lead';

/** What the pop-up does next: thank the visitor, or take them to enter the code. */
export type WelcomeLeadOutcome = { status: 'saved' } | { status: 'otp-sent'; phoneNumber: string };

/** The welcome pop-up's "Request OTP" posts here (see server/modules/leads). */
const welcomeIntents = {
  welcome: intent<WelcomeLeadOutcome>({
    schema: welcomeLeadSchema,
    rateLimit: 'welcome',
    honeypot: true,
    run: async (fields, { app, request, replyHeaders }) => {
      const lead = await createCallbackLead(app.db, app.actor, fields);
      // docs/design.md §5: with an SMS sender, "Request OTP" starts phone sign-in by one-time code;
      // the number is kept as a call-back lead either way.
      if (app.sms.enabled) {
        const sent = await sendSignInCode(
          app.auth,
          { headers: request.headers, replyHeaders },
          { fields: { phoneNumber: lead.phoneNumber }, phoneSignIn: true },
        ).catch((error: unknown) => {
          // The lead is kept; the visitor is called back instead of signing in by code.
          app.logger.warn({ err: error }, 'welcome code not sent');
          return null;
        });
        if (sent) return { status: 'otp-sent', phoneNumber: lead.phoneNumber };
      }
      return { status: 'saved' };
    },
    // The pop-up says it in place ("Thank you! We will call you back shortly.").
    success: null,
    // A robot caught by the honeypot (no outcome) is answered as a saved lead.
    data: (outcome) => outcome,
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerAction(
    { request, params, context },
    { intents: welcomeIntents, defaultIntent: 'welcome' },
    context.get(appContext),
  );
}
