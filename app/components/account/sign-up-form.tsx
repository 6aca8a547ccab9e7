import { useEffect, useRef } from 'react';
import { answerData, FormField, FormPasswordField, useAnswerForm } from '../forms/answer-form';
import { PasswordRuleChecks } from './password-rules';
import { signUpProblem } from './sign-up-problem';
import { getFormProps } from '../forms/lazy-form';
import { primaryButtonClass } from '../ui/classes';

/** The Sign Up tab's form on /auth (spec §2 Auth); the page loads it apart (docs/decisions/020). */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { fetcher, form, fields } = useAnswerForm({
    schema: () => import('../../../core/identity/identity').then((module) => module.signUpSchema),
    intent: 'sign-up',
    invalidToast: signUpProblem,
    onSuccess: (answer) => onSignedUp(answerData<{ email: string }>(answer).email ?? ''),
  });
  return (
    <fetcher.Form
      method="post"
      action="/auth"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value="sign-up" />
      <FormField meta={fields.name} label="Full Name (optional)" autoComplete="name" />
      <FormField meta={fields.email} label="Email" type="email" autoComplete="email" />
      <FormPasswordField meta={fields.password} label="Password" autoComplete="new-password" />
      {/* spec §2 Auth: the rules are checked live as the password is typed */}
      <PasswordRuleChecks password={fields.password.value ?? ''} />
      <FormPasswordField
        meta={fields.confirmPassword}
        label="Confirm Password"
        autoComplete="new-password"
      />
      <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
        {fetcher.state !== 'idle' ? 'Creating account…' : 'Sign Up'}
      </button>
    </fetcher.Form>
  );
}

/**
 * docs/requirements.md §19: after a sign-up, spec §8's toast comes and goes; the page keeps saying where the
 * verification link went, in the same words whether or not the address had an account (docs/requirements.md §15).
 * Here, in the Sign Up form's deferred module, so that the page's first load does not carry it.
 */
export function SignUpLinkSent({ email }: { email: string }) {
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // docs/requirements.md §15: on a phone the form ends far below the top of the page, where
    // this appears; it is brought into view, and focus moves from the form's button to it.
    notice.current?.scrollIntoView({ block: 'center' });
    notice.current?.focus({ preventScroll: true });
  }, [email]);
  return (
    <p ref={notice} tabIndex={-1} role="status" className="mb-4 rounded-xl bg-sand p-3">
      We sent a link to {email}. Open it to verify your address.
    </p>
  );
}
