import { getFormProps } from '../components/forms/lazy-form';
import { useState, type FormEvent } from 'react';
import { Link, redirect, useRevalidator } from 'react-router';
import { renderSVG } from 'uqr';
import { errorToast } from '../../core/answer';
import {
  changeEmailSchema,
  changePasswordSchema,
  confirmTotpSchema,
  currentPasswordSchema,
} from '../../core/identity';
import { passwordFormProblemToast } from '../../core/password-rules';
import {
  ADD_PASSKEY_LABEL,
  PASSKEY_CURRENT_PASSWORD_LABEL,
  PASSKEY_NAME_LABEL,
  PASSKEY_PASSWORD_OR_CODE_LABEL,
  passkeyAddedOn,
  passkeyToasts,
  UNNAMED_PASSKEY,
} from '../../core/passkey-texts';
import { removePasskeySchema } from '../../core/passkeys';
import { securityToasts } from '../../core/security-texts';
import { dashboardSecurityQuerySchema, parseRouteQuery } from '../../core/route-query';
import { intentConstraints } from '../../server/http/form-constraints';
import { answerAction, intent, pageData } from '../../server/http/answer';
import { appContext, type AppContext } from '../../server/http/app-context';
import { authActionHeaders } from '../../server/http/auth-call';
import {
  changeEmail,
  changePassword,
  confirmTotp,
  disableTotp,
  startTotpEnrolment,
} from '../../server/modules/identity';
import {
  listOwnPasskeys,
  removeOwnPasskey,
  type PasskeyView,
} from '../../server/modules/identity/passkeys';
import {
  answerData,
  DocumentAnswer,
  FormField,
  FormPasswordField,
  useAnswerForm,
  useDocumentAnswer,
} from '../components/account/answer-form';
import { PasswordRuleChecks } from '../components/account/password-rules';
import { pageMeta } from '../components/layout/simple-page';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../components/ui/classes';
import { toast } from '../components/ui/toast-store';
import type { Route } from './+types/dashboard.security';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Password and security', undefined, { noindex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, auth } = context.get(appContext);
  const signIn = '/auth?redirectTo=%2Fdashboard%2Fsecurity';
  if (!viewer) throw redirect(signIn);
  // Better Auth sends the change-email link back here with ?error=… when it could not be used.
  const { error: emailLinkFailed } = parseRouteQuery(
    dashboardSecurityQuerySchema,
    new URL(request.url).searchParams,
  );
  return {
    email: viewer.email,
    twoFactorEnabled: viewer.twoFactorEnabled,
    // docs/requirements.md §19: the viewer's own passkeys, read with the request's own session.
    // Better Auth reads the session again: one that ended since the viewer was read signs in anew.
    passkeys: await pageData(
      () => listOwnPasskeys(auth, { headers: request.headers, replyHeaders: new Headers() }),
      ['not_found'],
      signIn,
    ),
    emailLinkFailed,
    formConstraints: intentConstraints(securityIntents),
  };
}

/** What the page shows while TOTP is being set up: the QR code, its key and the backup codes. */
export interface TotpEnrolmentView {
  qrSvg: string;
  secret: string;
  backupCodes: string[];
}

// spec §8: a password rule or the mismatch under its own title, anything else as "Error"
const passwordProblem = (message: string) => passwordFormProblemToast(message, 'Error');

/**
 * Changing the password or the e-mail, and adding or removing TOTP, each ask for the current
 * password first (reauthentication), checked by Better Auth.
 */
