import { useState } from 'react';
import { data, Link, redirect, useFetcher, useRevalidator } from 'react-router';
import { renderSVG } from 'uqr';
import { changeEmailSchema, changePasswordSchema, identityToasts } from '../../core/identity';
import { dashboardSecurityQuerySchema, parseRouteQuery } from '../../core/route-query';
import type { ChangeEmailBody } from '../../server/auth';
import { appContext } from '../../server/http/app-context';
import { readFormData } from '../../server/http/form-content-type';
import { authActionHeaders, callAuth } from '../../server/http/auth-call';
import { PasswordRuleChecks } from '../components/account/password-rules';
import { pageMeta } from '../components/layout/simple-page';
import {
  Field,
  PasswordField,
  primaryButtonClass,
  secondaryButtonClass,
} from '../components/ui/field';
import { toast, type ToastInput } from '../components/ui/toast-store';
import { useOnAnswer } from '../components/ui/use-answer';
import type { Route } from './+types/dashboard.security';

type Answer =
  | { status: 'ok'; intent: string; toast: ToastInput }
  | { status: 'enrolling'; qrSvg: string; secret: string; backupCodes: string[] }
  | { status: 'error'; intent: string; message: string };

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Password and security', undefined, { noindex: true });
}

export function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = context.get(appContext);
  if (!viewer) throw redirect('/auth?redirectTo=%2Fdashboard%2Fsecurity');
  // Better Auth sends the change-email link back here with ?error=… when it could not be used.
  const { error: emailLinkFailed } = parseRouteQuery(
    dashboardSecurityQuerySchema,
    new URL(request.url).searchParams,
  );
  return { email: viewer.email, twoFactorEnabled: viewer.twoFactorEnabled, emailLinkFailed };
}

