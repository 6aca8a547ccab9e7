/**
 * docs/requirements.md §19: "Sign in with a passkey" on the sign-in form, one tap. The WebAuthn code is not in
 * the page's first load (decision 020's budget, docs/decisions/022): it is fetched when the button
 * is pressed (from the pointer's press or the keyboard's focus, so it is usually in by the click).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { identityToasts } from '../../../core/identity/identity-texts';
import {
  PASSKEY_SIGN_IN_LABEL,
  passkeyProblems,
  passkeyToasts,
} from '../../../core/identity/passkey-texts';
import { secondaryButtonClass } from '../ui/classes';
import { followNavigation } from '../ui/follow-navigation';
import { toast } from '../ui/toast-store';
import { announceAuthChange } from './auth-sync';

let passkeyCode: ReturnType<typeof importPasskeyCode> | undefined;
const importPasskeyCode = () => import('./passkey-client');
const loadPasskeyCode = () => (passkeyCode ??= importPasskeyCode());

export function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const signIn = async () => {
    setBusy(true);
    try {
      const outcome = await (await loadPasskeyCode()).signInWithPasskey();
      if (!outcome.ok) {
        toast(passkeyToasts.signInFailed(outcome.message));
        return;
      }
      toast(identityToasts.signedIn);
      announceAuthChange();
      followNavigation(navigate(redirectTo));
    } catch {
      // The code could not be fetched (offline, a new deploy).
      passkeyCode = undefined;
      toast(passkeyToasts.signInFailed(passkeyProblems.notLoaded));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={secondaryButtonClass}
      disabled={busy}
      onPointerDown={() => void loadPasskeyCode()}
      onFocus={() => void loadPasskeyCode()}
      onClick={() => void signIn()}
    >
      {busy ? 'Waiting for your passkey…' : PASSKEY_SIGN_IN_LABEL}
    </button>
  );
}