const securityIntents = {
  'change-password': intent({
    schema: changePasswordSchema,
    run: (fields, { app, request, replyHeaders }) =>
      changePassword(app.auth, { headers: request.headers, replyHeaders }, fields),
    success: securityToasts.passwordChanged,
    invalid: (messages) => passwordProblem(messages[0] ?? ''),
  }),
  'change-email': intent({
    schema: changeEmailSchema,
    run: (fields, { app, request, replyHeaders }) =>
      changeEmail(app.auth, { headers: request.headers, replyHeaders }, fields),
    success: ({ email }) => securityToasts.emailChangeSent(email),
  }),
  'enable-2fa': intent({
    schema: currentPasswordSchema,
    run: (fields, { app, request, replyHeaders }) =>
      startTotpEnrolment(app.auth, { headers: request.headers, replyHeaders }, fields),
    success: null,
    data: ({ totpURI, secret, backupCodes }): TotpEnrolmentView => ({
      qrSvg: renderSVG(totpURI),
      secret,
      backupCodes,
    }),
  }),
  'confirm-2fa': intent({
    schema: confirmTotpSchema,
    run: (fields, { app, request, replyHeaders }) =>
      confirmTotp(app.auth, { headers: request.headers, replyHeaders }, fields),
    success: securityToasts.totpOn,
  }),
  'disable-2fa': intent({
    schema: currentPasswordSchema,
    run: (fields, { app, request, replyHeaders }) =>
      disableTotp(app.auth, { headers: request.headers, replyHeaders }, fields),
    success: securityToasts.totpOff,
  }),
  // docs/requirements.md §19: only ever one of the actor's own passkeys (server/modules/identity/passkeys.ts).
  'remove-passkey': intent({
    schema: removePasskeySchema,
    run: (fields, { app, request, replyHeaders }) =>
      removeOwnPasskey(app.auth, { headers: request.headers, replyHeaders }, fields),
    success: passkeyToasts.removed,
  }),
};

/** A visitor is sent to sign in before the body is read, as the page itself does. */
function signedInOnly(app: AppContext) {
  if (!app.viewer) throw redirect('/auth');
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerAction(
    { request, params, context },
    { guard: signedInOnly, intents: securityIntents },
    context.get(appContext),
  );
}

export const headers = authActionHeaders;

export default function Security({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-10 px-4 py-12">
      <div>
        <Link to="/dashboard" className="inline-block py-0.5 text-sm underline">
          Back to My Account
        </Link>
        <h1 className="mt-4 font-display text-4xl font-semibold">Password and security</h1>
      </div>
      <ChangePassword />
      <ChangeEmail email={loaderData.email} linkFailed={loaderData.emailLinkFailed} />
      <TwoFactor enabled={loaderData.twoFactorEnabled} />
      <Passkeys passkeys={loaderData.passkeys} twoFactorEnabled={loaderData.twoFactorEnabled} />
    </section>
  );
}

const cardClass = 'grid gap-4 rounded-2xl border border-stone/70 bg-white p-6';

function ChangePassword() {
  const { fetcher, form, fields, documentAnswer } = useAnswerForm({
    schema: () => import('../../core/identity').then((module) => module.changePasswordSchema),
    intent: 'change-password',
    invalidToast: passwordProblem,
  });
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className={cardClass}
    >
      <h2 className="font-display text-2xl font-semibold">Change password</h2>
      <DocumentAnswer answer={documentAnswer} />
      <input type="hidden" name="intent" value="change-password" />
      <FormPasswordField
        meta={fields.currentPassword}
        label="Current Password"
        autoComplete="current-password"
      />
      <FormPasswordField meta={fields.password} label="New Password" autoComplete="new-password" />
      <PasswordRuleChecks password={fields.password.value ?? ''} />
      <FormPasswordField
        meta={fields.confirmPassword}
        label="Confirm New Password"
        autoComplete="new-password"
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
  const { fetcher, form, fields, documentAnswer } = useAnswerForm({
    schema: () => import('../../core/identity').then((module) => module.changeEmailSchema),
    intent: 'change-email',
    invalidToast: errorToast,
  });
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className={cardClass}
    >
      <h2 className="font-display text-2xl font-semibold">Change e-mail</h2>
      <p className="text-ink-muted">You sign in with {email}.</p>
      {linkFailed ? (
        <p role="alert" className="text-danger">
          That link to change your e-mail has expired or was already used. Please ask for a new one.
        </p>
      ) : null}
      <DocumentAnswer answer={documentAnswer} />
      <input type="hidden" name="intent" value="change-email" />
      <FormField meta={fields.email} label="New Email" type="email" autoComplete="email" />
      <FormPasswordField
        meta={fields.currentPassword}
        label="Current Password"
        autoComplete="current-password"
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
  const documentEnrolment = useDocumentAnswer('enable-2fa');
  // Without JavaScript the page that answers a confirmation or a removal says how it went.
  const confirmed = useDocumentAnswer('confirm-2fa');
  const removed = useDocumentAnswer('disable-2fa');
  const settled = [confirmed, removed].find((answer) => answer?.status === 'ok');
  const [enrolment, setEnrolment] = useState<TotpEnrolmentView | null>(
    documentEnrolment?.status === 'ok' ? (documentEnrolment.data as TotpEnrolmentView) : null,
  );
  return (
    <div className="grid gap-4 rounded-2xl border border-stone/70 bg-white p-6">
      <h2 className="font-display text-2xl font-semibold">Two-factor authentication</h2>
      {enrolment ? null : <DocumentAnswer answer={settled} />}
      {enabled && !enrolment ? (
        <PasswordStep
          intent="disable-2fa"
          lead="On: sign-ins ask for a code from your authenticator app."
          submit="Remove two-factor authentication"
          submitClass={secondaryButtonClass}
        />
      ) : enrolment ? (
        <Enrolment enrolment={enrolment} onConfirmed={() => setEnrolment(null)} />
      ) : (
        <PasswordStep
          intent="enable-2fa"
          lead="Off. Add a second step to sign-in with an authenticator app."
          submit="Set up two-factor authentication"
          submitClass={primaryButtonClass}
          onEnrolling={setEnrolment}
        />
      )}
    </div>
  );
}