/**
 * Changing the password or the e-mail, and adding or removing TOTP, each ask for the current
 * password first (reauthentication), checked by Better Auth.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (!app.viewer) throw redirect('/auth');
  const form = Object.fromEntries(await readFormData(request));
  const intent = String(form.intent ?? '');
  const headers = request.headers;
  const fail = (message: string, status = 400, replyHeaders?: Headers) =>
    data<Answer>({ status: 'error', intent, message }, { status, headers: replyHeaders });

  if (intent === 'change-password') {
    const parsed = changePasswordSchema.safeParse(form);
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? 'Invalid input');
    const result = await callAuth(app, () =>
      app.auth.api.changePassword({
        body: {
          currentPassword: parsed.data.currentPassword,
          newPassword: parsed.data.password,
          revokeOtherSessions: true,
        },
        headers,
        returnHeaders: true,
      }),
    );
    if (!result.ok) return fail(result.message, result.status, result.headers);
    return data<Answer>(
      {
        status: 'ok',
        intent,
        toast: { title: 'Password changed', description: 'Your other devices were signed out.' },
      },
      { headers: result.headers },
    );
  }

  if (intent === 'change-email') {
    const parsed = changeEmailSchema.safeParse(form);
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? 'Invalid input');
    // The hook in server/auth checks the current password; the e-mail changes when the link
    // mailed to the new address is opened, and that brings the user back here.
    const body: ChangeEmailBody = {
      newEmail: parsed.data.email,
      currentPassword: parsed.data.currentPassword,
      callbackURL: '/dashboard/security',
    };
    const result = await callAuth(app, () =>
      app.auth.api.changeEmail({ body, headers, returnHeaders: true }),
    );
    if (!result.ok) return fail(result.message, result.status, result.headers);
    return data<Answer>(
      {
        status: 'ok',
        intent,
        toast: {
          title: 'Check your new e-mail',
          description: `We sent a link to ${parsed.data.email}. Your e-mail changes when you open it.`,
        },
      },
      { headers: result.headers },
    );
  }

  if (intent === 'enable-2fa') {
    const result = await callAuth(app, () =>
      app.auth.api.enableTwoFactor({
        body: { password: String(form.currentPassword ?? '') },
        headers,
        returnHeaders: true,
      }),
    );
    if (!result.ok) return fail(result.message, result.status, result.headers);
    if (!('totpURI' in result.value)) return fail('Authenticator apps are not available');
    const { totpURI, backupCodes } = result.value;
    const secret = new URL(totpURI).searchParams.get('secret') ?? '';
    return data<Answer>(
      { status: 'enrolling', qrSvg: renderSVG(totpURI), secret, backupCodes },
      { headers: result.headers },
    );
  }

  if (intent === 'confirm-2fa') {
    const result = await callAuth(app, () =>
      app.auth.api.verifyTOTP({
        body: { code: String(form.code ?? '').trim() },
        headers,
        returnHeaders: true,
      }),
    );
    if (!result.ok) return fail(result.message, result.status, result.headers);
    return data<Answer>(
      {
        status: 'ok',
        intent,
        toast: {
          title: 'Two-factor authentication is on',
          description: 'Sign-ins now ask for a code from your app.',
        },
      },
      { headers: result.headers },
    );
  }

  if (intent === 'disable-2fa') {
    const result = await callAuth(app, () =>
      app.auth.api.disableTwoFactor({
        body: { password: String(form.currentPassword ?? '') },
        headers,
        returnHeaders: true,
      }),
    );
    if (!result.ok) return fail(result.message, result.status, result.headers);
    return data<Answer>(
      { status: 'ok', intent, toast: { title: 'Two-factor authentication is off' } },
      { headers: result.headers },
    );
  }
  return fail('Unknown action');
}

export const headers = authActionHeaders;

function useSecurityAction() {
  const fetcher = useFetcher<typeof action>();
  const { revalidate } = useRevalidator();
  useOnAnswer(fetcher.state === 'idle' ? fetcher.data : undefined, (answer) => {
    if (answer.status === 'ok') {
      toast(answer.toast);
      void revalidate();
    } else if (answer.status === 'error') {
      toast({ title: 'Error', description: answer.message, variant: 'destructive' });
    }
  });
  return fetcher;
}

export default function Security({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-10 px-4 py-12">
      <div>
        <Link to="/dashboard" className="text-sm underline">
          Back to My Account
        </Link>
        <h1 className="mt-4 font-display text-4xl font-semibold">Password and security</h1>
      </div>
      <ChangePassword />
      <ChangeEmail email={loaderData.email} linkFailed={loaderData.emailLinkFailed} />
      <TwoFactor enabled={loaderData.twoFactorEnabled} />
    </section>
  );
}

function ChangePassword() {
  const fetcher = useSecurityAction();
  const [password, setPassword] = useState('');
  return (
    <fetcher.Form
      method="post"
      className="grid gap-4 rounded-2xl border border-stone/70 bg-white p-6"
      onSubmit={(event) => {
        const parsed = changePasswordSchema.safeParse(
          Object.fromEntries(new FormData(event.currentTarget)),
        );
        if (!parsed.success) {
          event.preventDefault();
          const issue = parsed.error.issues[0];
          toast(
            issue?.path[0] === 'confirmPassword'
              ? { ...identityToasts.passwordMismatch, variant: 'destructive' }
              : issue?.path[0] === 'password'
                ? {
                    ...identityToasts.passwordRules,
                    description: issue.message,
                    variant: 'destructive',
                  }
                : { title: 'Error', description: issue?.message, variant: 'destructive' },
          );
        }
      }}
    >
      <h2 className="font-display text-2xl font-semibold">Change password</h2>
      <input type="hidden" name="intent" value="change-password" />
      <PasswordField
        label="Current Password"
        name="currentPassword"
        autoComplete="current-password"
        required
      />
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
        label="Confirm New Password"
        name="confirmPassword"
        autoComplete="new-password"
        required
      />
      <button
        type="submit"
        className={`${primaryButtonClass} justify-self-start`}
        disabled={fetcher.state !== 'idle'}
      >
        Change password
      </button>
    </fetcher.Form>
  );
}

function ChangeEmail({ email, linkFailed }: { email: string; linkFailed: boolean }) {
  const fetcher = useSecurityAction();
  return (
    <fetcher.Form
      method="post"
      className="grid gap-4 rounded-2xl border border-stone/70 bg-white p-6"
    >
      <h2 className="font-display text-2xl font-semibold">Change e-mail</h2>
      <p className="text-ink-muted">You sign in with {email}.</p>
      {linkFailed ? (
        <p role="alert" className="text-danger">
          That link to change your e-mail has expired or was already used. Please ask for a new one.
        </p>
      ) : null}
      <input type="hidden" name="intent" value="change-email" />
      <Field label="New Email" name="email" type="email" autoComplete="email" required />
      <PasswordField
        label="Current Password"
        name="currentPassword"
        autoComplete="current-password"
        required
      />
      <button
        type="submit"
        className={`${primaryButtonClass} justify-self-start`}
        disabled={fetcher.state !== 'idle'}
      >
        Change e-mail
      </button>
    </fetcher.Form>
  );
}

function TwoFactor({ enabled }: { enabled: boolean }) {
  const fetcher = useSecurityAction();
  const enrolment = fetcher.data?.status === 'enrolling' ? fetcher.data : null;
  const confirmed = fetcher.data?.status === 'ok' && fetcher.data.intent === 'confirm-2fa';
  return (
    <div className="grid gap-4 rounded-2xl border border-stone/70 bg-white p-6">
      <h2 className="font-display text-2xl font-semibold">Two-factor authentication</h2>
      {enabled && !enrolment ? (
        <fetcher.Form method="post" className="grid gap-4">
          <p>On: sign-ins ask for a code from your authenticator app.</p>
          <input type="hidden" name="intent" value="disable-2fa" />
          <PasswordField
            label="Current Password"
            name="currentPassword"
            autoComplete="current-password"
            required
          />
          <button
            type="submit"
            className={`${secondaryButtonClass} justify-self-start`}
            disabled={fetcher.state !== 'idle'}
          >
            Remove two-factor authentication
          </button>
        </fetcher.Form>
      ) : enrolment && !confirmed ? (
        <div className="grid gap-4">
          <p>Scan this code with your authenticator app, then enter the 6-digit code it shows.</p>
          <div
            role="img"
            aria-label="QR code for your authenticator app"
            className="h-48 w-48 [&>svg]:h-full [&>svg]:w-full"
            // uqr renders the QR code as SVG markup of our own server, not user input.
            dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
          />
          <p className="text-sm">
            Or type this key: <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <div>
            <p className="font-medium">Backup codes</p>
            <p className="text-sm text-ink-muted">
              Keep these somewhere safe; each signs you in once.
            </p>
            <ul aria-label="Backup codes" className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
              {enrolment.backupCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
          <fetcher.Form method="post" className="grid gap-4">
            <input type="hidden" name="intent" value="confirm-2fa" />
            <Field
              label="Code from the app"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
            />
            <button
              type="submit"
              className={`${primaryButtonClass} justify-self-start`}
              disabled={fetcher.state !== 'idle'}
            >
              Turn on
            </button>
          </fetcher.Form>
        </div>
      ) : (
        <fetcher.Form method="post" className="grid gap-4">
          <p>Off. Add a second step to sign-in with an authenticator app.</p>
          <input type="hidden" name="intent" value="enable-2fa" />
          <PasswordField
            label="Current Password"
            name="currentPassword"
            autoComplete="current-password"
            required
          />
          <button
            type="submit"
            className={`${primaryButtonClass} justify-self-start`}
            disabled={fetcher.state !== 'idle'}
          >
            Set up two-factor authentication
          </button>
        </fetcher.Form>
      )}
    </div>
  );
}
