/**
 * docs/requirements.md §7 Identity: the TOTP second factor on /dashboard/security: turning it on
 * (the QR code, its key and the backup codes, then a code from the app) or off, each after the
 * current password.
 */
import { useState } from 'react';
import { getFormProps } from '../forms/lazy-form';
import { errorToast } from '../../../core/community/answer';
import {
  answerData,
  DocumentAnswer,
  FormField,
  FormPasswordField,
  useAnswerForm,
  useDocumentAnswer,
} from '../forms/answer-form';
import { primaryButtonClass, secondaryButtonClass } from '../ui/classes';

/** What the page shows while TOTP is being set up: the QR code, its key and the backup codes. */
export interface TotpEnrolmentView {
  qrSvg: string;
  secret: string;
  backupCodes: string[];
}

export function TwoFactor({ enabled }: { enabled: boolean }) {
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
    schema: () =>
      import('../../../core/identity/identity').then((module) => module.currentPasswordSchema),
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
    schema: () =>
      import('../../../core/identity/identity').then((module) => module.confirmTotpSchema),
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
