import { accountToasts } from '../../../core/account';
import { Field, primaryButtonClass } from '../ui/field';
import { useDashboardAction } from './dashboard-answer';

/** spec §2 Profile: display name and phone editable, the e-mail read-only. */
export function ProfileTab({
  profile,
}: {
  profile: { email: string; displayName: string | null; phone: string | null };
}) {
  const fetcher = useDashboardAction(accountToasts.profileUpdated);
  return (
    <fetcher.Form method="post" className="grid max-w-lg gap-4">
      <h2 className="font-display text-2xl font-semibold">Profile</h2>
      <input type="hidden" name="intent" value="update-profile" />
      <Field label="Email" value={profile.email} readOnly aria-readonly="true" disabled />
      <Field
        label="Display Name"
        name="displayName"
        defaultValue={profile.displayName ?? ''}
        autoComplete="name"
        maxLength={100}
      />
      <Field
        label="Phone"
        name="phone"
        type="tel"
        defaultValue={profile.phone ?? ''}
        autoComplete="tel"
        maxLength={20}
      />
      <button
        type="submit"
        className={`${primaryButtonClass} justify-self-start`}
        disabled={fetcher.state !== 'idle'}
      >
        {fetcher.state !== 'idle' ? 'Saving…' : 'Update Profile'}
      </button>
    </fetcher.Form>
  );
}
