import { useState } from 'react';
import { data, Link, useActionData, useFetcher } from 'react-router';
import { identityToasts, resetPasswordSchema } from '../../core/identity';
import { parseRouteQuery, resetPasswordQuerySchema } from '../../core/route-query';
import { appContext } from '../../server/http/app-context';
import { readFormData } from '../../server/http/form-content-type';
import { authActionHeaders, callAuth } from '../../server/http/auth-call';
import { AuthShell } from '../components/account/auth-ui';
import { PasswordRuleChecks } from '../components/account/password-rules';
import { pageMeta } from '../components/layout/simple-page';
import { PasswordField, primaryButtonClass } from '../components/ui/field';
import { toast, type ToastInput } from '../components/ui/toast-store';
import { useOnAnswer } from '../components/ui/use-answer';
import type { Route } from './+types/auth.reset-password';

type Answer = { status: 'reset' } | { status: 'error'; toast: ToastInput };

const RESET = {
  title: 'Password updated',
  description: 'You can now sign in with your new password.',
};

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Choose a new password', undefined, { noindex: true });
}

export function loader({ request }: Route.LoaderArgs) {
  return parseRouteQuery(resetPasswordQuerySchema, new URL(request.url).searchParams);
}

function problemToast(issue: { path: PropertyKey[]; message: string } | undefined): ToastInput {
  if (issue?.path[0] === 'confirmPassword') {
    return { ...identityToasts.passwordMismatch, variant: 'destructive' };
  }
  return { ...identityToasts.passwordRules, description: issue?.message, variant: 'destructive' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = Object.fromEntries(await readFormData(request));
  const parsed = resetPasswordSchema.safeParse(form);
  if (!parsed.success) {
    return data<Answer>(
      { status: 'error', toast: problemToast(parsed.error.issues[0]) },
      { status: 400 },
    );
  }
  const result = await callAuth(app, () =>
    app.auth.api.resetPassword({
      body: { newPassword: parsed.data.password, token: String(form.token ?? '') },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
  if (!result.ok) {
    return data<Answer>(
      {
        status: 'error',
        toast: { title: 'Error', description: result.message, variant: 'destructive' },
      },
      { status: result.status, headers: result.headers },
    );
  }
  return data<Answer>({ status: 'reset' });
}

export const headers = authActionHeaders;

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const documentAnswer = useActionData<typeof action>();
  const answer = fetcher.data ?? documentAnswer;
  const [password, setPassword] = useState('');
  useOnAnswer(fetcher.state === 'idle' ? fetcher.data : undefined, (outcome) =>
    toast(outcome.status === 'reset' ? RESET : outcome.toast),
  );
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
      {answer?.status === 'reset' ? (
        <div role="status" className="grid gap-2">
          <p className="font-medium">{RESET.title}</p>
          <p>{RESET.description}</p>
          <Link to="/auth" className="underline">
            Sign In
          </Link>
        </div>
      ) : (
        <fetcher.Form
          method="post"
          className="grid gap-4"
          onSubmit={(event) => {
            const parsed = resetPasswordSchema.safeParse(
              Object.fromEntries(new FormData(event.currentTarget)),
            );
            if (!parsed.success) {
              event.preventDefault();
              toast(problemToast(parsed.error.issues[0]));
            }
          }}
        >
          {answer?.status === 'error' ? (
            <p role="alert" className="text-danger">
              {answer.toast.description ?? answer.toast.title}
            </p>
          ) : null}
          <input type="hidden" name="token" value={loaderData.token} />
          <PasswordField
            label="New Password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
          <PasswordRuleChecks password={password} />
          <PasswordField
            label="Confirm Password"
            name="confirmPassword"
            autoComplete="new-password"
            required
          />
          <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
            Set new password
          </button>
        </fetcher.Form>
      )}
    </AuthShell>
  );
}
