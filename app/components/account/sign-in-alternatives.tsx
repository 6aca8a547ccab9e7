/**
 * The sign-in form's other ways in: a passkey in one tap (docs/decisions/022), the reset of a forgotten
 * password and a one-time code. Deferred on /auth (ui/deferred.tsx): its links work before its
 * code is in, and the passkey button's own code is fetched only when it is pressed.
 */
import { Link } from 'react-router';
import { PasskeySignIn } from './passkey-sign-in';

export function SignInAlternatives({ redirectTo }: { redirectTo: string }) {
  return (
    <>
      <PasskeySignIn redirectTo={redirectTo} />
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Link to="/auth/forgot-password" className="py-0.5 underline">
          Forgot your password?
        </Link>
        <Link
          to={`/auth/code?redirectTo=${encodeURIComponent(redirectTo)}`}
          className="py-0.5 underline"
        >
          Sign in with a one-time code
        </Link>
      </div>
    </>
  );
}
