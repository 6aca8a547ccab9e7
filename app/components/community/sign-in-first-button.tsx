import { useLocation } from 'react-router';
import { secondaryButtonClass } from '../ui/classes';
import { toast, type ToastInput } from '../ui/toast-store';

/**
 * "Write a Review" or "Ask a Question" for a signed-out visitor (spec §6): the sign-in toast
 * instead of the dialog. Without JavaScript, or before its section's code is in, the same button
 * signs in and comes back: one element either way, so a tap held for the code is done on it
 * (docs/decisions/029).
 */
export function SignInFirstButton({
  label,
  signInToast,
}: {
  label: string;
  signInToast: ToastInput;
}) {
  const location = useLocation();
  return (
    <form
      action="/auth"
      onSubmit={(event) => {
        event.preventDefault();
        toast(signInToast);
      }}
    >
      <input type="hidden" name="redirectTo" value={location.pathname} />
      <button type="submit" className={secondaryButtonClass}>
        {label}
      </button>
    </form>
  );
}
