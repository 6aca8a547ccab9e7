import { LogOut } from '../ui/icons';
import { useFetcher } from 'react-router';
import { announceAuthChange } from './auth-sync';

/** The header's sign-out: a form, so it works without JavaScript too (app/routes/auth.sign-out.ts). */
export function SignOutButton() {
  const fetcher = useFetcher();
  return (
    <form
      method="post"
      action="/auth/sign-out"
      onSubmit={(event) => {
        event.preventDefault();
        // The action answers with a redirect home; once it is done, the other tabs follow. Told
        // when the submission settles, not from a drawn fetcher state: React may draw a router
        // update's states in one batch, and the signed-out page no longer draws this button
        // (docs/decisions/029).
        void fetcher.submit(event.currentTarget).then(announceAuthChange);
      }}
    >
      <button
        type="submit"
        aria-label="Sign out"
        title="Sign out"
        className="rounded-full p-2 hover:bg-sand"
        disabled={fetcher.state !== 'idle'}
      >
        <LogOut aria-hidden="true" className="h-5 w-5" />
      </button>
    </form>
  );
}
