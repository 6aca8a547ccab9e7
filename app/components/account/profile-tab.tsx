import { getFormProps } from '../forms/lazy-form';
import { errorToast } from '../../../core/community/answer';
import type { Profile } from '../../../server/modules/account';
import { Field, primaryButtonClass } from '../ui/field';
import { DocumentAnswer, FormField, useAnswerForm } from '../forms/answer-form';

/** spec §2 Profile: display name and phone editable, the e-mail read-only. */
export function ProfileTab({ profile }: { profile: Profile }) {
  const { fetcher, form, fields, documentAnswer } = useAnswerForm({
    schema: () => import('../../../core/identity/account').then((module) => module.profileSchema),
    intent: 'update-profile',
    invalidToast: errorToast,
  });
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="grid max-w-lg gap-4"
    >
      <h2 className="font-display text-2xl font-semibold">Profile</h2>
      <DocumentAnswer answer={documentAnswer} />
      <input type="hidden" name="intent" value="update-profile" />
      <Field label="Email" value={profile.email} readOnly aria-readonly="true" disabled />
      <FormField
        meta={fields.displayName}
        label="Display Name"
        defaultValue={fields.displayName.initialValue ?? profile.displayName ?? ''}
        autoComplete="name"
      />
      <FormField
        meta={fields.phone}
        label="Phone"
        type="tel"
        defaultValue={fields.phone.initialValue ?? profile.phone ?? ''}
        autoComplete="tel"
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
