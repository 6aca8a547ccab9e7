import { getFormProps } from '../components/forms/lazy-form';
import { useId } from 'react';
import { Link } from 'react-router';
import { errorToast } from '../../core/community/answer';
import { resetPasswordFormSchema } from '../../core/identity/identity';
import { identityToasts, REMOVE_PASSKEYS_ON_RESET_LABEL } from '../../core/identity/identity-texts';
import { passwordFormProblemToast } from '../../core/identity/password-rules';
import { securityToasts } from '../../core/identity/security-texts';
import { parseRouteQuery, resetPasswordQuerySchema } from '../../core/forms/route-query';
import { intentConstraints } from '../../server/http/form-constraints';
import { answerAction, intent } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { authActionHeaders } from '../../server/http/auth-call';
import { resetPassword } from '../../server/modules/identity';
import { FormPasswordField, useAnswerForm } from '../components/forms/answer-form';
import { AuthShell } from '../components/account/auth-ui';
import { PasswordRuleChecks } from '../components/account/password-rules';
import { pageMeta } from '../components/layout/simple-page';
import { primaryButtonClass } from '../components/ui/classes';
import type { Route } from './+types/auth.reset-password';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Choose a new password', undefined, { noindex: true });
}

export function loader({ request }: Route.LoaderArgs) {
  return {
    ...parseRouteQuery(resetPasswordQuerySchema, new URL(request.url).searchParams),
    formConstraints: intentConstraints(resetPasswordIntents),
  };
}

// spec §8: the password rules and the mismatch under their own titles
const resetProblem = (message: string) =>
  passwordFormProblemToast(message, identityToasts.passwordRules.title);

const resetPasswordIntents = {
  'reset-password': intent({
    schema: resetPasswordFormSchema,
    run: (fields, { app, request, replyHeaders }) =>
      resetPassword(app.auth, { headers: request.headers, replyHeaders }, fields),
    success: securityToasts.passwordReset,
    invalid: (messages) => resetProblem(messages[0] ?? ''),
    failure: errorToast,
    failureOnRateLimit: true,
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerAction(
    { request, params, context },
    { intents: resetPasswordIntents, defaultIntent: 'reset-password' },
    context.get(appContext),
  );
}

export const headers = authActionHeaders;

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const removePasskeysId = useId();
  const { fetcher, form, fields, answer } = useAnswerForm({
    schema: () =>
      import('../../core/identity/identity').then((module) => module.resetPasswordFormSchema),
    intent: 'reset-password',
    invalidToast: resetProblem,
  });
  if (!loaderData.token) {
    return (
      <AuthShell title="Choose a new password">
        <p role="alert">This reset link is incomplete. Ask for a new one.</p>
        <Link to="/auth/forgot-password" className="mt-4 inline-block underline">
          Send a new link
        </Link>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Choose a new password">
      {/* The server's answer says it (securityToasts.passwordReset): its words, not a copy in the page's code. */}
      {answer?.status === 'ok' ? (
        <div role="status" className="grid gap-2">
          <p className="font-medium">{answer.toast?.title}</p>
          <p>{answer.toast?.description}</p>
          <Link to="/auth" className="underline">
            Sign In
          </Link>
        </div>
      ) : (
        <fetcher.Form
          method="post"
          {...getFormProps(form)}
          onSubmit={form.onSubmit}
          className="grid gap-4"
        >
          {answer?.toast ? (
            <p role="alert" className="text-danger">
              {answer.toast.description ?? answer.toast.title}
            </p>
          ) : null}
          <input type="hidden" name="intent" value="reset-password" />
          <input type="hidden" name="token" value={loaderData.token} />
          <FormPasswordField
            meta={fields.password}
            label="New Password"
            autoComplete="new-password"
          />
          <PasswordRuleChecks password={fields.password.value ?? ''} />
          <FormPasswordField
            meta={fields.confirmPassword}
            label="Confirm Password"
            autoComplete="new-password"
          />
          {/* docs/decisions/022 (amended): a passkey signs in without the password being reset. */}
          <div className="flex items-start gap-3">
            <input
              id={removePasskeysId}
              name="removePasskeys"
              type="checkbox"
              defaultChecked
              className="mt-1 size-4"
            />
            <label htmlFor={removePasskeysId}>{REMOVE_PASSKEYS_ON_RESET_LABEL}</label>
          </div>
          <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
            Set new password
          </button>
        </fetcher.Form>
      )}
    </AuthShell>
  );
}
