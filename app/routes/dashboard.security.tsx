import { Link, redirect } from 'react-router';
import { renderSVG } from 'uqr';
import {
  changeEmailSchema,
  changePasswordSchema,
  confirmTotpSchema,
  currentPasswordSchema,
} from '../../core/identity/identity';
import { passkeyToasts } from '../../core/identity/passkey-texts';
import { removePasskeySchema } from '../../core/identity/passkeys';
import { securityToasts } from '../../core/identity/security-texts';
import { dashboardSecurityQuerySchema, parseRouteQuery } from '../../core/forms/route-query';
import { intentConstraints } from '../../server/http/form-constraints';
import { answerAction, intent, pageData } from '../../server/http/answer';
import { appContext, type AppContext } from '../../server/http/app-context';
import { authActionHeaders } from '../../server/http/auth-call';
import {
  changeEmail,
  changePassword,
  confirmTotp,
  disableTotp,
  startTotpEnrolment,
} from '../../server/modules/identity';
import { listOwnPasskeys, removeOwnPasskey } from '../../server/modules/identity/passkeys';
import { ChangeEmail } from '../components/account/change-email-form';
import { ChangePassword, passwordProblem } from '../components/account/change-password-form';
import { Passkeys } from '../components/account/passkeys-section';
import { TwoFactor, type TotpEnrolmentView } from '../components/account/two-factor-section';
import { pageMeta } from '../components/layout/simple-page';
import type { Route } from './+types/dashboard.security';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Password and security', undefined, { noindex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, auth } = context.get(appContext);
  const signIn = '/auth?redirectTo=%2Fdashboard%2Fsecurity';
  if (!viewer) throw redirect(signIn);
  // Better Auth sends the change-email link back here with ?error=… when it could not be used.
  const { error: emailLinkFailed } = parseRouteQuery(
    dashboardSecurityQuerySchema,
    new URL(request.url).searchParams,
  );
  return {
    email: viewer.email,
    twoFactorEnabled: viewer.twoFactorEnabled,
    // docs/requirements.md §19: the viewer's own passkeys, read with the request's own session.
    // Better Auth reads the session again: one that ended since the viewer was read signs in anew.
    passkeys: await pageData(
      () => listOwnPasskeys(auth, { headers: request.headers, replyHeaders: new Headers() }),
      ['not_found'],
      signIn,
    ),
    emailLinkFailed,
    formConstraints: intentConstraints(securityIntents),
  };
}

/**
 * Changing the password or the e-mail, and adding or removing TOTP, each ask for the current
 * password first (reauthentication), checked by Better Auth.
 */
const securityIntents = {
  'change-password': intent({
    schema: changePasswordSchema,
    run: (fields, { app, request, replyHeaders }) =>
      changePassword(app.auth, { headers: request.headers, replyHeaders }, fields),
    success: securityToasts.passwordChanged,
    invalid: (messages) => passwordProblem(messages[0] ?? ''),
  }),
  'change-email': intent({
    schema: changeEmailSchema,
    run: (fields, { app, request, replyHeaders }) =>
      changeEmail(app.auth, { headers: request.headers, replyHeaders }, fields),
    success: ({ email }) => securityToasts.emailChangeSent(email),
  }),
  'enable-2fa': intent({
    schema: currentPasswordSchema,
    run: (fields, { app, request, replyHeaders }) =>
      startTotpEnrolment(app.auth, { headers: request.headers, replyHeaders }, fields),
    success: null,
    data: ({ totpURI, secret, backupCodes }): TotpEnrolmentView => ({
      qrSvg: renderSVG(totpURI),
      secret,
      backupCodes,
    }),
  }),
  'confirm-2fa': intent({
    schema: confirmTotpSchema,
    run: (fields, { app, request, replyHeaders }) =>
      confirmTotp(app.auth, { headers: request.headers, replyHeaders }, fields),
    success: securityToasts.totpOn,
  }),
  'disable-2fa': intent({
    schema: currentPasswordSchema,
    run: (fields, { app, request, replyHeaders }) =>
      disableTotp(app.auth, { headers: request.headers, replyHeaders }, fields),
    success: securityToasts.totpOff,
  }),
  // docs/requirements.md §19: only ever one of the actor's own passkeys (server/modules/identity/passkeys.ts).
  'remove-passkey': intent({
    schema: removePasskeySchema,
    run: (fields, { app, request, replyHeaders }) =>
      removeOwnPasskey(app.auth, { headers: request.headers, replyHeaders }, fields),
    success: passkeyToasts.removed,
  }),
};

/** A visitor is sent to sign in before the body is read, as the page itself does. */
function signedInOnly(app: AppContext) {
  if (!app.viewer) throw redirect('/auth');
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerAction(
    { request, params, context },
    { guard: signedInOnly, intents: securityIntents },
    context.get(appContext),
  );
}

export const headers = authActionHeaders;

export default function Security({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-10 px-4 py-12">
      <div>
        <Link to="/dashboard" className="inline-block py-0.5 text-sm underline">
          Back to My Account
        </Link>
        <h1 className="mt-4 font-display text-4xl font-semibold">Password and security</h1>
      </div>
      <ChangePassword />
      <ChangeEmail email={loaderData.email} linkFailed={loaderData.emailLinkFailed} />
      <TwoFactor enabled={loaderData.twoFactorEnabled} />
      <Passkeys passkeys={loaderData.passkeys} twoFactorEnabled={loaderData.twoFactorEnabled} />
    </section>
  );
}
