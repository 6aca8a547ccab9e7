import { getFormProps } from '../components/forms/lazy-form';
import { Link } from 'react-router';
import { errorToast } from '../../core/community/answer';
import { forgotPasswordSchema } from '../../core/identity/identity';
import { securityToasts } from '../../core/identity/security-texts';
import { intentConstraints } from '../../server/http/form-constraints';
import { answerAction, intent } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { authActionHeaders } from '../../server/http/auth-call';
import { requestPasswordReset } from '../../server/modules/identity';
import { FormField, useAnswerForm } from '../components/forms/answer-form';
import { AuthShell } from '../components/account/auth-ui';
import { pageMeta } from '../components/layout/simple-page';
import { primaryButtonClass } from '../components/ui/classes';
import type { Route } from './+types/auth.forgot-password';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Reset your password', undefined, { noindex: true });
}

const forgotPasswordIntents = {
  'request-reset': intent({
    schema: forgotPasswordSchema,
    run: (fields, { app, request, replyHeaders }) =>
      requestPasswordReset(app.auth, { headers: request.headers, replyHeaders }, fields),
    // Said whether or not an account uses the address, so the form reveals no one's e-mail.
    success: securityToasts.resetLinkSent,
    failureOnRateLimit: true,
    failure: errorToast,
  }),
};

export function loader() {
  return { formConstraints: intentConstraints(forgotPasswordIntents) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerAction(
    { request, params, context },
    { intents: forgotPasswordIntents, defaultIntent: 'request-reset' },
    context.get(appContext),
  );
}

export const headers = authActionHeaders;

export default function ForgotPassword() {
  const { fetcher, form, fields, answer } = useAnswerForm({
    schema: () =>
      import('../../core/identity/identity').then((module) => module.forgotPasswordSchema),
    intent: 'request-reset',
  });
  return (
    <AuthShell title="Reset your password">
      {/* The server's answer says it (securityToasts.resetLinkSent): its words, not a copy in the page's code. */}
      {answer?.status === 'ok' ? (
        <div role="status" className="grid gap-2">
          <p className="font-medium">{answer.toast?.title}</p>
          <p>{answer.toast?.description}</p>
          <Link to="/auth" className="py-0.5 underline">
            Back to Sign In
          </Link>
        </div>
      ) : (
        <fetcher.Form
          method="post"
          {...getFormProps(form)}
          onSubmit={form.onSubmit}
          className="grid gap-4"
        >
          <p>Enter the e-mail address of your account and we will send you a link.</p>
          <input type="hidden" name="intent" value="request-reset" />
          {answer?.message && !answer.result?.error ? (
            <p role="alert" className="text-danger">
              {answer.message}
            </p>
          ) : null}
          <FormField meta={fields.email} label="Email" type="email" autoComplete="email" />
          <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
            Send reset link
          </button>
          <Link to="/auth" className="py-0.5 text-sm underline">
            Back to Sign In
          </Link>
        </fetcher.Form>
      )}
    </AuthShell>
  );
}
