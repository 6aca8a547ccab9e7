/**
 * docs/decisions/022: the browser's half of passkeys, Better Auth's client with its passkey plugin
 * (@simplewebauthn/browser inside). Never in a page's first load: the sign-in page and the
 * security page import it when the visitor taps their passkey button (docs/decisions/022).
 */
import { passkeyClient } from '@better-auth/passkey/client';
import { createAuthClient } from 'better-auth/client';
import { passkeyProblems } from '../../../core/identity/passkey-texts';

/** The step before adding a passkey (server/auth/passkey-guard.ts). */
const PASSKEY_REAUTHENTICATION_PATH = '/passkey/reauthenticate';

/** The start of a passkey sign-in, which the server takes as a POST (server/auth/index.ts). */
const SIGN_IN_OPTIONS_PATH = '/passkey/generate-authenticate-options';

const client = createAuthClient({
  baseURL: window.location.origin,
  basePath: '/api/auth',
  plugins: [passkeyClient()],
  // The pages read the session on the server; this client only runs the ceremonies.
  sessionOptions: { refetchOnWindowFocus: false },
  fetchOptions: {
    // docs/requirements.md §14: it stores a challenge, and a GET never writes. The plugin's
    // client asks with GET; the same call goes as a POST.
    onRequest: (request) =>
      new URL(String(request.url), window.location.origin).pathname.endsWith(SIGN_IN_OPTIONS_PATH)
        ? { ...request, method: 'POST' }
        : request,
  },
});

export type PasskeyOutcome = { ok: true } | { ok: false; message: string };

interface ClientError {
  code?: string;
  message?: string;
  status?: number;
}

/** The cancellations of @simplewebauthn/browser (WebAuthnError codes) and of the plugin. */
const CANCELLED = new Set(['AUTH_CANCELLED', 'ERROR_CEREMONY_ABORTED', 'REGISTRATION_CANCELLED']);

/** The refusal as the visitor should read it. */
function problemOf(error: ClientError): string {
  if (error.code === 'PASSKEY_NOT_FOUND') return passkeyProblems.unknown;
  if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return passkeyProblems.alreadyAdded;
  }
  // The browser refused or the person dismissed its prompt (WebAuthnError codes are ERROR_*).
  if (error.code && (CANCELLED.has(error.code) || error.code.startsWith('ERROR_'))) {
    return passkeyProblems.cancelled;
  }
  // Our own refusals (a device that did not check its owner, too many attempts) say it already.
  if ([400, 401, 403, 429].includes(error.status ?? 0)) {
    return error.message || passkeyProblems.failed;
  }
  return passkeyProblems.failed;
}

function supported(): boolean {
  return typeof window.PublicKeyCredential === 'function';
}

/** Signs in with a passkey of this device (a discoverable one: no e-mail typed first). */
export async function signInWithPasskey(): Promise<PasskeyOutcome> {
  if (!supported()) return { ok: false, message: passkeyProblems.unsupported };
  const { error } = await client.signIn.passkey();
  return error ? { ok: false, message: problemOf(error) } : { ok: true };
}

/**
 * Adds a passkey to the signed-in account, named as its owner typed (or unnamed): the current
 * password (or authenticator code) first, which the server requires before the ceremony
 * (server/auth/passkey-guard.ts).
 */
export async function addPasskey(name: string, currentPassword: string): Promise<PasskeyOutcome> {
  if (!supported()) return { ok: false, message: passkeyProblems.unsupported };
  const reauthenticated = await client.$fetch(PASSKEY_REAUTHENTICATION_PATH, {
    method: 'POST',
    body: { currentPassword },
  });
  if (reauthenticated.error) {
    return { ok: false, message: reauthenticated.error.message || passkeyProblems.failed };
  }
  const trimmed = name.trim();
  const { error } = await client.passkey.addPasskey(trimmed ? { name: trimmed } : {});
  return error ? { ok: false, message: problemOf(error) } : { ok: true };
}