/** Turning TOTP on or off: the current password first. */
function PasswordStep({
  intent: formIntent,
  lead,
  submit,
  submitClass,
  onEnrolling,
}: {
  intent: 'enable-2fa' | 'disable-2fa';
  lead: string;
  submit: string;
  submitClass: string;
  onEnrolling?(enrolment: TotpEnrolmentView): void;
}) {
  const { fetcher, form, fields, documentAnswer } = useAnswerForm({
    schema: () => import('../../core/identity').then((module) => module.currentPasswordSchema),
    intent: formIntent,
    invalidToast: errorToast,
    onSuccess: (answer) => {
      const enrolment = answerData<TotpEnrolmentView>(answer);
      // Only the enrolment's own answer carries the key and codes. The removal's answer settles
      // once the page knows TOTP is off, when this step already shows the enrolment's form: the
      // same component, so its toast still shows, but it must not open an enrolment.
      if (answer.intent === 'enable-2fa' && enrolment.backupCodes) {
        onEnrolling?.(enrolment as TotpEnrolmentView);
      }
    },
  });
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="grid gap-4"
    >
      <p>{lead}</p>
      {documentAnswer?.status === 'ok' ? null : <DocumentAnswer answer={documentAnswer} />}
      <input type="hidden" name="intent" value={formIntent} />
      <FormPasswordField
        meta={fields.currentPassword}
        label="Current Password"
        autoComplete="current-password"
      />
      <button
        type="submit"
        className={`${submitClass} justify-self-start`}
        disabled={fetcher.state !== 'idle'}
      >
        {submit}
      </button>
    </fetcher.Form>
  );
}

