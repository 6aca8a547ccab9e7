import { LogOut } from '../ui/icons';
import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { announceAuthChange } from './auth-sync';

/** The header's sign-out: a form, so it works without JavaScript too (app/routes/auth.sign-out.ts). */
export function SignOutButton() {
  const fetcher = useFetcher();
  const done = fetcher.state === 'loading';
  useEffect(() => {
    // The action answers with a redirect home; the other tabs follow.
    if (done) announceAuthChange();
  }, [done]);
  return (
    <fetcher.Form method="post" action="/auth/sign-out">
      <button
        type="submit"
        aria-label="Sign out"
        title="Sign out"
        className="rounded-full p-2 hover:bg-sand"
        disabled={fetcher.state !== 'idle'}
      >
        <LogOut aria-hidden="true" className="h-5 w-5" />
      </button>
    </fetcher.Form>
  );
}
