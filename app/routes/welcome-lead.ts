import { data } from 'react-router';
import { appContext } from '../../server/http/app-context';
import { rateLimitedReply } from '../../server/http/form-guard';
import { DomainError } from '../../server/modules/errors';
import { createCallbackLead } from '../../server/modules/leads';
import { isRobotSubmission } from '../components/community/honeypot';
import type { WelcomeLeadActionData } from '../components/community/welcome-popup';
import type { Route } from './+types/welcome-lead';

/** The welcome pop-up's "Request OTP" posts here (see server/modules/leads). */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const limited = await rateLimitedReply(app, 'welcome');
  if (limited) return data<WelcomeLeadActionData>(limited.body, limited.init);
  const formData = await request.formData();
  if (isRobotSubmission(formData)) return data<WelcomeLeadActionData>({ status: 'saved' });
  try {
    await createCallbackLead(app.db, Object.fromEntries(formData));
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