function Enrolment({
  enrolment,
  onConfirmed,
}: {
  enrolment: TotpEnrolmentView;
  onConfirmed(): void;
}) {
  const { fetcher, form, fields, documentAnswer } = useAnswerForm({
    schema: () => import('../../core/identity').then((module) => module.confirmTotpSchema),
    intent: 'confirm-2fa',
    invalidToast: errorToast,
    onSuccess: onConfirmed,
  });
  return (
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
        <p className="text-sm text-ink-muted">Keep these somewhere safe; each signs you in once.</p>
        <ul aria-label="Backup codes" className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
          {enrolment.backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </div>
      <fetcher.Form
        method="post"
        {...getFormProps(form)}
        onSubmit={form.onSubmit}
        className="grid gap-4"
      >
        <DocumentAnswer answer={documentAnswer} />
        <input type="hidden" name="intent" value="confirm-2fa" />
        <FormField
          meta={fields.code}
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
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
  );
}

/**
 * docs/decisions/022: the account's passkeys, with "Add a passkey" (a WebAuthn ceremony in the browser,
 * its code fetched on the tap) and a removal per passkey (a form post, as the other settings).
 */
function Passkeys({
  passkeys,
  twoFactorEnabled,
}: {
  passkeys: PasskeyView[];
  twoFactorEnabled: boolean;
}) {
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  // One fetcher for the removals, kept by the section: a removed passkey's row is gone when its
  // answer's toast is due.
  const removal = useAnswerForm({
    schema: () => import('../../core/passkeys').then((module) => module.removePasskeySchema),
    intent: 'remove-passkey',
    invalidToast: errorToast,
  });
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get('name') ?? '');
    setBusy(true);
    try {
      const [{ addPasskey }, { passkeyReauthenticationSchema }] = await Promise.all([
        import('../components/account/passkey-client'),
        import('../../core/passkeys'),
      ]);
      // docs/decisions/022 (amended): the server asks for it again before the ceremony.
      const confirmed = passkeyReauthenticationSchema.safeParse({
        currentPassword: data.get('currentPassword') ?? '',
      });
      if (!confirmed.success) {
        toast(passkeyToasts.notAdded(confirmed.error.issues[0]?.message ?? ''));
        return;
      }
      const outcome = await addPasskey(name, confirmed.data.currentPassword);
      if (!outcome.ok) {
        toast(passkeyToasts.notAdded(outcome.message));
        return;
      }
      form.reset();
      toast(passkeyToasts.added);
      await revalidate();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="passkeys-heading" className={cardClass}>
      <h2 id="passkeys-heading" className="font-display text-2xl font-semibold">
        Passkeys
      </h2>
      <p>
        Sign in with your fingerprint, face or screen lock instead of a password. A passkey is also
        your second step: it signs you in without a code from your authenticator app.
      </p>
      <DocumentAnswer answer={removal.documentAnswer} />
      {passkeys.length > 0 ? (
        <ul aria-label="Your passkeys" className="grid gap-2">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} fetcher={removal.fetcher} />
          ))}
        </ul>
      ) : (
        <p className="text-ink-muted">You have not added a passkey yet.</p>
      )}
      <form onSubmit={(event) => void add(event)} className="grid gap-3">
        <label className="grid gap-1">
          <span className="font-medium">{PASSKEY_NAME_LABEL}</span>
          <input
            name="name"
            maxLength={100}
            placeholder="e.g. My phone"
            autoComplete="off"
            className={inputClass}
          />
        </label>
        <label className="grid gap-1">
          <span className="font-medium">
            {twoFactorEnabled ? PASSKEY_PASSWORD_OR_CODE_LABEL : PASSKEY_CURRENT_PASSWORD_LABEL}
          </span>
          <input
            name="currentPassword"
            type="password"
            required
            autoComplete="current-password"
            className={inputClass}
          />
        </label>
        <button
          type="submit"
          className={`${primaryButtonClass} justify-self-start`}
          disabled={busy}
        >
          {busy ? 'Waiting for your device…' : ADD_PASSKEY_LABEL}
        </button>
      </form>
    </section>
  );
}

function PasskeyRow({
  passkey,
  fetcher,
}: {
  passkey: PasskeyView;
  fetcher: ReturnType<typeof useAnswerForm>['fetcher'];
}) {
  const name = passkey.name ?? UNNAMED_PASSKEY;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-stone/70 p-3">
      <div>
        <p className="font-medium">{name}</p>
        <p className="text-sm text-ink-muted">{passkeyAddedOn(passkey.addedAt)}</p>
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="remove-passkey" />
        <input type="hidden" name="passkeyId" value={passkey.id} />
        <button
          type="submit"
          className={secondaryButtonClass}
          aria-label={`Remove passkey ${name}`}
          disabled={fetcher.state !== 'idle'}
        >
          Remove
        </button>
      </fetcher.Form>
    </li>
  );
}
