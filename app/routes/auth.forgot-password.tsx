import { data, Link, useActionData, useFetcher } from 'react-router';
import { emailSchema, INVALID_EMAIL_MESSAGE } from '../../core/identity';
import { appContext } from '../../server/http/app-context';
import { readFormData } from '../../server/http/form-content-type';
import { authActionHeaders, callAuth } from '../../server/http/auth-call';
import { AuthShell } from '../components/account/auth-ui';
import { pageMeta } from '../components/layout/simple-page';
import { Field, primaryButtonClass } from '../components/ui/field';
import { toast } from '../components/ui/toast-store';
import { useOnAnswer } from '../components/ui/use-answer';
import type { Route } from './+types/auth.forgot-password';

type Answer = { status: 'sent' } | { status: 'error'; message: string };

/** Said whether or not an account uses the address, so the form reveals no one's e-mail. */
const SENT = {
  title: 'Check your e-mail',
  description: 'If an account uses that address, we have sent it a link to reset the password.',
};

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Reset your password', undefined, { noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await readFormData(request);
  const email = emailSchema.safeParse(form.get('email'));
  if (!email.success) {
    return data<Answer>({ status: 'error', message: INVALID_EMAIL_MESSAGE }, { status: 400 });
  }
  const result = await callAuth(app, () =>
    app.auth.api.requestPasswordReset({
      body: { email: email.data, redirectTo: '/auth/reset-password' },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
  if (!result.ok) {
    return data<Answer>(
      { status: 'error', message: result.message },
      { status: result.status, headers: result.headers },
    );
  }
  return data<Answer>({ status: 'sent' });
}

export const headers = authActionHeaders;

export default function ForgotPassword() {
  const fetcher = useFetcher<typeof action>();
  const documentAnswer = useActionData<typeof action>();
  const answer = fetcher.data ?? documentAnswer;
  useOnAnswer(fetcher.state === 'idle' ? fetcher.data : undefined, (outcome) => {
    if (outcome.status === 'sent') toast(SENT);
    else toast({ title: 'Error', description: outcome.message, variant: 'destructive' });
  });
  return (
    <AuthShell title="Reset your password">
      {answer?.status === 'sent' ? (
        <div role="status" className="grid gap-2">
          <p className="font-medium">{SENT.title}</p>
          <p>{SENT.description}</p>
          <Link to="/auth" className="underline">
            Back to Sign In
          </Link>
        </div>
      ) : (
        <fetcher.Form method="post" className="grid gap-4">
          <p>Enter the e-mail address of your account and we will send you a link.</p>
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            error={answer?.status === 'error' ? answer.message : null}
          />
          <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
            Send reset link
          </button>
          <Link to="/auth" className="text-sm underline">
            Back to Sign In
          </Link>
        </fetcher.Form>
      )}
    </AuthShell>
  );
}
