/**
 * docs/requirements.md §7 Identity: the change-password card of /dashboard/security; the current
 * password first, then the new one against the sign-up rules.
 */
import { getFormProps } from '../forms/lazy-form';
import { passwordFormProblemToast } from '../../../core/identity/password-rules';
import { DocumentAnswer, FormPasswordField, useAnswerForm } from '../forms/answer-form';
import { PasswordRuleChecks } from './password-rules';
import { cardClass } from './security-card';
import { primaryButtonClass } from '../ui/classes';

// spec §8: a password rule or the mismatch under its own title, anything else as "Error"
export const passwordProblem = (message: string) => passwordFormProblemToast(message, 'Error');

export function ChangePassword() {
  const { fetcher, form, fields, documentAnswer } = useAnswerForm({
    schema: () =>
      import('../../../core/identity/identity').then((module) => module.changePasswordSchema),
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
