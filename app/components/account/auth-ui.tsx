/** The identity screens' shared pieces: their answers, toasts and frame. */
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { identityToasts } from '../../../core/identity';
import { toast, type ToastInput } from '../ui/toast-store';
import { useOnAnswer } from '../ui/use-answer';
import { announceAuthChange } from './auth-context';

/**
 * A sign-up does not sign in (issue 14, docs/decisions/011): its answer is the same whether the
 * address was new or had an account, and the user signs in next.
 */
export type AuthAnswer =
  | { status: 'signed-in'; redirectTo: string }
  | { status: 'signed-up'; email: string }
  | { status: 'error'; toast: ToastInput };

/** The first problem of a sign-up form as spec §8's toast. */
export function signUpProblem(
  issues: readonly { path: PropertyKey[]; message: string }[],
): ToastInput {
  const issue = issues[0];
  const field = issue?.path[0];
  if (field === 'email') return { ...identityToasts.invalidEmail, variant: 'destructive' };
  if (field === 'confirmPassword') {
    return { ...identityToasts.passwordMismatch, variant: 'destructive' };
  }
  if (field === 'password') {
    return { ...identityToasts.passwordRules, description: issue?.message, variant: 'destructive' };
  }
  return { ...identityToasts.signUpError, description: issue?.message, variant: 'destructive' };
}

/** What the toast says after an answer; also shown in the page when JavaScript is off. */
export function answerToast(answer: AuthAnswer): ToastInput {
  if (answer.status === 'error') return answer.toast;
  return answer.status === 'signed-in' ? identityToasts.signedIn : identityToasts.signedUp;
}

/**
 * Shows the toast of each answer; after a sign-in goes where the user was heading, after a
 * sign-up hands the address on (the page offers to sign in with it).
 */
export function useAuthAnswer(
  answer: AuthAnswer | undefined,
  onSignedUp?: (email: string) => void,
) {
  const navigate = useNavigate();
  useOnAnswer(answer, (outcome) => {
    toast(answerToast(outcome));
    if (outcome.status === 'signed-in') {
      announceAuthChange();
      void navigate(outcome.redirectTo);
    }
    if (outcome.status === 'signed-up') onSignedUp?.(outcome.email);
  });
}

/** Without JavaScript the answer comes back as the page; it says the same as the toast would. */
export function DocumentAnswer({ answer }: { answer: AuthAnswer | undefined }) {
  if (!answer) return null;
  const shown = answerToast(answer);
  return (
    <div
      role={answer.status === 'error' ? 'alert' : 'status'}
      className="mb-4 rounded-xl bg-sand p-3"
    >
      <p className="font-medium">{shown.title}</p>
      {shown.description ? <p>{shown.description}</p> : null}
      {answer.status === 'signed-in' ? (
        <Link to={answer.redirectTo} className="mt-2 inline-block underline">
          Continue
        </Link>
      ) : null}
    </div>
  );
}

export function AuthShell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <Link to="/" className="inline-flex items-center gap-1 text-sm hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to Home
      </Link>
      <h1 className="mt-6 font-display text-3xl font-semibold">{title}</h1>
      <div className="mt-6 rounded-2xl border border-stone/70 bg-white/60 p-6">{children}</div>
    </section>
  );
}
