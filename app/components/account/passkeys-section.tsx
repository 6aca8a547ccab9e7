/** docs/requirements.md §19: the viewer's own passkeys on /dashboard/security, to add and remove. */
import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { errorToast } from '../../../core/community/answer';
import {
  ADD_PASSKEY_LABEL,
  PASSKEY_CURRENT_PASSWORD_LABEL,
  PASSKEY_NAME_LABEL,
  PASSKEY_PASSWORD_OR_CODE_LABEL,
  passkeyAddedOn,
  passkeyToasts,
  UNNAMED_PASSKEY,
} from '../../../core/identity/passkey-texts';
import type { PasskeyView } from '../../../server/modules/identity/passkeys';
import { DocumentAnswer, useAnswerForm } from '../forms/answer-form';
import { cardClass } from './security-card';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../ui/classes';
import { toast } from '../ui/toast-store';

/**
 * docs/decisions/022: the account's passkeys, with "Add a passkey" (a WebAuthn ceremony in the browser,
 * its code fetched on the tap) and a removal per passkey (a form post, as the other settings).
 */
export function Passkeys({
  passkeys,
  twoFactorEnabled,
}: {
  passkeys: PasskeyView[];
  twoFactorEnabled: boolean;
}) {
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  // One fetcher for the removals, kept by the section: a removed passkey's row is gone when its
  // answer's toast is due.
  const removal = useAnswerForm({
    schema: () =>
      import('../../../core/identity/passkeys').then((module) => module.removePasskeySchema),
    intent: 'remove-passkey',
    invalidToast: errorToast,
  });
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get('name') ?? '');
    setBusy(true);
    try {
      const [{ addPasskey }, { passkeyReauthenticationSchema }] = await Promise.all([
        import('./passkey-client'),
        import('../../../core/identity/passkeys'),
      ]);
      // docs/decisions/022 (amended): the server asks for it again before the ceremony.
      const confirmed = passkeyReauthenticationSchema.safeParse({
        currentPassword: data.get('currentPassword') ?? '',
      });
      if (!confirmed.success) {
        toast(passkeyToasts.notAdded(confirmed.error.issues[0]?.message ?? ''));
        return;
      }
      const outcome = await addPasskey(name, confirmed.data.currentPassword);
      if (!outcome.ok) {
        toast(passkeyToasts.notAdded(outcome.message));
        return;
      }
      form.reset();
      toast(passkeyToasts.added);
      await revalidate();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="passkeys-heading" className={cardClass}>
      <h2 id="passkeys-heading" className="font-display text-2xl font-semibold">
        Passkeys
      </h2>
      <p>
        Sign in with your fingerprint, face or screen lock instead of a password. A passkey is also
        your second step: it signs you in without a code from your authenticator app.
      </p>
      <DocumentAnswer answer={removal.documentAnswer} />
      {passkeys.length > 0 ? (
        <ul aria-label="Your passkeys" className="grid gap-2">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} fetcher={removal.fetcher} />
          ))}
        </ul>
      ) : (
        <p className="text-ink-muted">You have not added a passkey yet.</p>
      )}
      <form onSubmit={(event) => void add(event)} className="grid gap-3">
        <label className="grid gap-1">
          <span className="font-medium">{PASSKEY_NAME_LABEL}</span>
          <input
            name="name"
            maxLength={100}
            placeholder="e.g. My phone"
            autoComplete="off"
            className={inputClass}
          />
        </label>
        <label className="grid gap-1">
          <span className="font-medium">
            {twoFactorEnabled ? PASSKEY_PASSWORD_OR_CODE_LABEL : PASSKEY_CURRENT_PASSWORD_LABEL}
          </span>
          <input
            name="currentPassword"
            type="password"
            required
            autoComplete="current-password"
            className={inputClass}
          />
        </label>
        <button
          type="submit"
          className={`${primaryButtonClass} justify-self-start`}
          disabled={busy}
        >
          {busy ? 'Waiting for your device…' : ADD_PASSKEY_LABEL}
        </button>
      </form>
    </section>
  );
}

function PasskeyRow({
  passkey,
  fetcher,
}: {
  passkey: PasskeyView;
  fetcher: ReturnType<typeof useAnswerForm>['fetcher'];
}) {
  const name = passkey.name ?? UNNAMED_PASSKEY;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-stone/70 p-3">
      <div>
        <p className="font-medium">{name}</p>
        <p className="text-sm text-ink-muted">{passkeyAddedOn(passkey.addedAt)}</p>
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="remove-passkey" />
        <input type="hidden" name="passkeyId" value={passkey.id} />
        <button
          type="submit"
          className={secondaryButtonClass}
          aria-label={`Remove passkey ${name}`}
          disabled={fetcher.state !== 'idle'}
        >
          Remove
        </button>
      </fetcher.Form>
    </li>
  );
}
