import { data, redirect, useActionData, useFetcher } from 'react-router';
import { identityToasts, oneTimeCodeSchema, safeRedirectTarget } from '../../core/identity';
import { appContext } from '../../server/http/app-context';
import { readFormData } from '../../server/http/form-content-type';
import { authActionHeaders, callAuth } from '../../server/http/auth-call';
import {
  AuthShell,
  DocumentAnswer,
  useAuthAnswer,
  type AuthAnswer,
} from '../components/account/auth-ui';
import { pageMeta } from '../components/layout/simple-page';
import { Field, primaryButtonClass, secondaryButtonClass } from '../components/ui/field';
import type { Route } from './+types/auth.two-factor';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Two-factor authentication', undefined, { noindex: true });
}

export function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = context.get(appContext);
  const redirectTo = safeRedirectTarget(
    new URL(request.url).searchParams.get('redirectTo'),
    context.get(appContext).config.publicUrl,
  );
  if (viewer) throw redirect(redirectTo);
  return { redirectTo };
}

/** The second step of a sign-in with TOTP on: a code of the authenticator app, or a backup code. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = Object.fromEntries(await readFormData(request));
  const redirectTo = safeRedirectTarget(String(form.redirectTo ?? ''), app.config.publicUrl);
  const fail = (message: string, status: number, headers?: Headers) =>
    data<AuthAnswer>(
      {
        status: 'error',
        toast: { ...identityToasts.signInError, description: message, variant: 'destructive' },
      },
      { status, headers },
    );
  const useBackupCode = form.intent === 'backup';
  const code = String(form.code ?? '').trim();
  if (!useBackupCode && !oneTimeCodeSchema.safeParse(code).success) {
    return fail('Enter the 6-digit code', 400);
  }
  if (useBackupCode && code === '') return fail('Enter one of your backup codes', 400);
  const result = useBackupCode
    ? await callAuth(app, () =>
        app.auth.api.verifyBackupCode({
          body: { code },
          headers: request.headers,
          returnHeaders: true,
        }),
      )
    : await callAuth(app, () =>
        app.auth.api.verifyTOTP({ body: { code }, headers: request.headers, returnHeaders: true }),
      );
  if (!result.ok) return fail(result.message, result.status, result.headers);
  return data<AuthAnswer>({ status: 'signed-in', redirectTo }, { headers: result.headers });
}

export const headers = authActionHeaders;

export default function TwoFactorChallenge({ loaderData }: Route.ComponentProps) {
  const totp = useFetcher<typeof action>();
  const backup = useFetcher<typeof action>();
  const documentAnswer = useActionData<typeof action>();
  useAuthAnswer(totp.state === 'idle' ? totp.data : undefined);
  useAuthAnswer(backup.state === 'idle' ? backup.data : undefined);
  return (
    <AuthShell title="Two-factor authentication">
      <DocumentAnswer answer={documentAnswer} />
      <totp.Form method="post" className="grid gap-4">
        <p>Enter the 6-digit code from your authenticator app.</p>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <input type="hidden" name="intent" value="totp" />
        <Field
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
        />
        <button type="submit" className={primaryButtonClass} disabled={totp.state !== 'idle'}>
          Verify
        </button>
      </totp.Form>
      <details className="mt-6">
        <summary className="cursor-pointer text-sm underline">Use a backup code instead</summary>
        <backup.Form method="post" className="mt-4 grid gap-4">
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <input type="hidden" name="intent" value="backup" />
          <Field label="Backup code" name="code" autoComplete="off" required />
          <button type="submit" className={secondaryButtonClass} disabled={backup.state !== 'idle'}>
            Verify backup code
          </button>
        </backup.Form>
      </details>
    </AuthShell>
  );
}
