import { data } from 'react-router';
import { appContext } from '../../server/http/app-context';
import { readFormData } from '../../server/http/form-content-type';
import { rateLimitedReply } from '../../server/http/form-guard';
import { DomainError } from '../../server/modules/errors';
import { sendSignInCode } from '../../server/modules/identity';
import { createCallbackLead } from '../../server/modules/leads';
import { isRobotSubmission } from '../components/community/honeypot';
import type { WelcomeLeadActionData } from '../components/community/welcome-popup';
import type { Route } from './+types/welcome-lead';

/** The welcome pop-up's "Request OTP" posts here (see server/modules/leads). */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const limited = await rateLimitedReply(app, 'welcome');
  if (limited) return data<WelcomeLeadActionData>(limited.body, limited.init);
  const formData = await readFormData(request);
  if (isRobotSubmission(formData)) return data<WelcomeLeadActionData>({ status: 'saved' });
  try {
    const lead = await createCallbackLead(app.db, Object.fromEntries(formData));
    // DESIGN.md §5: with an SMS sender, "Request OTP" starts phone sign-in by one-time code; the
    // number is kept as a call-back lead either way.
    if (app.sms.enabled) {
      const sent = await sendSignInCode(
        app.auth,
        { headers: request.headers, replyHeaders: new Headers() },
        { fields: { phoneNumber: lead.phoneNumber }, phoneSignIn: true },
      ).catch((error: unknown) => {
        app.logger.warn({ err: error }, 'welcome code not sent');
        return null;
      });
      if (sent) {
        return data<WelcomeLeadActionData>({ status: 'otp-sent', phoneNumber: lead.phoneNumber });
      }
    }
    return data<WelcomeLeadActionData>({ status: 'saved' });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'invalid') {
      return data<WelcomeLeadActionData>(
        { status: 'invalid', message: error.message },
        { status: 400 },
      );
    }
    app.logger.error({ err: error }, 'call-back lead failed');
    return data<WelcomeLeadActionData>({ status: 'error' }, { status: 500 });
  }
}
