/**
 * docs/requirements.md §7 Identity: the change-e-mail card of /dashboard/security, and the note
 * when the link of an earlier change could not be used.
 */
import { getFormProps } from '../forms/lazy-form';
import { errorToast } from '../../../core/community/answer';
import { DocumentAnswer, FormField, FormPasswordField, useAnswerForm } from '../forms/answer-form';
import { cardClass } from './security-card';
import { primaryButtonClass } from '../ui/classes';

export function ChangeEmail({ email, linkFailed }: { email: string; linkFailed: boolean }) {
  const { fetcher, form, fields, documentAnswer } = useAnswerForm({
    schema: () =>
      import('../../../core/identity/identity').then((module) => module.changeEmailSchema),
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
